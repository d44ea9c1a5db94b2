//! pylibcudf's `nvtext.generate_ngrams`: `generate_ngrams`, `generate_character_ngrams`
//! and `hash_character_ngrams`.

use super::{check_at_least, check_strings, flat_strings, list_of, string_arg};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::{Error, Result};
use crate::ops::hashing::murmur3_x86_32_bytes;
use crate::ops::strings::HostStrs;
use crate::placement::use_device;
use crate::scalar::Scalar;

/// The ngrams of the rows taken as tokens: every `ngrams` consecutive valid, non-empty rows
/// joined by `separator` (a valid STRING scalar). `ngrams` must be at least 2; an input
/// with no such rows gives an empty column, one with fewer than `ngrams` a `ValueError`.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::generate_ngrams::generate_ngrams;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a"), None, Some("bb"), Some("c")])).unwrap();
/// let sep = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["_"])).unwrap()).unwrap();
/// let r = to_arrow(&generate_ngrams(&c, 2, &sep).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.iter().flatten().collect::<Vec<_>>(), ["a_bb", "bb_c"]);
/// ```
pub fn generate_ngrams(input: &Column, ngrams: i64, separator: &Scalar) -> Result<Column> {
    const NAME: &str = "generate_ngrams.generate_ngrams";
    check_strings(input, NAME, "input")?;
    check_at_least(ngrams, 2, NAME, "ngrams")?;
    let sep = string_arg(separator, NAME, "separator")?;
    if use_device()? {
        return dev::generate_ngrams(input, ngrams as usize, &sep, NAME);
    }
    let h = HostStrs::of(input)?;
    let rows: Vec<&str> = (0..h.len())
        .filter_map(|i| h.opt(i))
        .filter(|s| !s.is_empty())
        .collect();
    let n = ngrams as usize;
    if !rows.is_empty() && rows.len() < n {
        return Err(Error::value(format!(
            "nvtext.{NAME}: {} valid non-empty strings are not enough for {n}-grams",
            rows.len()
        )));
    }
    let count = (rows.len() + 1).saturating_sub(n);
    flat_strings(count, |i, put| {
        let mut g = Vec::new();
        for (k, s) in rows[i..i + n].iter().enumerate() {
            if k > 0 {
                g.extend_from_slice(&sep);
            }
            g.extend_from_slice(s.as_bytes());
        }
        put(&g);
    })
}

/// The byte ranges of the character ngrams of `s` (every `n` consecutive characters).
fn char_ngrams(s: &str, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut bounds: Vec<usize> = s.char_indices().map(|(k, _)| k).collect();
    bounds.push(s.len());
    let count = bounds.len().saturating_sub(n);
    (0..count).map(move |j| (bounds[j], bounds[j + n]))
}

/// The checks and the per-row ngram counts shared by the character-ngram functions.
fn char_ngram_counts(h: &HostStrs, n: usize, name: &str) -> Result<Vec<usize>> {
    let counts: Vec<usize> = (0..h.len())
        .map(|i| {
            h.opt(i)
                .map_or(0, |s| (s.chars().count() + 1).saturating_sub(n))
        })
        .collect();
    if h.len() > 0 && counts.iter().all(|&c| c == 0) {
        return Err(Error::value(format!(
            "nvtext.{name}: no row has enough characters for {n}-grams"
        )));
    }
    Ok(counts)
}

/// LIST<STRING>: every `ngrams` consecutive characters of every row (a row with fewer
/// characters, or a null row, gives an empty list). `ngrams` must be at least 2, and a
/// non-empty input must have a row long enough (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::generate_ngrams::generate_character_ngrams;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["ab", "cdé"])).unwrap();
/// let r = to_arrow(&generate_character_ngrams(&c, 2).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// assert_eq!(r.value_offsets(), [0, 1, 3]);
/// ```
pub fn generate_character_ngrams(input: &Column, ngrams: i64) -> Result<Column> {
    const NAME: &str = "generate_ngrams.generate_character_ngrams";
    check_strings(input, NAME, "input")?;
    check_at_least(ngrams, 2, NAME, "ngrams")?;
    let n = ngrams as usize;
    if use_device()? {
        return dev::character_ngrams(input, n, None, NAME);
    }
    let h = HostStrs::of(input)?;
    let counts = char_ngram_counts(&h, n, NAME)?;
    let values = flat_strings(h.len(), |i, put| {
        if let Some(s) = h.opt(i) {
            for (a, b) in char_ngrams(s, n) {
                put(&s.as_bytes()[a..b]);
            }
        }
    })?;
    list_of(&counts, values, None, 0)
}

/// LIST<UINT32>: the MurmurHash3_x86_32 (with `seed`) of the UTF-8 bytes of every
/// character ngram of every row, as [`generate_character_ngrams`] makes them.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::hashing::murmur3_x86_32_bytes;
/// use ferrodf_core::ops::nvtext::generate_ngrams::hash_character_ngrams;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abc"])).unwrap();
/// let r = to_arrow(&hash_character_ngrams(&c, 2, 0).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let v = r.value(0);
/// let v = v.as_any().downcast_ref::<arrow_array::UInt32Array>().unwrap();
/// assert_eq!(v.value(1), murmur3_x86_32_bytes(b"bc", 0));
/// ```
pub fn hash_character_ngrams(input: &Column, ngrams: i64, seed: u32) -> Result<Column> {
    const NAME: &str = "generate_ngrams.hash_character_ngrams";
    check_strings(input, NAME, "input")?;
    check_at_least(ngrams, 2, NAME, "ngrams")?;
    let n = ngrams as usize;
    if use_device()? {
        return dev::character_ngrams(input, n, Some(seed), NAME);
    }
    let h = HostStrs::of(input)?;
    let counts = char_ngram_counts(&h, n, NAME)?;
    let mut hashes = Vec::with_capacity(counts.iter().sum());
    for i in 0..h.len() {
        if let Some(s) = h.opt(i) {
            for (a, b) in char_ngrams(s, n) {
                hashes.push(murmur3_x86_32_bytes(&s.as_bytes()[a..b], seed));
            }
        }
    }
    list_of(&counts, Column::from_values(hashes), None, 0)
}
