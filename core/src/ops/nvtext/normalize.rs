//! pylibcudf's `nvtext.normalize`: `normalize_spaces`.

use super::{char_tokens, check_strings};
use crate::column::Column;
use crate::device::kernels::nvtext as dev;
use crate::error::Result;
use crate::ops::strings::map_rows;
use crate::placement::use_device;

/// Every row with its whitespace runs (code points up to U+0020) replaced by one space and
/// leading and trailing whitespace removed. Nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::nvtext::normalize::normalize_spaces;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["  a\t\tb \n c  "])).unwrap();
/// let r = to_arrow(&normalize_spaces(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a b c");
/// ```
pub fn normalize_spaces(input: &Column) -> Result<Column> {
    check_strings(input, "normalize.normalize_spaces", "input")?;
    if use_device()? {
        return dev::normalize_spaces(input);
    }
    map_rows(input, |s, out| {
        for (k, (a, b)) in char_tokens(s, &[]).enumerate() {
            if k > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(&s.as_bytes()[a..b]);
        }
    })
}
