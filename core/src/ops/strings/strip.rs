//! pylibcudf's `strings.strip.strip` and `SideType`.

use super::{check_strings, is_white, map_rows, scalar_chars};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::Result;
use crate::placement::use_device;
use crate::scalar::Scalar;

pub use crate::string_options::SideType;

/// Remove the characters of `to_strip` (any order, as Python's `str.strip(chars)`) from
/// the given side of every row; `None` or an empty string strips Unicode whitespace.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::strip::{strip, SideType};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["  a b\u{3000}"])).unwrap();
/// let r = to_arrow(&strip(&c, SideType::Both, None).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a b");
/// ```
pub fn strip(input: &Column, side: SideType, to_strip: Option<&Scalar>) -> Result<Column> {
    const NAME: &str = "strip.strip";
    check_strings(input, NAME, "input")?;
    let set = scalar_chars(to_strip, NAME, "to_strip")?;
    if use_device()? {
        let cps: Vec<u32> = set.iter().map(|&c| c as u32).collect();
        return dev::strip(input, side as i32, &cps);
    }
    let strip_it = |c: char| {
        if set.is_empty() {
            is_white(c)
        } else {
            set.contains(&c)
        }
    };
    map_rows(input, |s, out| {
        let s = match side {
            SideType::Left => s.trim_start_matches(strip_it),
            SideType::Right => s.trim_end_matches(strip_it),
            SideType::Both => s.trim_matches(strip_it),
        };
        out.extend_from_slice(s.as_bytes());
    })
}
