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

use super::aggregation::Interpolation;
use super::gather::{Bounds, gather_columns, host_map};
use super::search::{NullOrder, Order};
use crate::column::Column;
use crate::device::kernels::sort as dev;
use crate::error::{Error, Result};
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
            if ix.dtype().id() != TypeId::Int32 {
                return Err(Error::type_err(format!(
                    "{NAME}: ordered_indices must be an INT32 column, got {}",
                    ix.dtype()
                )));
            }
            if ix.has_nulls()? {
                return Err(Error::value(format!(
                    "{NAME}: ordered_indices must not contain nulls"
                )));
            }
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
        return dev::quantile(input, indices, q, interp, exact, out_type);
    }
    host_quantile(input, indices, q, interp, exact, out_type)
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

fn host_quantile(
    input: &Column,
    indices: Option<&Column>,
    q: &[f64],
    interp: Interpolation,
    exact: bool,
    out_type: crate::types::DataType,
) -> Result<Column> {
    use super::numeric::{Num, column_values_as, with_num_type};
    let values = column_values_as::<f64>(input)?;
    let nulls = input.host_nulls()?;
    let ix = indices.map(|c| c.host_values::<i32>()).transpose()?;
    let size = ix.as_ref().map_or(input.size(), |v| v.len());
    let n = input.size();
    // (value, valid) at sorted position p
    let at = |p: usize| -> (f64, bool) {
        let row = match &ix {
            Some(v) => v[p],
            None => p as i32,
        };
        if row < 0 || row as usize >= n {
            return (0.0, false);
        }
        let r = row as usize;
        (values[r], nulls.as_ref().is_none_or(|m| m.is_valid(r)))
    };
    let mut out = Vec::with_capacity(q.len());
    let mut valid = Vec::with_capacity(q.len());
    for &qv in q {
        let idx = QuantileIndex::new(size, qv);
        let (v, ok) = if interp == Interpolation::Nearest {
            at(idx.nearest)
        } else {
            let (lo, lo_ok) = at(idx.lower);
            let (hi, hi_ok) = at(idx.higher);
            let ok = match interp {
                Interpolation::Lower => lo_ok,
                Interpolation::Higher => hi_ok,
                _ => lo_ok && hi_ok,
            };
            (interpolate(interp, lo, hi, idx.fraction), ok)
        };
        out.push(v);
        valid.push(ok);
    }
    let (mask, null_count) = super::unary::host_mask(q.len(), valid.iter().copied());
    let mask = (null_count > 0).then_some(mask);
    let data = if exact {
        crate::buffer::Buffer::from_vec(out)
    } else {
        with_num_type!(out_type.id(), O => {
            let conv: Vec<O> = out.iter().map(|&v| O::from_f64(v)).collect();
            crate::buffer::Buffer::from_vec(conv)
        })
    };
    Column::new(
        out_type,
        q.len(),
        Some(data),
        mask,
        Some(null_count),
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
        let order = super::sorting::sorted_order(input, column_order, null_precedence)?;
        super::gather::gather_internal(&order, &positions)?
    };
    let cols = gather_columns(input.columns(), n, &rows, Bounds::Trusted)?;
    if cols.is_empty() {
        return Ok(Table::empty_with_rows(q.len()));
    }
    Table::new(cols)
}
