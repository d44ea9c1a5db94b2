//! pylibcudf's `strings.wrap.wrap`.

use super::{check_strings, map_rows};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;

/// libcudf's line wrapping: every character up to U+0020 (space and control characters)
/// becomes a space, and walking the characters of a row, once the current line (from the
/// character after the last break) reaches `width` characters, the last space seen so far
/// becomes a newline. Rows keep their byte length; a word longer than `width` is not
/// broken. This is not Python's `textwrap` (which also drops spaces at the breaks).
/// `width` must be positive (`ValueError`). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::wrap::wrap;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["the quick brown fox"])).unwrap();
/// let r = to_arrow(&wrap(&c, 10).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "the quick\nbrown fox");
/// ```
pub fn wrap(input: &Column, width: i64) -> Result<Column> {
    check_strings(input, "wrap.wrap", "input")?;
    if width <= 0 {
        return Err(Error::value(format!(
            "strings.wrap.wrap: width must be positive, got {width}"
        )));
    }
    if use_device()? {
        return dev::wrap(input, width);
    }
    map_rows(input, |s, out| {
        let base = out.len();
        let (mut last, mut spos) = (None::<(usize, i64)>, 0i64);
        for (pos, (k, c)) in s.char_indices().enumerate() {
            let pos = pos as i64;
            if c <= ' ' {
                out.push(b' ');
                last = Some((k, pos));
            } else {
                let mut b = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
            if pos - spos >= width
                && let Some((lb, lc)) = last
            {
                out[base + lb] = b'\n';
                spos = lc;
                last = None;
            }
        }
    })
}
