//! pylibcudf's `nvtext.deduplicate`: `build_suffix_array`, `resolve_duplicates` and
//! `resolve_duplicates_pair`, libcudf's tools for finding repeated passages in a corpus.
//!
//! The text is a STRING column's bytes from its first row to its last, one after the
//! other (libcudf's chars span; rows are not separated, and null rows add the bytes they
//! hold, usually none). A suffix array lists the positions of that text in the order of
//! the suffixes starting there, a shorter suffix before a longer one it begins.
//!
//! The host builds it with libsais (SA-IS); the device by prefix doubling (`h = 7, 14,
//! 28, ...` bytes, each round one radix sort of 64-bit keys). Both give the same array.
//! The duplicates are the common prefixes of neighbouring suffixes of at least
//! `min_width` bytes (at most 32,767, libcudf's int16 sizes), with the candidates that a
//! candidate starting one byte earlier covers removed, longest first. Where libcudf leaves
//! the order of equally long duplicates unspecified, ferrodf orders them by their bytes.
//! libcudf returns a duplicate's bytes even where it starts or ends inside a UTF-8
//! character (which is then not a valid string); ferrodf narrows it to whole characters,
//! so duplicates of non-ASCII text can be up to three bytes shorter at each end.

use crate::column::Column;
use crate::device::kernels::nvtext_dedup::{self as dev, DeviceText};
use crate::error::{Error, Result};
use crate::ops::sorting::{NullOrder, Order, sort, sorted_order};
use crate::ops::stream_compaction::{apply_boolean_mask, unique};
use crate::params::DuplicateKeepOption;
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;
use rayon::prelude::*;

use super::check_strings;

/// The longest duplicate reported (libcudf keeps sizes as int16).
const MAX_WIDTH: usize = i16::MAX as usize;

/// A column's text, where the operation runs.
enum Text {
    Host(arrow_buffer::Buffer),
    Device(DeviceText),
}

impl Text {
    fn of(col: &Column, device: bool) -> Result<Text> {
        if device {
            return Ok(Text::Device(dev::text(col)?));
        }
        if col.size() == 0 {
            return Ok(Text::Host(arrow_buffer::Buffer::from_vec(Vec::<u8>::new())));
        }
        let (bytes, offsets) = col.host_string_parts()?;
        let (first, last) = (offsets[0] as usize, offsets[col.size()] as usize);
        Ok(Text::Host(bytes.slice_with_length(first, last - first)))
    }

    fn len(&self) -> usize {
        match self {
            Text::Host(b) => b.len(),
            Text::Device(t) => t.len,
        }
    }
}

/// `ValueError` unless `min_width` is at least 0 and below the text's size, and the text
/// fits libcudf's 31-bit positions.
fn check_width(function: &str, min_width: i64, text: &Text) -> Result<()> {
    let n = text.len();
    if min_width < 0 || min_width as u64 >= n as u64 {
        return Err(Error::value(format!(
            "nvtext.deduplicate.{function}: min_width must be at least 0 and below the \
             input's size in bytes ({n}), got {min_width}"
        )));
    }
    if n >= i32::MAX as usize {
        return Err(Error::value(format!(
            "nvtext.deduplicate.{function}: the input holds {n} bytes; at most {} fit \
             libcudf's 32-bit positions, so split it",
            i32::MAX - 1
        )));
    }
    Ok(())
}

/// `ValueError` unless `min_width` is above 8 (libcudf's rule for the resolvers).
fn check_resolve_width(function: &str, min_width: i64) -> Result<()> {
    if min_width <= 8 {
        return Err(Error::value(format!(
            "nvtext.deduplicate.{function}: min_width must be greater than 8, got {min_width}"
        )));
    }
    Ok(())
}

/// The suffix array of `input`'s bytes, as an INT32 column: the positions `p` below
/// `bytes - min_width + 1` (all of them when `min_width` is 0) in the order of the
/// suffixes `text[p..]`. `min_width` must be below the input's size in bytes (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::nvtext::deduplicate::build_suffix_array;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["bana", "na"])).unwrap();
/// let sa = build_suffix_array(&c, 0).unwrap();
/// // the suffixes of "banana": a, ana, anana, banana, na, nana
/// assert_eq!(sa.host_values::<i32>().unwrap().to_vec(), vec![5, 3, 1, 0, 4, 2]);
/// ```
pub fn build_suffix_array(input: &Column, min_width: i64) -> Result<Column> {
    const NAME: &str = "build_suffix_array";
    check_strings(input, NAME, "input")?;
    let device = use_device()?;
    let text = Text::of(input, device)?;
    check_width(NAME, min_width, &text)?;
    let n = text.len();
    let size = n - min_width as usize + usize::from(min_width > 0);
    match text {
        Text::Host(bytes) => {
            let sa = libsais::SuffixArrayConstruction::for_text(bytes.as_slice())
                .in_owned_buffer32()
                .single_threaded()
                .run()
                .map_err(|e| Error::value(format!("nvtext.deduplicate.{NAME}: {e:?}")))?
                .into_vec();
            Ok(Column::from_values(
                sa.into_iter().filter(|&p| (p as usize) < size).collect(),
            ))
        }
        Text::Device(t) => {
            let sa = device_suffix_array(t)?;
            let keep = dev::keep_below(&sa, size)?;
            Ok(apply_boolean_mask(&Table::new(vec![sa])?, &keep)?
                .into_columns()
                .remove(0))
        }
    }
}

/// The whole suffix array of `t` by prefix doubling: rank the suffixes by their first 7
/// bytes, then by pairs of ranks `h` apart (h = 7, 14, ...), until every rank differs.
fn device_suffix_array(t: DeviceText) -> Result<Column> {
    let mut keys = dev::initial_keys(t)?;
    let mut h = 7;
    loop {
        let order = sorted_order(
            &Table::new(vec![keys.clone()])?,
            &[Order::Ascending],
            &[NullOrder::Before],
        )?;
        let (rank, distinct) = dev::ranks(&keys, &order)?;
        if distinct == t.len {
            return Ok(order);
        }
        keys = dev::pair_keys(&rank, h)?;
        h *= 2;
    }
}

/// The INT32 values of a suffix array argument: `TypeError` for another type,
/// `ValueError` with nulls, `IndexError` for a position outside the text.
fn check_indices(function: &str, what: &str, indices: &Column, text: &Text) -> Result<()> {
    if indices.dtype().id() != TypeId::Int32 {
        return Err(Error::type_err(format!(
            "nvtext.deduplicate.{function}: {what} must be an INT32 suffix array (from \
             build_suffix_array), got {}",
            indices.dtype()
        )));
    }
    if indices.has_nulls()? {
        return Err(Error::value(format!(
            "nvtext.deduplicate.{function}: {what} has nulls; pass the suffix array \
             build_suffix_array returned"
        )));
    }
    let n = text.len();
    let in_range = match text {
        Text::Host(_) => indices
            .host_values::<i32>()?
            .iter()
            .all(|&p| p >= 0 && (p as usize) < n),
        Text::Device(_) => dev::indices_in_range(indices, n)?,
    };
    if !in_range {
        return Err(Error::index(format!(
            "nvtext.deduplicate.{function}: {what} holds a position outside the input's \
             {n} bytes; pass the suffix array build_suffix_array returned for this input"
        )));
    }
    Ok(())
}

/// The bytes `a[i..]` and `b[j..]` share, at most [`MAX_WIDTH`].
fn common(a: &[u8], i: usize, b: &[u8], j: usize) -> i32 {
    let (x, y) = (&a[i..], &b[j..]);
    x.iter()
        .zip(y)
        .take(MAX_WIDTH)
        .take_while(|(p, q)| p == q)
        .count() as i32
}

/// A BOOL8 column of `flags` (no nulls), on the host.
fn flags_column(flags: impl Iterator<Item = bool>) -> Result<Column> {
    let bytes: Vec<u8> = flags.map(u8::from).collect();
    Column::new(
        TypeId::Bool8.into(),
        bytes.len(),
        Some(crate::buffer::Buffer::from_vec(bytes)),
        None,
        Some(0),
        0,
        vec![],
    )
}

/// INT32 sizes and BOOL8 keep flags from per-entry sizes (0: not a candidate).
fn sizes_columns(sizes: Vec<i32>) -> Result<(Column, Column)> {
    let keep = flags_column(sizes.iter().map(|&s| s != 0))?;
    Ok((Column::from_values(sizes), keep))
}

/// Duplicates of `input` (strings of at least `min_width` bytes, above 8, that occur more
/// than once in its text), longest first, each once. `indices` must be the suffix array
/// [`build_suffix_array`] returned for `input` (otherwise the result is meaningless, but
/// positions outside the text are an `IndexError`).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::nvtext::deduplicate::{build_suffix_array, resolve_duplicates};
/// let c = from_arrow(&arrow_array::StringArray::from(vec![
///     "the quick brown fox", " and the quick brown dog",
/// ])).unwrap();
/// let sa = build_suffix_array(&c, 10).unwrap();
/// let d = resolve_duplicates(&c, &sa, 10).unwrap();
/// let d = ferrodf_core::interop::arrow::to_arrow(&d).unwrap();
/// let d = d.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(d.value(0), "the quick brown ");
/// ```
pub fn resolve_duplicates(input: &Column, indices: &Column, min_width: i64) -> Result<Column> {
    const NAME: &str = "resolve_duplicates";
    check_strings(input, NAME, "input")?;
    check_resolve_width(NAME, min_width)?;
    let text = Text::of(input, use_device()?)?;
    check_width(NAME, min_width, &text)?;
    check_indices(NAME, "indices", indices, &text)?;
    let width = min_width as usize;
    let (sizes, keep) = match &text {
        Text::Host(b) => {
            let t = b.as_slice();
            let sa = indices.host_values::<i32>()?;
            let sizes = (0..sa.len())
                .into_par_iter()
                .map(|k| match k {
                    0 => 0,
                    _ => common(t, sa[k - 1] as usize, t, sa[k] as usize),
                })
                .map(|s| if s as usize >= width { s } else { 0 })
                .collect();
            sizes_columns(sizes)?
        }
        Text::Device(t) => dev::adjacent_sizes(*t, indices, width)?,
    };
    resolve(&text, indices, sizes, &keep)
}

/// Duplicates between `input1` and `input2` (strings of at least `min_width` bytes, above
/// 8, found in both texts), longest first, each once. `indices1` and `indices2` must be
/// the suffix arrays [`build_suffix_array`] returned for them. Each suffix of the larger
/// array is searched for in the other; where libcudf narrows that search to suffixes
/// with the same first four bytes and can miss a match at the narrowed range's edge,
/// ferrodf searches the whole array.
pub fn resolve_duplicates_pair(
    input1: &Column,
    indices1: &Column,
    input2: &Column,
    indices2: &Column,
    min_width: i64,
) -> Result<Column> {
    const NAME: &str = "resolve_duplicates_pair";
    check_strings(input1, NAME, "input1")?;
    check_strings(input2, NAME, "input2")?;
    check_resolve_width(NAME, min_width)?;
    let device = use_device()?;
    let (t1, t2) = (Text::of(input1, device)?, Text::of(input2, device)?);
    check_width(NAME, min_width, &t1)?;
    check_width(NAME, min_width, &t2)?;
    check_indices(NAME, "indices1", indices1, &t1)?;
    check_indices(NAME, "indices2", indices2, &t2)?;
    // The larger array is walked, the smaller searched (as libcudf).
    let ((t1, sa1), (t2, sa2)) = if indices1.size() < indices2.size() {
        ((t2, indices2), (t1, indices1))
    } else {
        ((t1, indices1), (t2, indices2))
    };
    let width = min_width as usize;
    let (sizes, keep) = match (&t1, &t2) {
        (Text::Host(a), Text::Host(b)) => {
            let (a, b) = (a.as_slice(), b.as_slice());
            let (s1, s2) = (sa1.host_values::<i32>()?, sa2.host_values::<i32>()?);
            let sizes = s1
                .par_iter()
                .map(|&p| {
                    let p = p as usize;
                    let at = s2.partition_point(|&q| b[q as usize..] < a[p..]);
                    let here = s2.get(at).map_or(0, |&q| common(a, p, b, q as usize));
                    let before = match at {
                        0 => 0,
                        _ => common(a, p, b, s2[at - 1] as usize),
                    };
                    let s = here.max(before);
                    if s as usize >= width { s } else { 0 }
                })
                .collect();
            sizes_columns(sizes)?
        }
        (Text::Device(a), Text::Device(b)) => dev::pair_sizes(*a, sa1, *b, sa2, width)?,
        _ => unreachable!("both texts are where the operation runs"),
    };
    resolve(&t1, sa1, sizes, &keep)
}

/// Which candidates (ordered by offset) the candidate one byte before does not cover (see
/// `dedup_collapse` in `cuda/nvtext_dedup.cu`, the same steps).
fn collapse_flags(offs: &[i32], sizes: &[i32]) -> Vec<bool> {
    const M: i64 = MAX_WIDTH as i64;
    let m = offs.len();
    (0..m)
        .map(|k| {
            let (size, off) = (sizes[k], offs[k]);
            if k == 0 || offs[k - 1] != off - 1 {
                return true;
            }
            if size < sizes[k - 1] {
                return false;
            }
            if size != sizes[k - 1] || size as i64 != M {
                return true;
            }
            // Inside a chain of maximal candidates only every M-th link survives.
            let mut prev = k as i64 - M;
            let mut prev_off = off as i64;
            while prev >= 0 {
                let p = prev as usize;
                if offs[p] as i64 != prev_off - M {
                    prev = -1;
                } else {
                    let next = sizes.get(k + 1).copied().unwrap_or(0);
                    if next < size {
                        break; // the chain's last link
                    }
                    prev_off = offs[p] as i64;
                    if p == 0 || prev_off - 1 != offs[p - 1] as i64 {
                        break;
                    }
                    prev -= M;
                }
            }
            prev >= 0
        })
        .collect()
}

/// The duplicates from per-suffix candidate `sizes` (and their `keep` flags) over the
/// suffix array `sa` of `text`: candidates ordered by position, overlaps collapsed, the
/// substrings taken, longest first (then by bytes), each once.
fn resolve(text: &Text, sa: &Column, sizes: Column, keep: &Column) -> Result<Column> {
    let cands = apply_boolean_mask(&Table::new(vec![sa.clone(), sizes])?, keep)?;
    let both = [Order::Ascending, Order::Ascending];
    let cands = sort(&cands, &both, &[NullOrder::Before; 2])?;
    let (offs, sizes) = (&cands.columns()[0], &cands.columns()[1]);
    let keep = match text {
        Text::Host(_) => flags_column(
            collapse_flags(&offs.host_values::<i32>()?, &sizes.host_values::<i32>()?).into_iter(),
        )?,
        Text::Device(_) => dev::collapse(offs, sizes)?,
    };
    let kept = apply_boolean_mask(&cands, &keep)?;
    let (offs, sizes) = (&kept.columns()[0], &kept.columns()[1]);
    let (sizes, strings) = match text {
        Text::Host(b) => {
            let t = b.as_slice();
            let (offs, sizes): (Vec<i32>, Vec<i32>) = offs
                .host_values::<i32>()?
                .iter()
                .zip(sizes.host_values::<i32>()?.iter())
                .map(|(&o, &s)| whole_characters(t, o, s))
                .unzip();
            let strings = host_take(t, &offs, &sizes)?;
            (Column::from_values(sizes), strings)
        }
        Text::Device(t) => {
            let (offs, sizes) = dev::trim(*t, offs, sizes)?;
            let strings = dev::take(*t, &offs, &sizes)?;
            (sizes, strings)
        }
    };
    let by_size = Table::new(vec![sizes, strings])?;
    let by_size = sort(
        &by_size,
        &[Order::Descending, Order::Ascending],
        &[NullOrder::Before; 2],
    )?;
    let once = unique(&by_size, &[1], DuplicateKeepOption::KeepFirst, true)?;
    Ok(once.into_columns().remove(1))
}

/// The duplicate of `size` bytes at `off` narrowed to whole UTF-8 characters (offset and
/// size): a common prefix may start or end inside a character, since suffixes start at
/// every byte, and such bytes would not be a valid string (`dedup_trim` on the device).
fn whole_characters(text: &[u8], off: i32, size: i32) -> (i32, i32) {
    let is_continuation = |b: u8| b & 0xC0 == 0x80;
    let (mut start, mut end) = (off as usize, (off + size) as usize);
    while start < end && is_continuation(text[start]) {
        start += 1;
    }
    let mut k = end.saturating_sub(1);
    while k > start && is_continuation(text[k]) {
        k -= 1;
    }
    if k >= start && start < end {
        let need = match text[k] {
            b if b >= 0xF0 => 4,
            b if b >= 0xE0 => 3,
            b if b >= 0xC0 => 2,
            _ => 1,
        };
        if k + need > end {
            end = k;
        }
    }
    (start as i32, (end - start) as i32)
}

/// A STRING column of `text[offs[q]..offs[q] + sizes[q]]` (whole characters).
fn host_take(text: &[u8], offs: &[i32], sizes: &[i32]) -> Result<Column> {
    let mut chars = Vec::new();
    let mut ends = Vec::with_capacity(offs.len());
    for (&o, &s) in offs.iter().zip(sizes) {
        chars.extend_from_slice(&text[o as usize..(o + s) as usize]);
        ends.push(chars.len() as i64);
    }
    crate::ops::strings::host_string_column(chars, ends, None, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_maximal_candidates_keeps_every_cap_th_link() {
        let m = MAX_WIDTH as i32;
        // 2 * M + 1 consecutive offsets, all of the maximal size, then a shorter one.
        let offs: Vec<i32> = (0..2 * m + 2).collect();
        let mut sizes = vec![m; (2 * m + 1) as usize];
        sizes.push(5);
        let keep = collapse_flags(&offs, &sizes);
        let kept: Vec<usize> = (0..keep.len()).filter(|&k| keep[k]).collect();
        assert_eq!(kept[0], 0);
        assert!(kept.len() < 5, "{kept:?}");
    }

    #[test]
    fn shorter_neighbours_are_covered() {
        assert_eq!(
            collapse_flags(&[3, 4, 5, 9], &[12, 11, 12, 10]),
            [true, false, true, true]
        );
    }
}
