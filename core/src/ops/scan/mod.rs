//! `reduce.scan`: running sums, products, minima and maxima (pylibcudf's `scan`, with its
//! null policy EXCLUDE: nulls are skipped by the running value and stay null).
//!
//! The output has the input's type. Integer sums and products wrap. MIN and MAX compare with
//! `<` and `>` (so a NaN never replaces the running value, and a leading NaN stays until a
//! value compares against it), on both paths.

use super::aggregation::{Aggregation, Kind};
use super::gather::mask_copy;
use super::numeric::{Num, with_num_type};
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::scan::{self as dev, ScanOp};
use crate::device::kernels::storage_id;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{TypeId, fixed_width};

/// Inclusive (or exclusive) scan of `col` with `agg` (SUM, PRODUCT, MIN or MAX).
///
/// ```
/// use ferrodf_core::{column::Column, ops::{aggregation::Aggregation, scan::scan}};
/// let c = Column::from_options(vec![Some(1i64), None, Some(2), Some(3)]);
/// let s = scan(&c, &Aggregation::Sum, true).unwrap();
/// assert_eq!(s.host_values::<i64>().unwrap()[..], [1, 1, 3, 6]);
/// assert_eq!(s.null_count().unwrap(), 1);
/// ```
pub fn scan(col: &Column, agg: &Aggregation, inclusive: bool) -> Result<Column> {
    let id = col.dtype().id();
    let kind = agg.kind();
    let op = match kind {
        Kind::Sum => ScanOp::Sum,
        Kind::Product => ScanOp::Product,
        Kind::Min => ScanOp::Min,
        Kind::Max => ScanOp::Max,
        other => {
            return Err(Error::not_implemented(format!(
                "scan with {other} is not implemented; supported: SUM, PRODUCT, MIN, MAX"
            )));
        }
    };
    let chrono = id.is_timestamp() || id.is_duration();
    let allowed = (id.is_numeric() && id != TypeId::Bool8)
        || (chrono && matches!(op, ScanOp::Min | ScanOp::Max))
        || (id.is_duration() && op == ScanOp::Sum);
    if !allowed {
        return Err(Error::type_err(format!(
            "scan with {kind} is not supported for {} columns",
            col.dtype()
        )));
    }
    let st = storage_id(id).expect("numeric or chrono");
    let n = col.size();
    let w = fixed_width(id).expect("fixed width");
    let data = if use_device()? {
        let src = match col.data() {
            Some(d) if n > 0 => d.device_ptr()? + (col.offset() * w) as u64,
            _ => 0,
        };
        let (m, off) = match col.mask() {
            Some(b) if col.null_count()? > 0 => (b.device_ptr()?, col.offset() as i64),
            _ => (0, 0),
        };
        let out = crate::device::DeviceMemory::alloc(n * w)?;
        dev::scan_skipping_nulls(src, m, off, out.ptr(), n, st, op, !inclusive)?;
        Buffer::from_device(out)
    } else {
        let nulls = col.host_nulls()?;
        with_num_type!(st, S => {
            let vals = col.host_values::<S>()?;
            let (identity, f): (S, fn(S, S) -> S) = match op {
                ScanOp::Sum => (S::zero(), |a, b| a.wadd(b)),
                ScanOp::Product => (S::one(), |a, b| a.wmul(b)),
                ScanOp::Max => (S::lowest(), |a, b| if b > a { b } else { a }),
                ScanOp::Min => (S::highest(), |a, b| if b < a { b } else { a }),
            };
            let mut acc = identity;
            let out: Vec<S> = (0..n)
                .map(|i| {
                    let v = if nulls.as_ref().is_none_or(|nb| nb.is_valid(i)) { vals[i] } else { identity };
                    let before = acc;
                    acc = f(acc, v);
                    if inclusive { acc } else { before }
                })
                .collect();
            Buffer::from_vec(out)
        })
    };
    let mask = mask_copy(col)?;
    let nc = if mask.is_some() {
        Some(col.null_count()?)
    } else {
        Some(0)
    };
    Column::new(col.dtype(), n, Some(data), mask, nc, 0, vec![])
}
