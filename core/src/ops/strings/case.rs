//! pylibcudf's `strings.case`: `to_lower`, `to_upper` and `swapcase`.
//!
//! Each code point is mapped by itself with Rust's full case mapping (`char::to_lowercase`,
//! `char::to_uppercase`), so one character may become several (`ß` -> `SS`, `İ` -> `i̇`).
//! The mapping is context free, as libcudf's: a final `Σ` lowers to `σ`, not `ς`. The
//! device uses a table generated from the same Rust mapping, so both paths agree.

use super::char_types::{LOWER, UPPER, device_tables, table as class_table};
use super::{check_strings, map_rows};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::device::kernels::strings_chars::{self as dev_chars, Recase};
use crate::error::Result;
use crate::placement::use_device;
use std::sync::OnceLock;

/// Non-ASCII code points whose mapping is not themselves: sorted keys and three code
/// points per key (0-padded).
pub(crate) struct CaseTable {
    pub(crate) keys: Vec<u32>,
    pub(crate) vals: Vec<u32>,
}

fn build_table(upper: bool) -> CaseTable {
    let (mut keys, mut vals) = (Vec::new(), Vec::new());
    for c in (0x80u32..=0x10FFFF).filter_map(char::from_u32) {
        let mapped: Vec<char> = if upper {
            c.to_uppercase().collect()
        } else {
            c.to_lowercase().collect()
        };
        if mapped.len() != 1 || mapped[0] != c {
            assert!(
                mapped.len() <= 3,
                "case mappings have at most three code points"
            );
            keys.push(c as u32);
            let mut v = [0u32; 3];
            for (slot, m) in v.iter_mut().zip(&mapped) {
                *slot = *m as u32;
            }
            vals.extend(v);
        }
    }
    CaseTable { keys, vals }
}

/// The case table of `upper` (built once).
pub(crate) fn table(upper: bool) -> &'static CaseTable {
    static LOWER: OnceLock<CaseTable> = OnceLock::new();
    static UPPER: OnceLock<CaseTable> = OnceLock::new();
    if upper {
        UPPER.get_or_init(|| build_table(true))
    } else {
        LOWER.get_or_init(|| build_table(false))
    }
}

/// Append the upper- (`upper`) or lower-case mapping of `c` to `out`.
#[inline]
pub(crate) fn push_case(c: char, upper: bool, out: &mut Vec<u8>) {
    let mut buf = [0u8; 4];
    if upper {
        for m in c.to_uppercase() {
            out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
        }
    } else {
        for m in c.to_lowercase() {
            out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
        }
    }
}

fn convert(input: &Column, upper: bool) -> Result<Column> {
    let name = if upper {
        "case.to_upper"
    } else {
        "case.to_lower"
    };
    check_strings(input, name, "input")?;
    if use_device()? {
        let t = table(upper);
        return dev::case(input, upper, &t.keys, &t.vals);
    }
    map_rows(input, |s, out| {
        if s.is_ascii() {
            let start = out.len();
            out.extend_from_slice(s.as_bytes());
            if upper {
                out[start..].make_ascii_uppercase();
            } else {
                out[start..].make_ascii_lowercase();
            }
            return;
        }
        // Most characters of a mixed row are ASCII: map those in place and only look the
        // others up in Rust's case tables.
        for c in s.chars() {
            if c.is_ascii() {
                let b = c as u8;
                out.push(if upper {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                });
            } else {
                push_case(c, upper, out);
            }
        }
    })
}

/// Every row in lower case; nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::case::to_lower;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("ÀB c"), None])).unwrap();
/// let l = to_arrow(&to_lower(&c).unwrap()).unwrap();
/// let l = l.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(l.value(0), "àb c");
/// ```
pub fn to_lower(input: &Column) -> Result<Column> {
    convert(input, false)
}

/// Every row in upper case (`ß` becomes `SS`); nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::case::to_upper;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["straße"])).unwrap();
/// let u = to_arrow(&to_upper(&c).unwrap()).unwrap();
/// let u = u.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(u.value(0), "STRASSE");
/// ```
pub fn to_upper(input: &Column) -> Result<Column> {
    convert(input, true)
}

/// Upper-case characters (the Unicode Uppercase property) in lower case and lower-case ones
/// in upper case, each with the full mapping of [`to_upper`] and [`to_lower`]; others, such
/// as the titlecase `ǅ`, stay as they are (as Python's `str.swapcase`). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::case::swapcase;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["aBc ß1"])).unwrap();
/// let r = to_arrow(&swapcase(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "AbC SS1");
/// ```
pub fn swapcase(input: &Column) -> Result<Column> {
    check_strings(input, "case.swapcase", "input")?;
    if use_device()? {
        return dev_chars::recase(input, Recase::Swapcase, &*device_tables()?);
    }
    let t = class_table();
    map_rows(input, |s, out| {
        for c in s.chars() {
            let f = t.flags_of(c);
            if f & UPPER != 0 {
                push_case(c, false, out);
            } else if f & LOWER != 0 {
                push_case(c, true, out);
            } else {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    })
}
