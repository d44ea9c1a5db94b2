//! pylibcudf's `strings.slice.slice_strings` with integer bounds.

use super::{check_strings, map_rows};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;

/// Python's `slice(start, stop, step).indices(len)` (step != 0).
pub(crate) fn slice_indices(
    len: i64,
    start: Option<i64>,
    stop: Option<i64>,
    step: i64,
) -> (i64, i64) {
    let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
    let clamp = |v: i64| {
        let v = if v < 0 { v + len } else { v };
        v.clamp(lower, upper)
    };
    let s = start.map_or(if step < 0 { upper } else { lower }, clamp);
    let e = stop.map_or(if step < 0 { lower } else { upper }, clamp);
    (s, e)
}

/// Characters `[start:stop:step]` of every row, with Python's slice semantics (negative
/// positions count from the end, `None` is the open end); nulls stay null. `step` must
/// not be 0 (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::slice::slice_strings;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo"])).unwrap();
/// let r = to_arrow(&slice_strings(&c, Some(1), Some(-1), 1).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "éll");
/// ```
pub fn slice_strings(
    input: &Column,
    start: Option<i64>,
    stop: Option<i64>,
    step: i64,
) -> Result<Column> {
    check_strings(input, "slice.slice_strings", "input")?;
    if step == 0 {
        return Err(Error::value(
            "strings.slice.slice_strings: step must not be 0",
        ));
    }
    if use_device()? {
        return dev::slice(input, start, stop, step);
    }
    map_rows(input, |s, out| {
        if step == 1 && start.is_none_or(|v| v >= 0) && stop.is_some_and(|v| v >= 0) {
            // Non-negative bounds need no character count: walk to them.
            let (a, b) = (start.unwrap_or(0) as usize, stop.unwrap_or(0) as usize);
            if b > a {
                let mut it = s
                    .char_indices()
                    .map(|(i, _)| i)
                    .chain(std::iter::once(s.len()));
                if let Some(bs) = it.nth(a) {
                    let be = it.nth(b - a - 1).unwrap_or(s.len());
                    out.extend_from_slice(&s.as_bytes()[bs..be]);
                }
            }
            return;
        }
        let mut bounds: Vec<usize> = s.char_indices().map(|(b, _)| b).collect();
        bounds.push(s.len());
        let nch = bounds.len() as i64 - 1;
        let (mut k, e) = slice_indices(nch, start, stop, step);
        while (step > 0 && k < e) || (step < 0 && k > e) {
            let k0 = k as usize;
            out.extend_from_slice(&s.as_bytes()[bounds[k0]..bounds[k0 + 1]]);
            k += step;
        }
    })
}
