//! pylibcudf's `strings.translate`: `translate` (Python's `str.translate`) and
//! `filter_characters` with `FilterType`.

use super::{check_strings, map_rows, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_chars as dev;
use crate::error::Result;
use crate::placement::use_device;
use crate::scalar::Scalar;

pub use crate::string_options::FilterType;

/// Every character of every row that is a key of `chars_table` replaced by its value (an
/// empty value removes it; values may have several characters, a superset of libcudf,
/// whose values are single characters). Later entries win for a repeated key. Nulls stay
/// null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::translate::translate;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["aébc"])).unwrap();
/// let r = translate(&c, &[('a', "A"), ('é', "e\u{301}"), ('b', "")]).unwrap();
/// let r = to_arrow(&r).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "Ae\u{301}c");
/// ```
pub fn translate(input: &Column, chars_table: &[(char, &str)]) -> Result<Column> {
    check_strings(input, "translate.translate", "input")?;
    let mut table: Vec<(char, &str)> = Vec::with_capacity(chars_table.len());
    for &(k, v) in chars_table.iter().rev() {
        if !table.iter().any(|&(seen, _)| seen == k) {
            table.push((k, v));
        }
    }
    table.sort_by_key(|&(k, _)| k);
    if use_device()? {
        let keys: Vec<u32> = table.iter().map(|&(k, _)| k as u32).collect();
        let mut voff = vec![0i64];
        let mut vals = Vec::new();
        for &(_, v) in &table {
            vals.extend_from_slice(v.as_bytes());
            voff.push(vals.len() as i64);
        }
        return dev::translate(input, &keys, &voff, &vals);
    }
    map_rows(input, |s, out| {
        let mut buf = [0u8; 4];
        for c in s.chars() {
            match table.binary_search_by_key(&c, |&(k, _)| k) {
                Ok(j) => out.extend_from_slice(table[j].1.as_bytes()),
                Err(_) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            }
        }
    })
}

/// Keep (`FilterType::Keep`) only the characters inside the inclusive ranges
/// `characters_to_filter`, or (`Remove`) remove those inside them; every character not
/// kept is replaced by `replacement` (a valid string; empty: dropped). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::translate::{filter_characters, FilterType};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1-b2"])).unwrap();
/// let r = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["_"])).unwrap()).unwrap();
/// let out = filter_characters(&c, &[('a', 'z')], FilterType::Keep, &r).unwrap();
/// let out = to_arrow(&out).unwrap();
/// assert_eq!(out.as_any().downcast_ref::<arrow_array::StringArray>().unwrap().value(0), "a__b_");
/// ```
pub fn filter_characters(
    input: &Column,
    characters_to_filter: &[(char, char)],
    keep_characters: FilterType,
    replacement: &Scalar,
) -> Result<Column> {
    const NAME: &str = "translate.filter_characters";
    check_strings(input, NAME, "input")?;
    let repl = scalar_bytes(replacement, NAME, "replacement")?;
    let keep = keep_characters == FilterType::Keep;
    if use_device()? {
        let ranges: Vec<u32> = characters_to_filter
            .iter()
            .flat_map(|&(lo, hi)| [lo as u32, hi as u32])
            .collect();
        return dev::filter_chars(input, &ranges, keep, &repl);
    }
    map_rows(input, |s, out| {
        let mut buf = [0u8; 4];
        for c in s.chars() {
            let inside = characters_to_filter
                .iter()
                .any(|&(lo, hi)| lo <= c && c <= hi);
            if inside == keep {
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            } else {
                out.extend_from_slice(&repl);
            }
        }
    })
}
