//! pylibcudf's `strings.find_multiple.find_multiple`.

use super::{HostStrs, check_strings};
use crate::column::Column;
use crate::device::kernels::strings_edit as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::TypeId;

/// A LIST<INT32> column: row i lists, for every row of `targets` in order, the character
/// position of its first occurrence in row i of `input` (-1 when absent; an empty target
/// is found at 0). As in libcudf a null row gives a list of -1s and the output has no
/// nulls. `targets` must be a non-empty STRING column without nulls (`ValueError`).
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::find_multiple::find_multiple;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo", "xyz"])).unwrap();
/// let t = from_arrow(&arrow_array::StringArray::from(vec!["l", "z"])).unwrap();
/// let r = to_arrow(&find_multiple(&c, &t).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::ListArray>().unwrap();
/// let v = r.values().as_any().downcast_ref::<arrow_array::Int32Array>().unwrap();
/// assert_eq!(v.values().to_vec(), vec![2, -1, -1, 2]);
/// ```
pub fn find_multiple(input: &Column, targets: &Column) -> Result<Column> {
    const NAME: &str = "find_multiple.find_multiple";
    check_strings(input, NAME, "input")?;
    check_strings(targets, NAME, "targets")?;
    if targets.size() == 0 || targets.null_count()? > 0 {
        return Err(Error::value(format!(
            "strings.{NAME}: targets must have at least one row and no nulls"
        )));
    }
    let (n, m) = (input.size(), targets.size());
    if n.checked_mul(m).is_none_or(|t| t > i32::MAX as usize) {
        return Err(Error::value(format!(
            "strings.{NAME}: {n} rows times {m} targets is too many positions for one column"
        )));
    }
    let offsets: Vec<i32> = (0..=n).map(|i| (i * m) as i32).collect();
    if use_device()? {
        return dev::find_multiple(input, targets, &offsets);
    }
    let (h, t) = (HostStrs::of(input)?, HostStrs::of(targets)?);
    let mut v = Vec::with_capacity(n * m);
    for i in 0..n {
        for j in 0..m {
            v.push(h.opt(i).map_or(-1, |s| {
                s.find(t.get(j))
                    .map_or(-1, |at| s[..at].chars().count() as i32)
            }));
        }
    }
    let children = vec![Column::from_values(offsets), Column::from_values(v)];
    Column::new(TypeId::List.into(), n, None, None, Some(0), 0, children)
}
