//! pylibcudf's `strings.repeat.repeat_strings`.

use super::{HostStrs, both_valid, build_rows, check_strings, host_string_column, int64_rows};
use crate::column::Column;
use crate::device::kernels::strings_edit::{self as dev, PerRowKernel};
use crate::device::kernels::transform::copied_validity;
use crate::error::Result;
use crate::ops::numeric::host_mask_copy;
use crate::placement::use_device;

/// How many times [`repeat_strings`] repeats each row.
#[derive(Clone, Copy)]
pub enum Times<'a> {
    /// The same count for every row.
    Scalar(i64),
    /// Row i's count from row i of an integer column (a null count gives a null row).
    Column(&'a Column),
}

/// Every row repeated `repeat_times` times (a count below 1 gives an empty string); nulls
/// stay null.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::repeat::{repeat_strings, Times};
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["ab", "é"])).unwrap();
/// let r = to_arrow(&repeat_strings(&c, Times::Scalar(3)).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!((r.value(0), r.value(1)), ("ababab", "ééé"));
/// ```
pub fn repeat_strings(input: &Column, repeat_times: Times) -> Result<Column> {
    const NAME: &str = "repeat.repeat_strings";
    check_strings(input, NAME, "input")?;
    let per_row = match repeat_times {
        Times::Scalar(_) => None,
        Times::Column(c) => Some(int64_rows(c, input.size(), NAME, "repeat_times")?),
    };
    let times = match repeat_times {
        Times::Scalar(t) => t,
        Times::Column(_) => 0,
    };
    let on_device = use_device()?;
    let (mask, nulls) = match &per_row {
        Some(p) => both_valid(input, p)?,
        None if on_device => {
            let (m, nulls) = copied_validity(input)?;
            (m, nulls.unwrap_or(0))
        }
        None => host_mask_copy(input)?,
    };
    if on_device {
        let p = per_row.as_ref();
        return dev::per_row_param(PerRowKernel::Repeat, input, times, p, (mask, nulls));
    }
    let h = HostStrs::of(input)?;
    let counts = per_row
        .as_ref()
        .map(|p| p.host_values::<i64>())
        .transpose()?;
    let count_nulls = per_row
        .as_ref()
        .map(|p| p.host_nulls())
        .transpose()?
        .flatten();
    let (chars, ends, _) = build_rows(h.len(), |i, out| {
        let count_valid = count_nulls.as_ref().is_none_or(|nb| nb.is_valid(i));
        if h.valid(i) && count_valid {
            let t = counts.as_ref().map_or(times, |c| c[i]);
            for _ in 0..t.max(0) {
                out.extend_from_slice(h.get(i).as_bytes());
            }
        }
        true
    });
    host_string_column(chars, ends, mask, nulls)
}
