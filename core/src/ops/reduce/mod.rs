//! `reduce`: fold a column into one [`Scalar`] (pylibcudf's `reduce.reduce`).
//!
//! Semantics (libcudf's): nulls are skipped; a column with no valid value (empty or all
//! null) gives a null scalar; each value is converted to the output type before it is
//! accumulated, so `sum` of INT32 values into INT64 cannot overflow where INT32 would, and
//! integer overflow in the output type wraps. `min`/`max` skip NaN unless every valid value
//! is NaN. `mean` accumulates in the (floating) output type and divides by the valid count.
//!
//! Supported here: sum, product, min, max, sum_of_squares, mean (host and device), any and
//! all (host; device for BOOL8 input), over integer, float and BOOL8 columns; and the
//! sort-based median, quantile, argmin, argmax and nunique (see [`order_stats`]) on both;
//! BITWISE_AGG (AND, OR, XOR) of integer columns on both (the all-ones AND identity and
//! the zero OR/XOR identity never show: a column without valid values gives a null).
//!
//! [`reduce`] checks the types here, sends variance and the order statistics to their
//! compositions, and decides once between the host fold ([`host`]) and the device
//! reduction ([`device`], the launchers of `device/kernels/reduce.rs`); both turn their
//! accumulator into the scalar with [`finish`].

mod device;
mod host;
mod order_stats;

use super::aggregation::{Aggregation, Kind};
use super::numeric::{Num, with_num_type};
use crate::column::Column;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};

/// Reduce `col` with `agg` into a scalar of `output`.
///
/// ```
/// use ferrodf_core::{column::Column, ops::{aggregation::Aggregation, reduce::reduce}, types::*};
/// let c = Column::from_options(vec![Some(1.5f64), None, Some(2.5)]);
/// let m = reduce(&c, &Aggregation::Mean, TypeId::Float64.into()).unwrap();
/// assert_eq!(m.value::<f64>().unwrap(), Some(2.0));
/// let e = reduce(&c.slice(1, 1).unwrap(), &Aggregation::Sum, TypeId::Float64.into()).unwrap();
/// assert!(!e.is_valid().unwrap());
/// ```
pub fn reduce(col: &Column, agg: &Aggregation, output: DataType) -> Result<Scalar> {
    let kind = agg.kind();
    check_types(col.dtype(), kind, output)?;
    if let Aggregation::Variance { ddof } | Aggregation::Std { ddof } = agg {
        return variance(col, *ddof, kind == Kind::Std, output);
    }
    if is_order_statistic(kind) {
        return order_stats::reduce(col, agg, output);
    }
    if let Aggregation::Tdigest { max_centroids } | Aggregation::MergeTdigest { max_centroids } =
        agg
    {
        return tdigest(col, agg, *max_centroids);
    }
    if let Aggregation::Bitwise(op) = agg {
        return if use_device()? {
            device::bitwise(col, *op, output)
        } else {
            host::bitwise(col, *op, output)
        };
    }
    if matches!(kind, Kind::Min | Kind::Max) && !col.dtype().id().is_numeric() {
        return order_stats::extreme(col, kind == Kind::Max);
    }
    if use_device()? {
        device::reduce(col, agg, output)
    } else {
        host::reduce(col, kind, output)
    }
}

/// Whether `reduce` supports `kind` of `input` into `output`.
pub fn is_supported(input: DataType, kind: Kind, output: DataType) -> bool {
    check_types(input, kind, output).is_ok()
}

/// The reductions computed from a sort.
fn is_order_statistic(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Median | Kind::Quantile | Kind::Argmin | Kind::Argmax | Kind::Nunique
    )
}

fn check_types(input: DataType, kind: Kind, output: DataType) -> Result<()> {
    let (i, o) = (input.id(), output.id());
    if matches!(kind, Kind::Argmin | Kind::Argmax | Kind::Nunique) {
        // Any sortable type; the result is a row number or a count.
        super::search::key_kind(&format!("reduce with {kind}"), input)?;
        if !o.is_integer() {
            return Err(Error::type_err(format!(
                "reduce with {kind} produces a row number or a count; the output type must \
                 be an integer type (INT32), got {o}"
            )));
        }
        return Ok(());
    }
    if matches!(kind, Kind::Tdigest | Kind::MergeTdigest) {
        let want_in = if kind == Kind::Tdigest {
            i.is_numeric()
        } else {
            i == TypeId::Struct
        };
        if !want_in || o != TypeId::Struct {
            return Err(Error::type_err(format!(
                "reduce with {kind} needs {} values and a STRUCT output type, got {i} values \
                 into {o}",
                if kind == Kind::Tdigest {
                    "numeric"
                } else {
                    "tdigest (STRUCT)"
                }
            )));
        }
        return Ok(());
    }
    if kind == Kind::BitwiseAgg {
        if !i.is_integer() || !o.is_integer() {
            return Err(Error::type_err(format!(
                "reduce with BITWISE_AGG needs integer values and an integer output type, \
                 got {i} values into {o}"
            )));
        }
        return Ok(());
    }
    if matches!(kind, Kind::Min | Kind::Max) && has_ordered_extremes(i) {
        if output != input {
            return Err(Error::type_err(format!(
                "reduce with {kind} of {input} produces {input}; the output type must be \
                 the input type, got {output}"
            )));
        }
        return Ok(());
    }
    let supported = matches!(
        kind,
        Kind::Sum
            | Kind::Product
            | Kind::Min
            | Kind::Max
            | Kind::SumOfSquares
            | Kind::Mean
            | Kind::Any
            | Kind::All
            | Kind::Variance
            | Kind::Std
            | Kind::Median
            | Kind::Quantile
    );
    if !supported {
        return Err(Error::not_implemented(format!(
            "reduce with {kind} is not implemented yet; supported: SUM, PRODUCT, MIN, MAX, \
             SUM_OF_SQUARES, MEAN, VARIANCE, STD, ANY, ALL, MEDIAN, QUANTILE, ARGMIN, ARGMAX, \
             NUNIQUE"
        )));
    }
    if !i.is_numeric() {
        return Err(Error::not_implemented(format!(
            "reduce with {kind} of {i} columns is not implemented yet; it supports integer, float and BOOL8 columns"
        )));
    }
    let ok = match kind {
        Kind::Mean | Kind::Variance | Kind::Std => o.is_floating(),
        Kind::Any | Kind::All => o == TypeId::Bool8,
        _ => o.is_numeric(),
    };
    if !ok {
        let want = match kind {
            Kind::Mean | Kind::Variance | Kind::Std => "FLOAT32 or FLOAT64",
            Kind::Any | Kind::All => "BOOL8",
            _ => "a numeric type",
        };
        return Err(Error::type_err(format!(
            "reduce with {kind} of {i} cannot produce {o}; the output type must be {want}"
        )));
    }
    Ok(())
}

/// The non-numeric types MIN and MAX (and `minmax`) support: ordered types whose result
/// keeps the column's type.
fn has_ordered_extremes(id: TypeId) -> bool {
    id.is_timestamp() || id.is_duration() || id.is_decimal() || id == TypeId::String
}

/// The type values are accumulated in: the output type, except min/max (and any/all) which
/// work in the input type and convert the result.
fn accumulator(input: TypeId, kind: Kind, output: TypeId) -> TypeId {
    match kind {
        Kind::Min | Kind::Max | Kind::Any | Kind::All | Kind::BitwiseAgg => input,
        _ => output,
    }
}

/// Turn the accumulator into the output scalar: null when nothing was valid, the mean
/// divided by the count, other results converted to the output type.
fn finish<A: Num>(acc: A, count: u64, kind: Kind, output: DataType) -> Result<Scalar> {
    let out = output.id();
    if count == 0 {
        return null_scalar(output);
    }
    let acc = if kind == Kind::Mean {
        let sum: f64 = acc.to_f64();
        // The sum was accumulated in the output type; divide in it too.
        if out == TypeId::Float32 {
            return Scalar::from_native_as(output, Some((sum as f32) / (count as f32)));
        }
        return Scalar::from_native_as(output, Some(sum / count as f64));
    } else {
        acc
    };
    with_num_type!(out, O => {
        let v: Vec<O> = convert_one::<A, O>(acc, out == TypeId::Bool8);
        Scalar::from_native_as(output, Some(v[0]))
    })
}

fn convert_one<A: Num, O: Num>(v: A, to_bool: bool) -> Vec<O> {
    super::numeric::convert::<A, O>(&[v], false, to_bool)
}

fn null_scalar(dtype: DataType) -> Result<Scalar> {
    with_num_type!(dtype.id(), O => { Scalar::from_native_as::<O>(dtype, None) })
}

/// The smallest and the largest valid value (null scalars for an empty or all-null column).
///
/// ```
/// use ferrodf_core::{column::Column, ops::reduce::minmax};
/// let (lo, hi) = minmax(&Column::from_options(vec![Some(3i32), None, Some(-1)])).unwrap();
/// assert_eq!((lo.value::<i32>().unwrap(), hi.value::<i32>().unwrap()), (Some(-1), Some(3)));
/// ```
pub fn minmax(col: &Column) -> Result<(Scalar, Scalar)> {
    let id = col.dtype().id();
    if id.is_numeric() && use_device()? {
        return device::minmax(col);
    }
    Ok((
        reduce(col, &Aggregation::Min, col.dtype())?,
        reduce(col, &Aggregation::Max, col.dtype())?,
    ))
}

/// Variance (or standard deviation) with `ddof` delta degrees of freedom, in two passes
/// built from the mean, a subtraction and a sum of squares (each on the device or the
/// host), which avoids the cancellation of the one-pass `E[x^2] - E[x]^2`. Fewer than
/// `ddof + 1` valid values give a null scalar.
fn variance(col: &Column, ddof: i32, std: bool, output: DataType) -> Result<Scalar> {
    use super::binaryop::{BinaryOperator, Operand, binary_operation};
    let f64_t: DataType = TypeId::Float64.into();
    let valid = col.size() - col.null_count()?;
    let denominator = valid as i64 - ddof as i64;
    let value = if denominator <= 0 {
        None
    } else {
        let mean = reduce(col, &Aggregation::Mean, f64_t)?;
        let deviations = binary_operation(
            Operand::Column(col),
            Operand::Scalar(&mean),
            BinaryOperator::Sub,
            f64_t,
        )?;
        let ss = reduce(&deviations, &Aggregation::SumOfSquares, f64_t)?.value::<f64>()?;
        ss.map(|ss| {
            let var = ss / denominator as f64;
            if std { var.sqrt() } else { var }
        })
    };
    match output.id() {
        TypeId::Float32 => Scalar::from_native_as(output, value.map(|v| v as f32)),
        _ => Scalar::from_native_as(output, value),
    }
}

/// TDIGEST of a numeric column or MERGE_TDIGEST of a tdigest column into one tdigest
/// scalar (see [`crate::ops::groupby`]'s tdigest layout). Host only: NotImplementedError
/// in gpu mode, a counted host fallback in auto mode.
fn tdigest(col: &Column, agg: &Aggregation, max_centroids: i32) -> Result<Scalar> {
    use crate::ops::groupby::tdigest as td;
    if use_device()? {
        crate::placement::host_fallback("reduce", &format!("{} (host-only sketches)", agg.kind()))?;
    }
    td::check_max_centroids(max_centroids)?;
    let digest = if let Aggregation::Tdigest { .. } = agg {
        let nulls = col.host_nulls()?;
        let x = super::numeric::column_values_as::<f64>(col)?;
        let v = (0..col.size())
            .filter(|&r| nulls.as_ref().is_none_or(|b| b.is_valid(r)))
            .map(|r| x[r])
            .collect();
        td::of_values(v, max_centroids)
    } else {
        td::merge(&td::read(col)?, max_centroids)
    };
    Scalar::from_column(td::column(&[digest])?)
}
