//! pylibcudf's `strings.attributes`: `count_characters` (pandas' `str.len`),
//! `count_bytes` and `code_points`.

use super::{HostStrs, check_strings};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::device::kernels::strings_edit as dev_edit;
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

/// INT32: every character of every valid row, one after the other (null rows add none),
/// as libcudf encodes it: the character's UTF-8 bytes read as one big-endian integer
/// (`é`, bytes C3 A9, is 50089; ASCII characters are their code points).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::attributes::code_points;
/// let c = from_arrow(&arrow_array::StringArray::from(vec![Some("aé"), None, Some("b")])).unwrap();
/// assert_eq!(code_points(&c).unwrap().host_values::<i32>().unwrap().to_vec(), vec![97, 50089, 98]);
/// ```
pub fn code_points(input: &Column) -> Result<Column> {
    check_strings(input, "attributes.code_points", "input")?;
    if use_device()? {
        return dev_edit::code_points(input);
    }
    let h = HostStrs::of(input)?;
    let mut v: Vec<i32> = Vec::new();
    for s in (0..h.len()).filter_map(|i| h.opt(i)) {
        let mut buf = [0u8; 4];
        v.extend(s.chars().map(|c| {
            let b = c.encode_utf8(&mut buf).as_bytes();
            b.iter().fold(0u32, |acc, &x| (acc << 8) | u32::from(x)) as i32
        }));
    }
    Ok(Column::from_values(v))
}
