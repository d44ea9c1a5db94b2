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
//! sort-based median, quantile, argmin, argmax and nunique (see [`order_stats`]) on both.

mod order_stats;

use super::aggregation::{Aggregation, Kind};
use super::numeric::{Num, column_values_as, with_num_type};
use crate::column::Column;
use crate::device::kernels::reduce::{DeviceReduce, reduce as device_reduce};
use crate::error::{Error, Result};
use crate::placement::{host_fallback, use_device};
use crate::scalar::Scalar;
use crate::types::{DataType, TypeId};
use arrow_buffer::NullBuffer;
use rayon::prelude::*;

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
    if matches!(kind, Kind::Min | Kind::Max) && !col.dtype().id().is_numeric() {
        return order_stats::extreme(col, kind == Kind::Max);
    }
    if use_device()? {
        if let Some(plan) = device_plan(col.dtype().id(), kind) {
            return reduce_on_device(col, plan, kind, output);
        }
        if matches!(kind, Kind::Any | Kind::All) {
            // The truth of each number (v != 0, so NaN is true) as BOOL8, which has a
            // kernel: the cast keeps the nulls, which the reduction then skips.
            let truth = super::cast::cast(col, DataType::new(TypeId::Bool8, 0))?;
            return reduce(&truth, agg, output);
        }
        host_fallback("reduce", &format!("{kind} of {} values", col.dtype()))?;
    }
    reduce_on_host(col, kind, output)
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

/// The device reduction and accumulator type for `kind`, or `None` without a kernel.
fn device_plan(input: TypeId, kind: Kind) -> Option<DeviceReduce> {
    Some(match kind {
        Kind::Sum | Kind::Mean => DeviceReduce::Sum,
        Kind::Product => DeviceReduce::Product,
        Kind::Min => DeviceReduce::Min,
        Kind::Max => DeviceReduce::Max,
        Kind::SumOfSquares => DeviceReduce::SumOfSquares,
        Kind::Any if input == TypeId::Bool8 => DeviceReduce::Max,
        Kind::All if input == TypeId::Bool8 => DeviceReduce::Min,
        _ => return None,
    })
}

/// The type values are accumulated in: the output type, except min/max (and any/all) which
/// work in the input type and convert the result.
fn accumulator(input: TypeId, kind: Kind, output: TypeId) -> TypeId {
    match kind {
        Kind::Min | Kind::Max | Kind::Any | Kind::All => input,
        _ => output,
    }
}

fn reduce_on_device(
    col: &Column,
    plan: DeviceReduce,
    kind: Kind,
    output: DataType,
) -> Result<Scalar> {
    let acc = accumulator(col.dtype().id(), kind, output.id());
    // BOOL8 is accumulated as its byte storage.
    let acc_dev = if acc == TypeId::Bool8 {
        TypeId::Uint8
    } else {
        acc
    };
    let (bytes, count) = device_reduce(col, plan, acc_dev)?;
    with_num_type!(acc, A => {
        let v = A::from_le_slice(&bytes);
        finish::<A>(v, count, kind, output)
    })
}

fn reduce_on_host(col: &Column, kind: Kind, output: DataType) -> Result<Scalar> {
    let acc = accumulator(col.dtype().id(), kind, output.id());
    let nulls = col.host_nulls()?;
    with_num_type!(acc, A => {
        let values = column_values_as::<A>(col)?;
        let (v, count) = host_fold::<A>(&values, nulls.as_ref(), kind);
        finish::<A>(v, count, kind, output)
    })
}

trait FromLe: Sized {
    fn from_le_slice(b: &[u8]) -> Self;
}
impl<T: arrow_buffer::ArrowNativeType> FromLe for T {
    fn from_le_slice(b: &[u8]) -> Self {
        arrow_buffer::ScalarBuffer::<T>::new(arrow_buffer::Buffer::from_slice_ref(b), 0, 1)[0]
    }
}

/// Fold the valid values in fixed-size chunks (so float results do not depend on the
/// number of threads), then combine the chunk results in order.
fn host_fold<A: Num>(values: &[A], nulls: Option<&NullBuffer>, kind: Kind) -> (A, u64) {
    let truth = |v: A| if v != A::zero() { A::one() } else { A::zero() };
    match kind {
        Kind::Sum | Kind::Mean => fold(values, nulls, A::zero(), A::wadd, |v| v),
        Kind::Product => fold(values, nulls, A::one(), A::wmul, |v| v),
        Kind::SumOfSquares => fold(values, nulls, A::zero(), A::wadd, |v: A| v.wmul(v)),
        Kind::Min => fold(values, nulls, min_identity::<A>(), A::fmin, |v| v),
        Kind::Max => fold(values, nulls, max_identity::<A>(), A::fmax, |v| v),
        // Any/all reduce the truth values (v != 0) with max/min.
        Kind::Any => fold(values, nulls, max_identity::<A>(), A::fmax, truth),
        Kind::All => fold(values, nulls, min_identity::<A>(), A::fmin, truth),
        _ => unreachable!("checked by check_types"),
    }
}

/// Independent accumulators per chunk: lets the compiler keep several additions in flight
/// (and use SIMD) without reassociating anything, so results stay deterministic.
const LANES: usize = 8;
const CHUNK: usize = 1 << 16;

fn fold<A, C, L>(
    values: &[A],
    nulls: Option<&NullBuffer>,
    identity: A,
    combine: C,
    lift: L,
) -> (A, u64)
where
    A: Num,
    C: Fn(A, A) -> A + Sync,
    L: Fn(A) -> A + Sync,
{
    let partial = |(ci, chunk): (usize, &[A])| -> (A, u64) {
        let base = ci * CHUNK;
        let mut lanes = [identity; LANES];
        let mut n = 0u64;
        match nulls {
            None => {
                let mut blocks = chunk.chunks_exact(LANES);
                for block in &mut blocks {
                    for j in 0..LANES {
                        lanes[j] = combine(lanes[j], lift(block[j]));
                    }
                }
                for (j, &v) in blocks.remainder().iter().enumerate() {
                    lanes[j] = combine(lanes[j], lift(v));
                }
                n = chunk.len() as u64;
            }
            Some(m) => {
                for (j, &v) in chunk.iter().enumerate() {
                    if m.is_valid(base + j) {
                        lanes[j % LANES] = combine(lanes[j % LANES], lift(v));
                        n += 1;
                    }
                }
            }
        }
        (lanes.into_iter().fold(identity, &combine), n)
    };
    let parts: Vec<(A, u64)> = if values.len() > CHUNK {
        values.par_chunks(CHUNK).enumerate().map(partial).collect()
    } else {
        values.chunks(CHUNK).enumerate().map(partial).collect()
    };
    parts
        .into_iter()
        .fold((identity, 0), |(a, n), (b, m)| (combine(a, b), n + m))
}

fn min_identity<A: Num>() -> A {
    if A::IS_FLOAT {
        nan::<A>()
    } else {
        A::highest()
    }
}
fn max_identity<A: Num>() -> A {
    if A::IS_FLOAT { nan::<A>() } else { A::lowest() }
}
fn nan<A: Num>() -> A {
    // 0/0 in the float type.
    A::zero().wdiv(A::zero())
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
        // Both extremes in one read of the column.
        let acc = if id == TypeId::Bool8 {
            TypeId::Uint8
        } else {
            id
        };
        let (lo, hi, count) = crate::device::kernels::reduce::minmax(col, acc)?;
        return with_num_type!(id, A => {
            Ok((
                finish::<A>(A::from_le_slice(&lo), count, Kind::Min, col.dtype())?,
                finish::<A>(A::from_le_slice(&hi), count, Kind::Max, col.dtype())?,
            ))
        });
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
