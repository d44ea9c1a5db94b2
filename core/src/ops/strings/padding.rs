//! pylibcudf's `strings.padding`: `pad`, `zfill` and `zfill_by_widths`.
//!
//! Widths count characters (code points), as Python's `str.rjust` / `str.zfill`. Centring
//! (`SideType.BOTH`) puts the extra character on the left when the width is odd, as
//! Python's `str.center` (pandas' `str.center`); pyarrow's `utf8_center` puts it on the
//! right.

use super::{
    HostStrs, both_valid, build_rows, check_strings, host_string_column, int64_rows, map_rows,
};
use crate::column::Column;
use crate::device::kernels::strings_edit::{self as dev, PerRowKernel};
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::string_options::SideType;

/// Append `s` padded with `fill` to `width` characters on `side`.
fn pad_row(s: &str, width: i64, side: SideType, fill: &str, out: &mut Vec<u8>) {
    let pad = (width - s.chars().count() as i64).max(0);
    let left = match side {
        SideType::Left => pad,
        SideType::Right => 0,
        SideType::Both => pad / 2 + (pad & width & 1),
    };
    for _ in 0..left {
        out.extend_from_slice(fill.as_bytes());
    }
    out.extend_from_slice(s.as_bytes());
    for _ in left..pad {
        out.extend_from_slice(fill.as_bytes());
    }
}

/// Append `s` with '0's after its sign (a leading '+' or '-') up to `width` characters.
fn zfill_row(s: &str, width: i64, out: &mut Vec<u8>) {
    let pad = (width - s.chars().count() as i64).max(0);
    let sign = usize::from(pad > 0 && (s.starts_with('+') || s.starts_with('-')));
    out.extend_from_slice(&s.as_bytes()[..sign]);
    out.extend(std::iter::repeat_n(b'0', pad as usize));
    out.extend_from_slice(&s.as_bytes()[sign..]);
}

/// Every row shorter than `width` characters padded with `fill_char` (exactly one
/// character, `ValueError` otherwise) on `side`: LEFT right-justifies, RIGHT
/// left-justifies, BOTH centres. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::padding::pad;
/// use ferrodf_core::string_options::SideType;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["ab", "abcdef"])).unwrap();
/// let r = to_arrow(&pad(&c, 5, SideType::Both, "é").unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((r.value(0), r.value(1)), ("ééabé", "abcdef"));
/// ```
pub fn pad(input: &Column, width: i64, side: SideType, fill_char: &str) -> Result<Column> {
    const NAME: &str = "padding.pad";
    check_strings(input, NAME, "input")?;
    if fill_char.chars().count() != 1 {
        return Err(Error::value(format!(
            "strings.{NAME}: fill_char must be one character, got {fill_char:?}"
        )));
    }
    if use_device()? {
        return dev::pad(input, width, side as i32, fill_char.as_bytes());
    }
    map_rows(input, |s, out| pad_row(s, width, side, fill_char, out))
}

/// Every row shorter than `width` characters with '0's on the left, after a leading sign
/// ('+' or '-'), as Python's `str.zfill`. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::padding::zfill;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["-12", "abc", "12345"])).unwrap();
/// let r = to_arrow(&zfill(&c, 5).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((r.value(0), r.value(1), r.value(2)), ("-0012", "00abc", "12345"));
/// ```
pub fn zfill(input: &Column, width: i64) -> Result<Column> {
    check_strings(input, "padding.zfill", "input")?;
    if use_device()? {
        let (mask, nulls) = crate::device::kernels::transform::copied_validity(input)?;
        let validity = (mask, nulls.unwrap_or(0));
        return dev::per_row_param(PerRowKernel::Zfill, input, width, None, validity);
    }
    map_rows(input, |s, out| zfill_row(s, width, out))
}

/// [`zfill`] with row i's width from row i of the integer column `widths`; a row whose
/// width is null is null.
pub fn zfill_by_widths(input: &Column, widths: &Column) -> Result<Column> {
    const NAME: &str = "padding.zfill_by_widths";
    check_strings(input, NAME, "input")?;
    let w = int64_rows(widths, input.size(), NAME, "widths")?;
    let (mask, nulls) = both_valid(input, &w)?;
    if use_device()? {
        return dev::per_row_param(PerRowKernel::Zfill, input, 0, Some(&w), (mask, nulls));
    }
    let h = HostStrs::of(input)?;
    let wv = w.host_values::<i64>()?;
    let wn = w.host_nulls()?;
    let (chars, ends, _) = build_rows(h.len(), |i, out| {
        if h.valid(i) && wn.as_ref().is_none_or(|nb| nb.is_valid(i)) {
            zfill_row(h.get(i), wv[i], out);
        }
        true
    });
    host_string_column(chars, ends, mask, nulls)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn padded(s: &str, width: i64, side: SideType) -> String {
        let mut out = Vec::new();
        pad_row(s, width, side, "*", &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn centring_follows_python() {
        // Python: "ab".center(5, "*") == "**ab*", "ab".center(6, "*") == "**ab**",
        // "abc".center(6, "*") == "*abc**".
        assert_eq!(padded("ab", 5, SideType::Both), "**ab*");
        assert_eq!(padded("ab", 6, SideType::Both), "**ab**");
        assert_eq!(padded("abc", 6, SideType::Both), "*abc**");
        assert_eq!(padded("日本", 4, SideType::Left), "**日本");
        assert_eq!(padded("abc", -1, SideType::Right), "abc");
    }

    #[test]
    fn zfill_keeps_the_sign_first() {
        let z = |s: &str, w| {
            let mut out = Vec::new();
            zfill_row(s, w, &mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(z("+1", 4), "+001");
        assert_eq!(z("-", 3), "-00");
        assert_eq!(z("-12", 2), "-12");
        assert_eq!(z("", 2), "00");
        assert_eq!(z("x-1", 4), "0x-1");
    }
}
