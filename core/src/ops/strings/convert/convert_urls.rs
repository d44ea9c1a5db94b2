//! pylibcudf's `strings.convert.convert_urls`: percent-encoding (RFC 3986).

use super::super::{HostStrs, build_rows, check_strings, host_string_column, map_rows, mask_of};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::Result;
use crate::placement::use_device;

/// Every byte of every row except the unreserved `A-Z a-z 0-9 - . _ ~` as `%XX` (upper-case
/// hex of the UTF-8 bytes), as libcudf and Python's `urllib.parse.quote(s, safe="")`.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_urls::url_encode;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a b/é~"])).unwrap();
/// let r = to_arrow(&url_encode(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a%20b%2F%C3%A9~");
/// ```
pub fn url_encode(input: &Column) -> Result<Column> {
    check_strings(input, "convert_urls.url_encode", "input")?;
    if use_device()? {
        return dev::url_encode(input);
    }
    map_rows(input, |s, out| {
        for &c in s.as_bytes() {
            if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
                out.push(c);
            } else {
                out.extend_from_slice(format!("%{c:02X}").as_bytes());
            }
        }
    })
}

/// Every `%XX` (two hex digits, either case) as the byte XX; anything else, `+` included,
/// stays. As Python's `urllib.parse.unquote_to_bytes`; a row whose decoded bytes are not
/// UTF-8 is null (libcudf would hand back the invalid bytes, Python's `unquote` replaces
/// them with U+FFFD).
pub fn url_decode(input: &Column) -> Result<Column> {
    check_strings(input, "convert_urls.url_decode", "input")?;
    if use_device()? {
        return dev::url_decode(input);
    }
    let h = HostStrs::of(input)?;
    let (chars, ends, valid) = build_rows(h.len(), |i, out| {
        let Some(s) = h.opt(i) else { return false };
        let start = out.len();
        let b = s.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
            match (b[k], hex(k + 1), hex(k + 2)) {
                (b'%', Some(hi), Some(lo)) => {
                    out.push((hi * 16 + lo) as u8);
                    k += 3;
                }
                (c, _, _) => {
                    out.push(c);
                    k += 1;
                }
            }
        }
        let ok = std::str::from_utf8(&out[start..]).is_ok();
        if !ok {
            out.truncate(start);
        }
        ok
    });
    let (mask, nulls) = mask_of(&valid);
    host_string_column(chars, ends, mask, nulls)
}
