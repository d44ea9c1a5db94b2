//! pylibcudf's `strings.attributes`: `count_characters` (pandas' `str.len`) and
//! `count_bytes`.

use super::{HostStrs, check_strings};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::Result;
use crate::ops::numeric::host_column;
use crate::placement::use_device;
use crate::types::TypeId;

fn count(input: &Column, bytes: bool, function: &str) -> Result<Column> {
    check_strings(input, function, "input")?;
    if use_device()? {
        return dev::count(input, bytes);
    }
    let h = HostStrs::of(input)?;
    let v: Vec<i32> = (0..h.len())
        .map(|i| match h.opt(i) {
            Some(s) if bytes => s.len() as i32,
            Some(s) => s.chars().count() as i32,
            None => 0,
        })
        .collect();
    host_column(input, TypeId::Int32.into(), v)
}

/// The number of characters (Unicode code points) of every row, as INT32; nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::attributes::count_characters;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("héllo"), None])).unwrap();
/// let n = count_characters(&c).unwrap();
/// assert_eq!(n.host_values::<i32>().unwrap()[0], 5);
/// assert_eq!(n.null_count().unwrap(), 1);
/// ```
pub fn count_characters(input: &Column) -> Result<Column> {
    count(input, false, "attributes.count_characters")
}

/// The number of UTF-8 bytes of every row, as INT32; nulls stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::attributes::count_bytes;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo"])).unwrap();
/// assert_eq!(count_bytes(&c).unwrap().host_values::<i32>().unwrap()[0], 6);
/// ```
pub fn count_bytes(input: &Column) -> Result<Column> {
    count(input, true, "attributes.count_bytes")
}
