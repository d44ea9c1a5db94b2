//! pylibcudf's `strings.combine.join_strings`: every row of a column joined into one
//! string.

use super::{HostStrs, check_strings, host_string_column, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;

/// One row: the rows of `input` joined with `separator` (a valid string). A null row is
/// written as `narep` when that is a valid string and left out (with its separator) when
/// it is null. An empty input gives an empty column; an input whose rows are all left out
/// gives one null row.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::join::join_strings;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: Option<&str>| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("a"), None, Some("日")])).unwrap();
/// let r = to_arrow(&join_strings(&c, &s(Some("-")), &s(None)).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a-日");
/// let r = to_arrow(&join_strings(&c, &s(Some("-")), &s(Some("?"))).unwrap()).unwrap();
/// assert_eq!(r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap().value(0), "a-?-日");
/// ```
pub fn join_strings(input: &Column, separator: &Scalar, narep: &Scalar) -> Result<Column> {
    const NAME: &str = "combine.join_strings";
    check_strings(input, NAME, "input")?;
    let sep = scalar_bytes(separator, NAME, "separator")?;
    if narep.dtype().id() != TypeId::String {
        return Err(Error::type_err(format!(
            "strings.{NAME}: narep must be a STRING scalar, got {}",
            narep.dtype()
        )));
    }
    let narep = if narep.is_valid()? {
        Some(scalar_bytes(narep, NAME, "narep")?)
    } else {
        None
    };
    if input.size() == 0 {
        return host_string_column(vec![], vec![], None, 0);
    }
    if narep.is_none() && input.null_count()? == input.size() {
        let (mask, nulls) = super::mask_of(&[false]);
        return host_string_column(vec![], vec![0], mask, nulls);
    }
    if use_device()? {
        return dev::join_strings(input, &sep, narep.as_deref());
    }
    let h = HostStrs::of(input)?;
    let mut out: Vec<u8> = Vec::new();
    let mut any = false;
    for i in 0..h.len() {
        let piece = match h.opt(i) {
            Some(s) => s.as_bytes(),
            None => match &narep {
                Some(n) => n.as_slice(),
                None => continue,
            },
        };
        if any {
            out.extend_from_slice(&sep);
        }
        out.extend_from_slice(piece);
        any = true;
    }
    let end = out.len() as i64;
    host_string_column(out, vec![end], None, 0)
}
