//! pylibcudf's `strings.reverse.reverse`.

use super::{check_strings, map_rows};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::Result;
use crate::placement::use_device;

/// The characters (code points) of every row in reverse order, as pyarrow's
/// `utf8_reverse` (combining marks move with the code points, not with their base
/// letter). Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::reverse::reverse;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abç日😀"])).unwrap();
/// let r = to_arrow(&reverse(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "😀日çba");
/// ```
pub fn reverse(input: &Column) -> Result<Column> {
    check_strings(input, "reverse.reverse", "input")?;
    if use_device()? {
        return dev::reverse(input);
    }
    map_rows(input, |s, out| {
        let mut buf = [0u8; 4];
        for c in s.chars().rev() {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    })
}
