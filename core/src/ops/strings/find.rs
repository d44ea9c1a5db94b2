//! pylibcudf's `strings.find`: `contains`, `starts_with`, `ends_with` and `find` with a
//! literal target (a scalar for every row, or a column row by row). Regular expressions
//! (`strings.contains.contains_re`) are not implemented.

use super::{HostStrs, check_strings};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::{Error, Result};
use crate::ops::null_mask::bitmask_and;
use crate::ops::numeric::host_mask_copy;
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// What to search for: one string for every row, or a column row by row.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    /// The same (valid) string for every row.
    Scalar(&'a Scalar),
    /// Row i of the column for row i of the input (a null target row gives null).
    Column(&'a Column),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Contains = 0,
    StartsWith = 1,
    EndsWith = 2,
    Find = 3,
    Rfind = 4,
}

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::Contains => "find.contains",
            Op::StartsWith => "find.starts_with",
            Op::EndsWith => "find.ends_with",
            Op::Find => "find.find",
            Op::Rfind => "find.rfind",
        }
    }
}

/// The output validity: the input's (scalar target, copied where the data lives:
/// `on_device`) or input AND target (column target).
fn validity(input: &Column, target: Target, on_device: bool) -> Result<(Option<Buffer>, usize)> {
    match target {
        Target::Scalar(_) if on_device => {
            let m = crate::device::kernels::transform::copy_mask(input)?;
            let nulls = if m.is_some() { input.null_count()? } else { 0 };
            Ok((m, nulls))
        }
        Target::Scalar(_) => host_mask_copy(input),
        Target::Column(t) => {
            let (m, nulls) = bitmask_and(&[input.clone(), t.clone()])?;
            Ok(if m.is_empty() || nulls == 0 {
                (None, 0)
            } else {
                (Some(m), nulls)
            })
        }
    }
}

/// The code point position of the first (or, `last`, the last) `t` in characters
/// `[start, stop)` of `s` (`stop < 0`: to the end), or -1; mirrors `str_find` in
/// `cuda/strings.cu`.
fn find_in(s: &str, t: &str, start: i64, stop: i64, last: bool) -> i32 {
    let nch = s.chars().count() as i64;
    let e = if stop < 0 || stop > nch { nch } else { stop };
    if start > nch || start > e {
        return -1;
    }
    let byte_at = |c: i64| s.char_indices().nth(c as usize).map_or(s.len(), |(b, _)| b);
    let (bs, be) = (byte_at(start), byte_at(e));
    let hit = if last {
        s[bs..be].rfind(t)
    } else {
        s[bs..be].find(t)
    };
    match hit {
        Some(m) => (start + s[bs..bs + m].chars().count() as i64) as i32,
        None => -1,
    }
}

fn run(input: &Column, target: Target, op: Op, start: i64, stop: i64) -> Result<Column> {
    let name = op.name();
    check_strings(input, name, "input")?;
    let scalar_target;
    let (tcol, is_scalar) = match target {
        Target::Scalar(s) => {
            // Checks the type and validity.
            super::scalar_bytes(s, name, "target")?;
            scalar_target = s.as_column().clone();
            (&scalar_target, true)
        }
        Target::Column(c) => {
            check_strings(c, name, "target")?;
            if c.size() != input.size() {
                return Err(Error::value(format!(
                    "strings.{name}: the target column has {} rows but the input has {}; \
                     pass columns of equal length or a scalar target",
                    c.size(),
                    input.size()
                )));
            }
            (c, false)
        }
    };
    if start < 0 {
        return Err(Error::value(format!(
            "strings.{name}: start must be >= 0, got {start}"
        )));
    }
    // The one host/device decision of every find function.
    let on_device = use_device()?;
    let (mask, nulls) = validity(input, target, on_device)?;
    if on_device {
        return dev::find(input, tcol, is_scalar, op as i32, start, stop, mask, nulls);
    }
    let h = HostStrs::of(input)?;
    let t = HostStrs::of(tcol)?;
    let n = h.len();
    let trow = |i: usize| if is_scalar { t.get(0) } else { t.get(i) };
    let both = |i: usize| h.valid(i) && (is_scalar || t.valid(i));
    let out: DataType;
    let data = if matches!(op, Op::Find | Op::Rfind) {
        out = TypeId::Int32.into();
        let v: Vec<i32> = (0..n)
            .map(|i| {
                if both(i) {
                    find_in(h.get(i), trow(i), start, stop, op == Op::Rfind)
                } else {
                    0
                }
            })
            .collect();
        Buffer::from_vec(v)
    } else {
        out = TypeId::Bool8.into();
        let v: Vec<u8> = (0..n)
            .map(|i| {
                if !both(i) {
                    return 0;
                }
                let (s, t) = (h.get(i), trow(i));
                u8::from(match op {
                    Op::Contains => s.contains(t),
                    Op::StartsWith => s.starts_with(t),
                    _ => s.ends_with(t),
                })
            })
            .collect();
        Buffer::from_vec(v)
    };
    Column::new(out, n, Some(data), mask, Some(nulls), 0, vec![])
}

/// BOOL8: whether each row contains the target; null rows (or null target rows) give null.
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::find::{contains, Target};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["abc", "xyz"])).unwrap();
/// let t = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["b"])).unwrap()).unwrap();
/// let r = contains(&c, Target::Scalar(&t)).unwrap();
/// assert_eq!(r.host_values::<u8>().unwrap().to_vec(), vec![1, 0]);
/// ```
pub fn contains(input: &Column, target: Target) -> Result<Column> {
    run(input, target, Op::Contains, 0, -1)
}

/// BOOL8: whether each row starts with the target.
pub fn starts_with(input: &Column, target: Target) -> Result<Column> {
    run(input, target, Op::StartsWith, 0, -1)
}

/// BOOL8: whether each row ends with the target.
pub fn ends_with(input: &Column, target: Target) -> Result<Column> {
    run(input, target, Op::EndsWith, 0, -1)
}

/// INT32: the character position of the first occurrence of the target within characters
/// `[start, stop)` of each row (`stop < 0`: to the end), or -1 (Python's `str.find`
/// for `start >= 0`).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::find::{find, Target};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo", "x"])).unwrap();
/// let t = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["l"])).unwrap()).unwrap();
/// let r = find(&c, Target::Scalar(&t), 0, -1).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![2, -1]);
/// ```
pub fn find(input: &Column, target: Target, start: i64, stop: i64) -> Result<Column> {
    run(input, target, Op::Find, start, stop)
}

/// INT32: the character position of the last occurrence of the target within characters
/// `[start, stop)` of each row (`stop < 0`: to the end), or -1 (Python's `str.rfind` for
/// `start >= 0`).
///
/// ```
/// use ferrodf_core::interop::arrow::from_arrow;
/// use ferrodf_core::ops::strings::find::{rfind, Target};
/// use ferrodf_core::scalar::Scalar;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["héllo", "x"])).unwrap();
/// let t = Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec!["l"])).unwrap()).unwrap();
/// let r = rfind(&c, Target::Scalar(&t), 0, -1).unwrap();
/// assert_eq!(r.host_values::<i32>().unwrap().to_vec(), vec![3, -1]);
/// ```
pub fn rfind(input: &Column, target: Target, start: i64, stop: i64) -> Result<Column> {
    run(input, target, Op::Rfind, start, stop)
}
