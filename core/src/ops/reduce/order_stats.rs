//! The reductions built from a sort: `median`, `quantile`, `argmin`, `argmax` and
//! `nunique`. They run wherever the sort runs (device or host), reading back only the
//! one-row result.
//!
//! * `median` / `quantile` (one quantile): the exact quantile (LINEAR for the median) of
//!   the valid values in ascending order (NaN counts as the largest value), computed in
//!   float64 and converted to the output type; null without valid values.
//! * `argmin` / `argmax`: the row of the first smallest / largest valid value as the
//!   (integer) output type; NaNs are skipped unless every valid value is NaN; null without
//!   valid values.
//! * `nunique`: the number of distinct values (NaNs equal, -0.0 == 0.0); with
//!   `NullPolicy::Include` the nulls count as one more value when there are any.

use super::super::aggregation::{Aggregation, Interpolation, NullPolicy};
use super::super::search::{NullOrder, Order};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use crate::table::Table;
use crate::types::{DataType, TypeId};

/// Reduce with one of the sort-based aggregations.
pub(crate) fn reduce(col: &Column, agg: &Aggregation, output: DataType) -> Result<Scalar> {
    match agg {
        Aggregation::Median => quantile(col, 0.5, Interpolation::Linear, output),
        Aggregation::Quantile {
            quantiles,
            interpolation,
        } => {
            if quantiles.len() != 1 {
                return Err(Error::value(format!(
                    "reduce with QUANTILE takes exactly one quantile, got {}; use \
                     quantiles.quantile for several",
                    quantiles.len()
                )));
            }
            quantile(col, quantiles[0], *interpolation, output)
        }
        Aggregation::Argmin => arg_extreme(col, false, output),
        Aggregation::Argmax => arg_extreme(col, true, output),
        Aggregation::Nunique(policy) => nunique(col, *policy, output),
        _ => unreachable!("not a sort-based reduction"),
    }
}

/// The stable order of `col` with nulls last.
fn order(col: &Column, o: Order) -> Result<Column> {
    let nulls = if o == Order::Ascending {
        NullOrder::After
    } else {
        NullOrder::Before
    };
    let t = Table::new(vec![col.clone()])?;
    super::super::sorting::stable_sorted_order(&t, &[o], &[nulls])
}

fn null_scalar(dtype: DataType) -> Result<Scalar> {
    let width = crate::types::fixed_width(dtype.id()).expect("fixed width");
    Scalar::from_column(Column::new(
        dtype,
        1,
        Some(crate::buffer::Buffer::zeroed(width)),
        Some(crate::bitmask::new_mask(1, false)),
        Some(1),
        0,
        vec![],
    )?)
}

/// A one-row column converted to `output` (no work when it already has that type).
fn as_output(one: Column, output: DataType) -> Result<Scalar> {
    if one.dtype() == output {
        return Scalar::from_column(one);
    }
    Scalar::from_column(super::super::cast::cast(&one, output)?)
}

fn quantile(col: &Column, q: f64, interp: Interpolation, output: DataType) -> Result<Scalar> {
    let valid = col.size() - col.null_count()?;
    if valid == 0 {
        return null_scalar(output);
    }
    let map = order(col, Order::Ascending)?.slice(0, valid)?;
    let one = super::super::quantiles::quantile(col, &[q], interp, Some(&map), true)?;
    as_output(one, output)
}

fn arg_extreme(col: &Column, max: bool, output: DataType) -> Result<Scalar> {
    let valid = col.size() - col.null_count()?;
    if valid == 0 {
        return null_scalar(output);
    }
    let o = if max {
        Order::Descending
    } else {
        Order::Ascending
    };
    let map = order(col, o)?;
    // NaN sorts above every number, so in descending order the NaNs come first.
    let mut pos = 0;
    if max && col.dtype().id().is_floating() {
        let nans = super::super::unary::is_nan(col)?;
        let k = super::reduce(&nans, &Aggregation::Sum, TypeId::Int64.into())?
            .value::<i64>()?
            .unwrap_or(0) as usize;
        if k < valid {
            pos = k;
        }
    }
    let row = super::super::copying::get_element(&map, pos)?;
    as_output(row.as_column().clone(), output)
}

/// MIN or MAX of a column without a numeric reduction kernel: timestamps, durations and
/// DECIMAL32/64 reduce their integer storage; STRING and DECIMAL128 take the row `argmin` /
/// `argmax` finds. The result has the column's type; null without valid values.
pub(crate) fn extreme(col: &Column, max: bool) -> Result<Scalar> {
    let dtype = col.dtype();
    if let Some(storage) = crate::device::kernels::storage_id(dtype.id()) {
        let view = crate::ops::groupby::types::storage_view(col)?;
        let agg = if max {
            Aggregation::Max
        } else {
            Aggregation::Min
        };
        let v = super::reduce(&view, &agg, storage.into())?;
        let c = v.as_column();
        return Scalar::from_column(Column::new(
            dtype,
            1,
            c.data().cloned(),
            c.mask().cloned(),
            c.known_null_count(),
            c.offset(),
            vec![],
        )?);
    }
    let int32: DataType = TypeId::Int32.into();
    let row = arg_extreme(col, max, int32)?;
    // Without valid values, an out-of-range row number gathers a null row.
    let map = match row.value::<i32>()? {
        Some(r) => Column::from_values(vec![r]),
        None => Column::from_values(vec![i32::MIN]),
    };
    let one = super::super::copying::gather(
        &Table::new(vec![col.clone()])?,
        &map,
        super::super::copying::OutOfBoundsPolicy::Nullify,
    )?;
    Scalar::from_column(one.columns()[0].clone())
}

fn nunique(col: &Column, policy: NullPolicy, output: DataType) -> Result<Scalar> {
    let mut n = super::super::sorting::count_distinct(col)?;
    if policy == NullPolicy::Exclude && col.has_nulls()? {
        n -= 1;
    }
    as_output(Column::from_values(vec![n as i32]), output)
}
