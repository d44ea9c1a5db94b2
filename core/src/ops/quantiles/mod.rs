//! Quantiles (pylibcudf's `quantiles` module): `quantile` of one column and `quantiles`
//! (whole rows at quantile positions) of a table.
//!
//! As in libcudf, `quantile` does not sort: it reads the column in the order of
//! `ordered_indices` (or in row order without them), so callers pass a sorted order
//! (usually without the null rows). For a quantile `q` (clamped to [0, 1]) of `size`
//! values, `pos = q * (size - 1)`, `lower = floor(pos)`, `higher = ceil(pos)`, `nearest`
//! rounds half to even; LINEAR gives `(1 - f) * v[lower] + f * v[higher]`, MIDPOINT
//! `v[lower] / 2 + v[higher] / 2` (in float64). A result is null when a value it reads is
//! null (or an index is out of range). `exact` gives FLOAT64, else the input's type.
//!
//! This module checks the arguments and decides the placement of `quantile`; its host path
//! is [`host`], its device path the one kernel of `device::kernels::quantiles`
//! (`cuda/quantiles.cu`). `quantiles` picks whole rows through `ops::sorting` and
//! `ops::gather`, which place themselves.

mod host;

use crate::column::Column;
use crate::device::kernels::quantiles as device;
use crate::error::{Error, Result};
use crate::keys::{NullOrder, Order};
use crate::ops::aggregation::Interpolation;
use crate::ops::gather::{Bounds, gather_columns, gather_internal, host_map};
use crate::ops::sorting::{check_int32_positions, sorted_order};
use crate::placement::use_device;
use crate::table::Table;
use crate::types::TypeId;

/// libcudf's `quantile_index`: the positions a quantile reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuantileIndex {
    pub lower: usize,
    pub higher: usize,
    pub nearest: usize,
    pub fraction: f64,
}

impl QuantileIndex {
    /// The positions of quantile `q` among `count` (> 0) values.
    pub(crate) fn new(count: usize, q: f64) -> QuantileIndex {
        // NaN clamps like libcudf's min(max(q, 0), 1) on the device: to 0.
        let q = if q.is_nan() { 0.0 } else { q.clamp(0.0, 1.0) };
        let val = q * (count as f64 - 1.0);
        let lower = val.floor();
        QuantileIndex {
            lower: lower as usize,
            higher: val.ceil() as usize,
            nearest: val.round_ties_even() as usize,
            fraction: val - lower,
        }
    }
}

/// Interpolation as libcudf computes it, in float64.
pub(crate) fn interpolate(interp: Interpolation, lo: f64, hi: f64, fraction: f64) -> f64 {
    match interp {
        // at an exact position the value itself: the weighted sum would give
        // inf * 0 = NaN for an infinite value (libcudf and pyarrow return it)
        Interpolation::Linear if fraction == 0.0 => lo,
        Interpolation::Linear => (1.0 - fraction) * lo + fraction * hi,
        Interpolation::Midpoint => lo / 2.0 + hi / 2.0,
        Interpolation::Lower => lo,
        Interpolation::Higher => hi,
        Interpolation::Nearest => unreachable!("nearest reads one value"),
    }
}

fn check_numeric(function: &str, input: &Column) -> Result<()> {
    if !input.dtype().id().is_numeric() {
        return Err(Error::type_err(format!(
            "{function} supports integer, float and BOOL8 columns, got {}",
            input.dtype()
        )));
    }
    Ok(())
}

/// The quantiles `q` of `input` read in the order of `ordered_indices` (libcudf's
/// `quantile`); see the module documentation.
///
/// ```
/// use ferrodf_core::{column::Column, ops::{aggregation::Interpolation, quantiles::quantile}};
/// let c = Column::from_values(vec![1.0f64, 2.0, 4.0]);
/// let r = quantile(&c, &[0.25, 0.5], Interpolation::Linear, None, true).unwrap();
/// assert_eq!(r.host_values::<f64>().unwrap().to_vec(), vec![1.5, 2.0]);
/// ```
pub fn quantile(
    input: &Column,
    q: &[f64],
    interp: Interpolation,
    ordered_indices: Option<&Column>,
    exact: bool,
) -> Result<Column> {
    const NAME: &str = "quantiles.quantile";
    check_numeric(NAME, input)?;
    let indices = match ordered_indices {
        Some(ix) if ix.size() > 0 => {
            check_int32_positions(NAME, "ordered_indices", ix)?;
            Some(ix)
        }
        _ => None,
    };
    let out_type = if exact {
        TypeId::Float64.into()
    } else {
        input.dtype()
    };
    let nq = q.len();
    let size = indices.map_or(input.size(), Column::size);
    if input.size() == 0 || size == 0 {
        // Nothing to read: every quantile is null.
        return all_null(out_type, nq);
    }
    if use_device()? && nq > 0 {
        device::quantile(input, indices, q, interp, exact, out_type)
    } else {
        host::quantile(input, indices, q, interp, exact, out_type)
    }
}

/// `n` null rows of a fixed-width type.
fn all_null(dtype: crate::types::DataType, n: usize) -> Result<Column> {
    let width = crate::types::fixed_width(dtype.id()).expect("numeric");
    Column::new(
        dtype,
        n,
        Some(crate::buffer::Buffer::zeroed(n * width)),
        Some(crate::bitmask::new_mask(n, false)),
        Some(n),
        0,
        vec![],
    )
}

/// Whole rows of `input` at the quantile positions of its sorted order (libcudf's
/// `quantiles`): one row per quantile, chosen by LOWER, HIGHER or NEAREST.
pub fn quantiles(
    input: &Table,
    q: &[f64],
    interp: Interpolation,
    is_input_sorted: bool,
    column_order: &[Order],
    null_precedence: &[NullOrder],
) -> Result<Table> {
    const NAME: &str = "quantiles.quantiles";
    if !matches!(
        interp,
        Interpolation::Lower | Interpolation::Higher | Interpolation::Nearest
    ) {
        return Err(Error::value(format!(
            "{NAME}: multi-column quantiles need LOWER, HIGHER or NEAREST interpolation, got \
             {interp:?}"
        )));
    }
    let n = input.num_rows();
    if n == 0 {
        return Err(Error::value(format!(
            "{NAME}: multi-column quantiles need at least one input row"
        )));
    }
    let positions: Vec<i32> = q
        .iter()
        .map(|&qv| {
            let idx = QuantileIndex::new(n, qv);
            (match interp {
                Interpolation::Lower => idx.lower,
                Interpolation::Higher => idx.higher,
                _ => idx.nearest,
            }) as i32
        })
        .collect();
    let positions = host_map(positions);
    let rows = if is_input_sorted {
        positions
    } else {
        let order = sorted_order(input, column_order, null_precedence)?;
        gather_internal(&order, &positions)?
    };
    let cols = gather_columns(input.columns(), n, &rows, Bounds::Trusted)?;
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(q.len()));
    }
    Table::new(cols)
}
