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
pub(crate) mod host;

use super::aggregation::{Aggregation, EWMHistory, Kind};
use super::gather::mask_copy;
use crate::column::Column;
use crate::device::kernels::scan::ScanOp;
use crate::device::kernels::storage_id;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::TypeId;

/// Inclusive (or exclusive) scan of `col` with `agg` (SUM, PRODUCT, MIN or MAX; EWMA
/// inclusive only, see [`ewma`]).
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
    if let Aggregation::Ewma {
        center_of_mass,
        history,
    } = agg
    {
        return ewma(col, *center_of_mass, *history, inclusive);
    }
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

/// libcudf's EWMA scan of a FLOAT32/FLOAT64 column (inclusive only): with `alpha = 1 / (1 +
/// center_of_mass)`, `INFINITE` history is pandas' `ewm(com=..., adjust=True).mean()` and
/// `FINITE` its `adjust=False`, both with `ignore_na=False` (a null row decays the history
/// and outputs the running average; rows before the first valid value give NaN). The
/// output has the input's type and no nulls.
///
/// ```
/// use ferrodf_core::{column::Column, ops::{aggregation::*, scan::scan}};
/// let c = Column::from_values(vec![1.0f64, 2.0, 3.0]);
/// let agg = Aggregation::Ewma { center_of_mass: 1.0, history: EWMHistory::Finite };
/// let s = scan(&c, &agg, true).unwrap();
/// assert_eq!(s.host_values::<f64>().unwrap()[..], [1.0, 1.5, 2.25]);
/// ```
fn ewma(col: &Column, com: f64, history: EWMHistory, inclusive: bool) -> Result<Column> {
    let id = col.dtype().id();
    if !id.is_floating() {
        return Err(Error::type_err(format!(
            "scan with EWMA needs FLOAT32 or FLOAT64 values, got {}; cast the column first",
            col.dtype()
        )));
    }
    if !inclusive {
        return Err(Error::not_implemented(
            "scan with EWMA is inclusive only; pass ScanType.INCLUSIVE",
        ));
    }
    if !com.is_finite() || com < 0.0 {
        return Err(Error::value(format!(
            "EWMA center_of_mass must be a finite number >= 0, got {com}"
        )));
    }
    let beta = com / (com + 1.0);
    let adjust = history == EWMHistory::Infinite;
    let plain = |data| {
        Column::new(
            col.dtype(),
            col.size(),
            Some(data),
            None,
            Some(0),
            0,
            vec![],
        )
    };
    if !use_device()? {
        return plain(host::ewma(col, beta, adjust)?);
    }
    let data = device::ewma(col, beta, adjust)?;
    if !col.has_nulls()? {
        return plain(data);
    }
    // A null row repeats the last valid row's output, NaN before the first (its decayed
    // N / D may have underflowed to 0 / 0): the kernel's values with the input's nulls,
    // filled forward, then with NaN (device operations).
    use crate::ops::replace::{Replacement, replace_nulls};
    let mask = mask_copy(col)?;
    let masked = Column::new(col.dtype(), col.size(), Some(data), mask, None, 0, vec![])?;
    let filled = replace_nulls(&masked, Replacement::Policy { following: false })?;
    let nan = if id == TypeId::Float32 {
        Scalar::from_native(f32::NAN)
    } else {
        Scalar::from_native(f64::NAN)
    };
    let filled = replace_nulls(&filled, Replacement::Scalar(&nan))?;
    filled.with_mask(None, Some(0))
}
