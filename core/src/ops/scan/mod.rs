//! `reduce.scan`: running sums, products, minima and maxima (pylibcudf's `scan`, with its
//! null policy EXCLUDE: nulls are skipped by the running value and stay null).
//!
//! The output has the input's type. Integer sums and products wrap. MIN and MAX compare with
//! `<` and `>` (so a NaN never replaces the running value, and a leading NaN stays until a
//! value compares against it), on both paths.
//!
//! [`scan`] checks the operation and type here, then scans the values on the host
//! ([`host`]) or the device ([`device`], the launcher of `device/kernels/scan.rs`).

mod device;
mod host;

use super::aggregation::{Aggregation, Kind};
use super::gather::mask_copy;
use crate::column::Column;
use crate::device::kernels::scan::ScanOp;
use crate::device::kernels::storage_id;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::TypeId;

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
    let data = if use_device()? {
        device::scan(col, st, op, inclusive)?
    } else {
        host::scan(col, st, op, inclusive)?
    };
    let mask = mask_copy(col)?;
    let nc = if mask.is_some() {
        Some(col.null_count()?)
    } else {
        Some(0)
    };
    Column::new(col.dtype(), n, Some(data), mask, nc, 0, vec![])
}
