//! pylibcudf's `nvtext.byte_pair_encode`: `BPEMergePairs` and `byte_pair_encoding`
//! (libcudf's `nvtext/byte_pair_encoding.hpp`).
//!
//! Every row starts as its characters; the adjacent pair of pieces with the smallest rank
//! (the row of `"left right"` in the merge-pairs column) is merged, again and again, until
//! no adjacent pair is ranked. The result is the row's pieces joined by the separator.
//! Spaces are characters like any other: unless a merge pair has them, they stay pieces of
//! their own (`"test sentence"` encodes to `"test   sent ence"` with libcudf's example
//! table).
//!
//! The merging follows libcudf's parallel schedule exactly (its `bpe_parallel_fn`), which
//! matters only for tables that are not ordered the way training orders them (a pair ranked
//! before a pair that creates one of its pieces):
//! - a row is first cut between two characters that are each in no merge pair alone
//!   (nothing can merge across them); each segment is merged on its own;
//! - a round takes the segment's smallest rank and merges every position holding it,
//!   except where the nearest ranked position before it (within the segment) holds the same
//!   rank (that one waits for the next round); the pairs around merged positions are then
//!   ranked anew.

use super::{check_strings, string_arg};
use crate::column::Column;
use crate::device::kernels::nvtext_tokenizers::{self as dev, DevicePairs};
use crate::error::{Error, Result};
use crate::ops::strings::{HostStrs, map_rows};
use crate::placement::use_device;
use crate::scalar::Scalar;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The rank of positions without a ranked pair.
const UNRANKED: i32 = i32::MAX;

/// libcudf's `bpe_merge_pairs`: the rank of a pair is its row in the merge-pairs column.
#[derive(Debug)]
pub struct BPEMergePairs {
    /// The rank of every pair by its left, then its right (looked up without copies).
    ranks: HashMap<Vec<u8>, HashMap<Vec<u8>, i32>>,
    /// The code points that are on their own the left or right of some pair, sorted.
    singles: Vec<u32>,
    size: usize,
    /// The pairs sorted by (left, right) for the device's binary search.
    left_chars: Vec<u8>,
    left_offsets: Vec<i64>,
    right_chars: Vec<u8>,
    right_offsets: Vec<i64>,
    sorted_ranks: Vec<i32>,
    /// The sorted pairs and the singles in device memory, uploaded on first use.
    device: Mutex<Option<Arc<dev::Uploaded>>>,
}

impl BPEMergePairs {
    /// Merge pairs from a STRING column (`TypeError` otherwise) of `"left right"` rows:
    /// split at the first space, ranked by row. `ValueError` when it is empty, has nulls or
    /// a row without a space (libcudf leaves such rows undefined). A repeated pair keeps
    /// its first rank.
    ///
    /// ```
    /// use ferrodf_core::interop::arrow::from_arrow;
    /// use ferrodf_core::ops::nvtext::byte_pair_encode::BPEMergePairs;
    /// let c = from_arrow(&arrow_array::StringArray::from(vec!["e n", "en t"])).unwrap();
    /// assert_eq!(BPEMergePairs::new(&c).unwrap().len(), 2);
    /// ```
    pub fn new(merge_pairs: &Column) -> Result<BPEMergePairs> {
        const NAME: &str = "byte_pair_encode.BPEMergePairs";
        check_strings(merge_pairs, NAME, "merge_pairs")?;
        if merge_pairs.size() == 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: merge_pairs must not be empty"
            )));
        }
        if merge_pairs.null_count()? > 0 {
            return Err(Error::value(format!(
                "nvtext.{NAME}: merge_pairs must not contain nulls"
            )));
        }
        let h = HostStrs::of(merge_pairs)?;
        let mut ranks: HashMap<Vec<u8>, HashMap<Vec<u8>, i32>> = HashMap::with_capacity(h.len());
        let mut singles = Vec::new();
        for i in 0..h.len() {
            let row = h.get(i);
            let Some((l, r)) = row.split_once(' ') else {
                return Err(Error::value(format!(
                    "nvtext.{NAME}: merge pair {i} ({row:?}) is not two strings separated by a space"
                )));
            };
            for part in [l, r] {
                let mut cs = part.chars();
                if let (Some(c), None) = (cs.next(), cs.next()) {
                    singles.push(c as u32);
                }
            }
            ranks
                .entry(l.as_bytes().to_vec())
                .or_default()
                .entry(r.as_bytes().to_vec())
                .or_insert(i as i32);
        }
        singles.sort_unstable();
        singles.dedup();
        let mut sorted: Vec<(&Vec<u8>, &Vec<u8>, i32)> = ranks
            .iter()
            .flat_map(|(l, rs)| rs.iter().map(move |(r, &v)| (l, r, v)))
            .collect();
        sorted.sort_unstable();
        let (mut left_chars, mut left_offsets) = (Vec::new(), vec![0i64]);
        let (mut right_chars, mut right_offsets) = (Vec::new(), vec![0i64]);
        for (l, r, _) in &sorted {
            left_chars.extend_from_slice(l);
            left_offsets.push(left_chars.len() as i64);
            right_chars.extend_from_slice(r);
            right_offsets.push(right_chars.len() as i64);
        }
        let sorted_ranks = sorted.iter().map(|e| e.2).collect();
        Ok(BPEMergePairs {
            ranks,
            singles,
            size: h.len(),
            left_chars,
            left_offsets,
            right_chars,
            right_offsets,
            sorted_ranks,
            device: Mutex::new(None),
        })
    }

    /// The pairs on the device (uploaded once).
    fn on_device(&self) -> Result<Arc<dev::Uploaded>> {
        let mut slot = self.device.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = slot.as_ref() {
            return Ok(m.clone());
        }
        let pairs = DevicePairs {
            left_chars: &self.left_chars,
            left_offsets: &self.left_offsets,
            right_chars: &self.right_chars,
            right_offsets: &self.right_offsets,
            ranks: &self.sorted_ranks,
        };
        let m = Arc::new(dev::upload_pairs(&pairs, &self.singles)?);
        *slot = Some(m.clone());
        Ok(m)
    }

    /// The number of merge pairs (rows of the column).
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether there are no pairs (never: construction requires one).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    fn rank(&self, left: &[u8], right: &[u8]) -> i32 {
        self.ranks
            .get(left)
            .and_then(|rs| rs.get(right))
            .copied()
            .unwrap_or(UNRANKED)
    }

    fn is_single(&self, c: char) -> bool {
        self.singles.binary_search(&(c as u32)).is_ok()
    }
}

/// Whether byte `b` starts a UTF-8 character.
#[inline]
fn starts_char(b: u8) -> bool {
    (b & 0xC0) != 0x80
}

/// The start of the piece after the one starting at `p` (`starts` marks piece starts).
fn next_piece(starts: &[u8], p: usize) -> usize {
    (p + 1..starts.len())
        .find(|&k| starts[k] != 0)
        .unwrap_or(starts.len())
}

/// The start of the piece holding byte `p`.
fn piece_at(starts: &[u8], mut p: usize) -> usize {
    while p > 0 && starts[p] == 0 {
        p -= 1;
    }
    p
}

/// Merge the segment `s` (the host twin of `nvt_bpe_segment` in
/// `cuda/nvtext_tokenizers.cu`): on return `starts[k] != 0` where a piece starts.
fn merge_segment(s: &[u8], mp: &BPEMergePairs, starts: &mut [u8], ranks: &mut [i32]) {
    let n = s.len();
    for k in 0..n {
        starts[k] = u8::from(starts_char(s[k]));
        ranks[k] = UNRANKED;
    }
    let mut rerank = vec![false; n];
    // the pair ending before every character but the first is ranked at that character
    let mut p = 0;
    while p < n {
        let q = next_piece(starts, p);
        if q < n {
            ranks[q] = mp.rank(&s[p..q], &s[q..next_piece(starts, q)]);
        }
        p = q;
    }
    let mut min = ranks.iter().copied().min().unwrap_or(UNRANKED);
    while min < UNRANKED {
        // merge every position of the smallest rank unless the ranked position before it
        // has that rank too (overlapping pairs: that one goes first)
        for p in 1..n {
            if ranks[p] == min {
                let mut q = p - 1;
                while q > 0 && ranks[q] == UNRANKED {
                    q -= 1;
                }
                if ranks[q] != min {
                    starts[p] = 0;
                }
            }
        }
        // the pieces before and after a merged position form new pairs
        for p in 1..n {
            if ranks[p] == min && starts[p] == 0 {
                let q = piece_at(starts, p - 1);
                if q > 0 {
                    rerank[q] = true;
                }
                let r = next_piece(starts, p);
                if r < n {
                    rerank[r] = true;
                }
                ranks[p] = UNRANKED;
            }
        }
        min = UNRANKED;
        for p in 0..n {
            if rerank[p] {
                rerank[p] = false;
                let q = piece_at(starts, p - 1);
                ranks[p] = mp.rank(&s[q..p], &s[p..next_piece(starts, p)]);
            }
            min = min.min(ranks[p]);
        }
    }
}

/// The pieces of row `s`: `starts[k] != 0` where a piece starts (`starts[0]` included).
pub(crate) fn encode_row(s: &str, mp: &BPEMergePairs) -> Vec<u8> {
    let b = s.as_bytes();
    let mut starts = vec![0u8; b.len()];
    let mut ranks = vec![UNRANKED; b.len()];
    // segments end between two characters that are each in no pair on their own
    let mut seg = 0;
    let mut prev: Option<char> = None;
    for (k, c) in s.char_indices() {
        if let Some(pc) = prev
            && !mp.is_single(pc)
            && !mp.is_single(c)
        {
            merge_segment(&b[seg..k], mp, &mut starts[seg..k], &mut ranks[seg..k]);
            seg = k;
        }
        prev = Some(c);
    }
    merge_segment(&b[seg..], mp, &mut starts[seg..], &mut ranks[seg..]);
    starts
}

/// Every row byte-pair encoded with `merge_pairs`, its pieces joined by `separator` (None:
/// one space; it must be a valid single-byte STRING scalar: `ValueError`). Null rows stay
/// null.
///
/// libcudf returns an empty (0-row) column when the input has no characters at all (every
/// row empty or null); here the rows are kept.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::byte_pair_encode::{BPEMergePairs, byte_pair_encoding};
/// let mp = ["e n", "i t", "i s", "e s", "en t", "c e", "es t", "en ce", "t est", "s ent"];
/// let mp = BPEMergePairs::new(&from_arrow(&arrow_array::StringArray::from(mp.to_vec())).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["test sentence", "thisis test"])).unwrap();
/// let r = to_arrow(&byte_pair_encoding(&c, &mp, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["test   sent ence", "t h is is   test"]);
/// ```
pub fn byte_pair_encoding(
    input: &Column,
    merge_pairs: &BPEMergePairs,
    separator: Option<&Scalar>,
) -> Result<Column> {
    const NAME: &str = "byte_pair_encode.byte_pair_encoding";
    check_strings(input, NAME, "input")?;
    let sep = match separator {
        Some(s) => string_arg(s, NAME, "separator")?,
        None => b" ".to_vec(),
    };
    if sep.len() != 1 {
        return Err(Error::value(format!(
            "nvtext.{NAME}: the separator must be a single-byte character, got {} bytes",
            sep.len()
        )));
    }
    if use_device()? {
        let mp = merge_pairs.on_device()?;
        return dev::byte_pair_encoding(input, &mp, sep[0]);
    }
    map_rows(input, |s, out| {
        let starts = encode_row(s, merge_pairs);
        for (k, &b) in s.as_bytes().iter().enumerate() {
            if k > 0 && starts[k] != 0 {
                out.push(sep[0]);
            }
            out.push(b);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interop::arrow::from_arrow;

    fn pairs(rows: &[&str]) -> BPEMergePairs {
        let c = from_arrow(&arrow_array::StringArray::from(rows.to_vec())).unwrap();
        BPEMergePairs::new(&c).unwrap()
    }

    fn encode(s: &str, mp: &BPEMergePairs) -> String {
        let starts = encode_row(s, mp);
        let mut out = String::new();
        for (k, c) in s.char_indices() {
            if k > 0 && starts[k] != 0 {
                out.push('|');
            }
            out.push(c);
        }
        out
    }

    #[test]
    fn libcudf_example() {
        let mp = pairs(&[
            "e n", "i t", "i s", "e s", "en t", "c e", "es t", "en ce", "t est", "s ent",
        ]);
        assert_eq!(encode("test sentence", &mp), "test| |sent|ence");
        assert_eq!(encode("thisis test", &mp), "t|h|is|is| |test");
        assert_eq!(encode("", &mp), "");
        assert_eq!(encode("x", &mp), "x");
    }

    #[test]
    fn overlapping_pairs_merge_left_first() {
        let mp = pairs(&["a a", "aa a"]);
        assert_eq!(encode("aaa", &mp), "aaa");
        assert_eq!(encode("aaaa", &mp), "aa|aa");
        // aa|a|a|a, then aa|aa|a (the third a waits a round), then (aa, a) merges
        assert_eq!(encode("aaaaa", &mp), "aa|aaa");
        let mp = pairs(&["a a"]);
        assert_eq!(encode("aaaaa", &mp), "aa|aa|a");
    }

    #[test]
    fn a_deferred_position_waits_a_round() {
        // "x y x y": the second (x, y) waits behind the first (the ranked position before
        // it has the same rank); the new pair (xy, x) ranks before (x, y) and goes first.
        let mp = pairs(&["xy x", "x y"]);
        assert_eq!(encode("xyxy", &mp), "xyx|y");
        // with training's order both (x, y) merge
        let mp = pairs(&["x y", "xy x"]);
        assert_eq!(encode("xyxy", &mp), "xy|xy");
        // characters in no pair cut the row into segments that merge on their own
        assert_eq!(encode("xy!!xy", &mp), "xy|!|!|xy");
    }

    #[test]
    fn multibyte_characters_and_spaces_in_pairs() {
        // a pair's right may hold spaces (the row splits at its first space)
        let mp = pairs(&["日 本", "日本 語", "é  "]);
        assert_eq!(encode("日本語 日本", &mp), "日本語| |日本");
        assert_eq!(encode("é x", &mp), "é |x");
    }

    #[test]
    fn bad_rows_are_rejected() {
        let c = from_arrow(&arrow_array::StringArray::from(vec!["ab"])).unwrap();
        assert!(BPEMergePairs::new(&c).is_err());
    }
}
