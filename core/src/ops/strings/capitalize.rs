//! pylibcudf's `strings.capitalize`: `capitalize`, `title` and `is_title`.
//!
//! Characters are upper- and lower-cased with the full mappings of `strings.case` (`ß`
//! capitalizes to `SS`; Python's `str.capitalize` uses the titlecase `Ss`, pyarrow keeps
//! `ß`). Word boundaries and cased characters come from the classes of
//! [`super::char_types`].

use super::case::push_case;
use super::char_types::{LOWER, UPPER, device_tables, table, type_bits};
use super::{HostStrs, check_strings, map_rows, scalar_chars};
use crate::column::Column;
use crate::device::kernels::strings_chars::{self as dev, Recase};
use crate::error::Result;
use crate::ops::numeric::host_column;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;

fn push_char(c: char, out: &mut Vec<u8>) {
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// The first character of every row in upper case and the others in lower case, except
/// that a character right after one of the characters of `delimiters` (a string scalar;
/// None or empty: no delimiters) is upper-cased too. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::capitalize::capitalize;
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["hELLO wORLD"])).unwrap();
/// let sp = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![" "])).unwrap()).unwrap();
/// let r = to_arrow(&capitalize(&c, Some(&sp)).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "Hello World");
/// ```
pub fn capitalize(input: &Column, delimiters: Option<&Scalar>) -> Result<Column> {
    const NAME: &str = "capitalize.capitalize";
    check_strings(input, NAME, "input")?;
    let delims = scalar_chars(delimiters, NAME, "delimiters")?;
    if use_device()? {
        let cps: Vec<u32> = delims.iter().map(|&c| c as u32).collect();
        return dev::recase(input, Recase::Capitalize(&cps), &*device_tables()?);
    }
    map_rows(input, |s, out| {
        let mut first = true;
        for c in s.chars() {
            push_case(c, first, out);
            first = delims.contains(&c);
        }
    })
}

/// Every run of characters of the classes `sequence_type` (pylibcudf's default: ALPHA)
/// with its first character upper-cased and the rest lower-cased; other characters stay
/// as they are and end the run. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::capitalize::title;
/// use ferrodf_core::ops::strings::char_types::StringCharacterTypes as T;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["hELLO wORLD-x1y"])).unwrap();
/// let r = to_arrow(&title(&c, T::Alpha as u32).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "Hello World-X1Y");
/// ```
pub fn title(input: &Column, sequence_type: u32) -> Result<Column> {
    const NAME: &str = "capitalize.title";
    check_strings(input, NAME, "input")?;
    let seq = type_bits(sequence_type, NAME, "sequence_type")?;
    if use_device()? {
        return dev::recase(input, Recase::Title(seq), &*device_tables()?);
    }
    let t = table();
    map_rows(input, |s, out| {
        let mut first = true;
        for c in s.chars() {
            if u32::from(t.flags_of(c)) & seq != 0 {
                push_case(c, first, out);
                first = false;
            } else {
                push_char(c, out);
                first = true;
            }
        }
    })
}

/// BOOL8: whether a row is title-cased: it has an upper-case character, every upper-case
/// character follows an uncased one and every lower-case character follows a cased one
/// (pyarrow's `utf8_is_title`, Python's `str.istitle`). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::capitalize::is_title;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["Hello World", "Hello world", ""])).unwrap();
/// assert_eq!(is_title(&c).unwrap().host_values::<u8>().unwrap(), vec![1, 0, 0]);
/// ```
pub fn is_title(input: &Column) -> Result<Column> {
    check_strings(input, "capitalize.is_title", "input")?;
    if use_device()? {
        return dev::is_title(input, &*device_tables()?);
    }
    let t = table();
    let h = HostStrs::of(input)?;
    let v: Vec<u8> = (0..h.len())
        .map(|i| {
            let Some(s) = h.opt(i) else { return 0 };
            let (mut prev_cased, mut any) = (false, false);
            for c in s.chars() {
                let f = t.flags_of(c);
                if f & UPPER != 0 {
                    if prev_cased {
                        return 0;
                    }
                    (prev_cased, any) = (true, true);
                } else if f & LOWER != 0 {
                    if !prev_cased {
                        return 0;
                    }
                } else {
                    prev_cased = false;
                }
            }
            u8::from(any)
        })
        .collect();
    host_column(input, TypeId::Bool8.into(), v)
}
