//! pylibcudf's `strings.char_types`: `all_characters_of_type` and
//! `filter_characters_of_type`, and the character classes that `capitalize.title`,
//! `capitalize.is_title` and `case.swapcase` use.
//!
//! Every code point has a set of [`StringCharacterTypes`] bits, defined by Unicode
//! properties (see the enum). They are computed once into a table of runs (code points
//! where the flags change) that both paths search, so host and device agree. Unlike
//! libcudf, whose table stops at U+FFFF, code points above it have their classes too.

use super::{HostStrs, check_strings, map_rows, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_chars as dev;
use crate::error::{Error, Result};
use crate::ops::numeric::host_column;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;
use regex_syntax::hir::{Class, HirKind};
use std::sync::OnceLock;

pub use crate::string_options::StringCharacterTypes;

/// Bits of the classes (libcudf's values).
pub(crate) const UPPER: u8 = StringCharacterTypes::Upper as u8;
pub(crate) const LOWER: u8 = StringCharacterTypes::Lower as u8;
const ALL_TYPES: u32 = StringCharacterTypes::AllTypes as u32;

/// The classes of every code point as runs: `flags[k]` holds from `starts[k]` up to the
/// next start.
pub(crate) struct CharTable {
    pub(crate) starts: Vec<u32>,
    pub(crate) flags: Vec<u8>,
    ascii: [u8; 128],
}

impl CharTable {
    /// The class bits of `c`.
    #[inline]
    pub(crate) fn flags_of(&self, c: char) -> u8 {
        let c = c as u32;
        if c < 128 {
            return self.ascii[c as usize];
        }
        let k = self.starts.partition_point(|&s| s <= c);
        self.flags[k - 1]
    }
}

/// The code point ranges of a Unicode class such as `\p{Nd}`.
fn ranges(class: &str) -> Vec<(u32, u32)> {
    let hir = regex_syntax::parse(class).expect("a valid Unicode class");
    match hir.kind() {
        HirKind::Class(Class::Unicode(c)) => c
            .ranges()
            .iter()
            .map(|r| (r.start() as u32, r.end() as u32))
            .collect(),
        _ => unreachable!("a Unicode class parses to a class"),
    }
}

fn build_table() -> CharTable {
    let classes = [
        (r"\p{Nd}", StringCharacterTypes::Decimal),
        (r"\p{N}", StringCharacterTypes::Numeric),
        (r"\p{Nd}", StringCharacterTypes::Digit),
        (r"\p{L}", StringCharacterTypes::Alpha),
        (r"\p{White_Space}", StringCharacterTypes::Space),
        (r"\p{Uppercase}", StringCharacterTypes::Upper),
        (r"\p{Lowercase}", StringCharacterTypes::Lower),
    ];
    let mut all = vec![0u8; 0x11_0000];
    for (class, bit) in classes {
        for (lo, hi) in ranges(class) {
            for f in &mut all[lo as usize..=hi as usize] {
                *f |= bit as u8;
            }
        }
    }
    let (mut starts, mut flags) = (vec![0u32], vec![all[0]]);
    for (c, &f) in all.iter().enumerate().skip(1) {
        if f != all[c - 1] {
            starts.push(c as u32);
            flags.push(f);
        }
    }
    let mut ascii = [0u8; 128];
    ascii.copy_from_slice(&all[..128]);
    CharTable {
        starts,
        flags,
        ascii,
    }
}

/// The class table (built once).
pub(crate) fn table() -> &'static CharTable {
    static TABLE: OnceLock<CharTable> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// The tables of the `strings_chars` kernels: classes, then upper and lower case, on the
/// device once (they are constants; uploading them on every call was a hidden transfer the
/// transfer audit found).
pub(crate) fn device_tables() -> Result<std::sync::Arc<dev::Tables>> {
    static TABLES: std::sync::Mutex<Option<std::sync::Arc<dev::Tables>>> =
        std::sync::Mutex::new(None);
    let mut slot = TABLES.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = slot.as_ref() {
        return Ok(t.clone());
    }
    let (t, up, lo) = (table(), super::case::table(true), super::case::table(false));
    let tables = std::sync::Arc::new(dev::Tables::new(
        &t.starts,
        &t.flags,
        (&up.keys, &up.vals),
        (&lo.keys, &lo.vals),
    )?);
    *slot = Some(tables.clone());
    Ok(tables)
}

/// `types` as class bits: `ValueError` for bits outside ALL_TYPES.
pub(crate) fn type_bits(types: u32, function: &str, what: &str) -> Result<u32> {
    if types & !ALL_TYPES != 0 {
        return Err(Error::value(format!(
            "strings.{function}: {what} must be StringCharacterTypes flags (0..=127), got {types}"
        )));
    }
    Ok(types)
}

/// BOOL8: whether every character of a row has one of the classes `types`. With
/// `verify_types` other than ALL_TYPES only the characters of those classes are checked
/// (the others are skipped); a row with no checked character (an empty row) gives false.
/// Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::char_types::{all_characters_of_type, StringCharacterTypes as T};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abc", "ab1", ""])).unwrap();
/// let r = all_characters_of_type(&c, T::Alpha as u32, T::AllTypes as u32).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap(), vec![1, 0, 0]);
/// ```
pub fn all_characters_of_type(input: &Column, types: u32, verify_types: u32) -> Result<Column> {
    const NAME: &str = "char_types.all_characters_of_type";
    check_strings(input, NAME, "input")?;
    let types = type_bits(types, NAME, "types")?;
    let verify = type_bits(verify_types, NAME, "verify_types")?;
    if use_device()? {
        return dev::all_of_type(input, types, verify, &*device_tables()?);
    }
    let t = table();
    let h = HostStrs::of(input)?;
    let v: Vec<u8> = (0..h.len())
        .map(|i| {
            let Some(s) = h.opt(i) else { return 0 };
            let mut checked = false;
            for c in s.chars() {
                let f = u32::from(t.flags_of(c));
                if verify == ALL_TYPES || f & verify != 0 {
                    if f & types == 0 {
                        return 0;
                    }
                    checked = true;
                }
            }
            u8::from(checked)
        })
        .collect();
    host_column(input, TypeId::Bool8.into(), v)
}

/// Replace by `replacement` (a valid string, empty: remove) every character of the classes
/// `types_to_remove` (when `types_to_keep` is ALL_TYPES), or every character of none of
/// the classes `types_to_keep` (when `types_to_remove` is ALL_TYPES). Exactly one of the
/// two must be ALL_TYPES (`ValueError` otherwise). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::char_types::{filter_characters_of_type, StringCharacterTypes as T};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a1 b2"])).unwrap();
/// let e = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![""])).unwrap()).unwrap();
/// let r = filter_characters_of_type(&c, T::Decimal as u32, &e, T::AllTypes as u32).unwrap();
/// let r = to_arrow(&r).unwrap();
/// assert_eq!(r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap().value(0), "a b");
/// ```
pub fn filter_characters_of_type(
    input: &Column,
    types_to_remove: u32,
    replacement: &Scalar,
    types_to_keep: u32,
) -> Result<Column> {
    const NAME: &str = "char_types.filter_characters_of_type";
    check_strings(input, NAME, "input")?;
    let remove = type_bits(types_to_remove, NAME, "types_to_remove")?;
    let keep = type_bits(types_to_keep, NAME, "types_to_keep")?;
    if (remove == ALL_TYPES) == (keep == ALL_TYPES) {
        return Err(Error::value(format!(
            "strings.{NAME}: exactly one of types_to_remove and types_to_keep must be ALL_TYPES"
        )));
    }
    let repl = scalar_bytes(replacement, NAME, "replacement")?;
    if use_device()? {
        return dev::filter_of_type(input, remove, keep, &repl, &*device_tables()?);
    }
    let t = table();
    map_rows(input, |s, out| {
        let mut buf = [0u8; 4];
        for c in s.chars() {
            let f = u32::from(t.flags_of(c));
            let drop = if keep == ALL_TYPES {
                f & remove != 0
            } else {
                f & keep == 0
            };
            if drop {
                out.extend_from_slice(&repl);
            } else {
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_unicode() {
        let t = table();
        let f = |c| t.flags_of(c);
        assert_eq!(f('a'), StringCharacterTypes::Alpha as u8 | LOWER);
        assert_eq!(f('Ä'), StringCharacterTypes::Alpha as u8 | UPPER);
        assert_eq!(f('5'), 1 | 2 | 4);
        assert_eq!(f('٣'), 1 | 2 | 4, "Arabic-Indic digit three is Nd");
        assert_eq!(f('½'), 2, "vulgar fractions are numeric only");
        assert_eq!(f('\u{3000}'), StringCharacterTypes::Space as u8);
        assert_eq!(f('日'), StringCharacterTypes::Alpha as u8);
        assert_eq!(f('😀'), 0);
        assert_eq!(f('𝟘'), 1 | 2 | 4, "beyond U+FFFF too");
        assert_eq!(f(','), 0);
        for c in ['a', 'Z', '0', ' ', '\t', '~'] {
            assert_eq!(
                t.flags[t.starts.partition_point(|&s| s <= c as u32) - 1],
                f(c)
            );
        }
    }
}
