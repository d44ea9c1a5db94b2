//! pandas' reductions (`sum`, `mean`, `count`, ...) and cumulative scans on one column.

use ferrodf_core::ops::aggregation::{Aggregation, Interpolation};
use ferrodf_core::ops::cast::{bit_cast, cast};
use ferrodf_core::ops::reduce::reduce;
use ferrodf_core::ops::scan::scan;
use ferrodf_core::ops::stream_compaction::distinct_count;
use ferrodf_core::{Column, Error, Result, Scalar, TypeId};

use crate::dtype::dtype_name;

/// A reduction of a column to one value.
///
/// ```
/// use ferrodf::compute::Reduction;
/// assert_eq!(Reduction::parse("std").unwrap(), Reduction::Std);
/// assert_eq!(Reduction::Quantile(0.5).name(), "quantile");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reduction {
    /// The sum (0 when nothing is summed, unless `min_count` says otherwise).
    Sum,
    /// The product (1 when empty).
    Prod,
    /// The smallest value.
    Min,
    /// The largest value.
    Max,
    /// The arithmetic mean, float64.
    Mean,
    /// The standard deviation with `ddof`, float64.
    Std,
    /// The variance with `ddof`, float64.
    Var,
    /// The median, float64.
    Median,
    /// The quantile `q` in [0, 1] (linear interpolation), float64.
    Quantile(f64),
    /// Whether any value is true (non-zero).
    Any,
    /// Whether every value is true.
    All,
    /// The number of values that are not missing, int64.
    Count,
    /// The number of distinct values (missing values excluded unless `dropna` is false).
    Nunique,
    /// The position of the smallest value, int64.
    Argmin,
    /// The position of the largest value, int64.
    Argmax,
}

impl Reduction {
    /// pandas' method name.
    pub fn name(self) -> &'static str {
        use Reduction::*;
        match self {
            Sum => "sum",
            Prod => "prod",
            Min => "min",
            Max => "max",
            Mean => "mean",
            Std => "std",
            Var => "var",
            Median => "median",
            Quantile(_) => "quantile",
            Any => "any",
            All => "all",
            Count => "count",
            Nunique => "nunique",
            Argmin => "argmin",
            Argmax => "argmax",
        }
    }

    /// The reduction named `name` (`quantile` is the median; give [`Reduction::Quantile`]
    /// for another `q`).
    pub fn parse(name: &str) -> Result<Reduction> {
        use Reduction::*;
        Ok(match name {
            "sum" => Sum,
            "prod" | "product" => Prod,
            "min" => Min,
            "max" => Max,
            "mean" => Mean,
            "std" => Std,
            "var" => Var,
            "median" => Median,
            "quantile" => Quantile(0.5),
            "any" => Any,
            "all" => All,
            "count" => Count,
            "nunique" => Nunique,
            "argmin" | "idxmin" => Argmin,
            "argmax" | "idxmax" => Argmax,
            _ => {
                return Err(Error::value(format!(
                    "unknown reduction {name:?}; use sum, prod, min, max, mean, std, var, \
                     median, quantile, any, all, count, nunique, argmin or argmax"
                )));
            }
        })
    }
}

/// The parameters pandas' reductions take.
///
/// ```
/// use ferrodf::compute::ReduceOptions;
/// let o = ReduceOptions { min_count: 1, ..ReduceOptions::default() };
/// assert!(o.skipna);
/// assert_eq!(o.ddof, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReduceOptions {
    /// Skip missing values (`false`: any missing value makes the result missing).
    pub skipna: bool,
    /// The fewest values `sum`/`prod` need for a result; fewer give NaN.
    pub min_count: usize,
    /// Delta degrees of freedom of `std` and `var`.
    pub ddof: i32,
    /// `nunique`: leave missing values out (`false`: they count as one more value).
    pub dropna: bool,
    /// pandas' `numeric_only`: a Series reduction refuses a non-numeric Series
    /// (TypeError), as pandas does; frame reductions leave such columns out.
    pub numeric_only: bool,
}

impl Default for ReduceOptions {
    fn default() -> Self {
        ReduceOptions {
            skipna: true,
            min_count: 0,
            ddof: 1,
            dropna: true,
            numeric_only: false,
        }
    }
}

fn nan() -> Scalar {
    Scalar::from_native(f64::NAN)
}

fn bool_scalar(v: bool) -> Result<Scalar> {
    Scalar::from_native_as(TypeId::Bool8.into(), Some(u8::from(v)))
}

/// One value from `col` with pandas' rules: missing values skipped (see [`ReduceOptions`]),
/// NaN (a float64 scalar) where pandas gives NaN, counts and positions as int64.
///
/// ```
/// use ferrodf::compute::{reduce_column, ReduceOptions, Reduction};
/// use ferrodf::core::Column;
/// let c = Column::from_options(vec![Some(1i64), None, Some(4)]);
/// let o = ReduceOptions::default();
/// assert_eq!(reduce_column(&c, Reduction::Sum, o).unwrap().value::<i64>().unwrap(), Some(5));
/// assert_eq!(reduce_column(&c, Reduction::Count, o).unwrap().value::<i64>().unwrap(), Some(2));
/// assert_eq!(reduce_column(&c, Reduction::Mean, o).unwrap().value::<f64>().unwrap(), Some(2.5));
/// let strict = ReduceOptions { skipna: false, ..o };
/// assert!(reduce_column(&c, Reduction::Sum, strict).unwrap().value::<f64>().unwrap().unwrap().is_nan());
/// ```
pub fn reduce_column(col: &Column, how: Reduction, opts: ReduceOptions) -> Result<Scalar> {
    use Reduction::*;
    let _operation = ferrodf_core::memory::enter_operation();
    let dtype = col.dtype();
    let id = dtype.id();
    let n = col.size();
    let nulls = col.null_count()?;
    let valid = n - nulls;
    if let Quantile(q) = how
        && !(0.0..=1.0).contains(&q)
    {
        return Err(Error::value(format!(
            "percentiles should all be in the interval [0, 1], got {q}"
        )));
    }
    match how {
        Count => return Ok(Scalar::from_native(valid as i64)),
        Nunique => {
            let distinct = distinct_count(col, false, false)?;
            let extra = usize::from(!opts.dropna && nulls > 0);
            return Ok(Scalar::from_native((distinct + extra) as i64));
        }
        Any | All => {
            let numeric = id.is_numeric() || id == TypeId::String;
            if !numeric {
                return Err(cannot(how, dtype));
            }
            // skipna=False: a missing value counts as true, as NumPy counts NaN (so any()
            // is true, and all() is decided by the other values)
            if !opts.skipna && nulls > 0 && how == Any {
                return bool_scalar(true);
            }
            if valid == 0 {
                return bool_scalar(how == All);
            }
            let agg = if how == Any {
                Aggregation::Any
            } else {
                Aggregation::All
            };
            if id == TypeId::String {
                // a string is true when it is not empty
                let lengths = ferrodf_core::ops::strings::attributes::count_bytes(col)?;
                return reduce(&lengths, &agg, TypeId::Bool8.into());
            }
            return reduce(col, &agg, TypeId::Bool8.into());
        }
        _ => {}
    }
    if matches!(how, Mean | Std | Var | Median | Quantile(_))
        && (id.is_timestamp() || id.is_duration())
    {
        return time_statistic(col, how, opts);
    }
    if !opts.skipna && nulls > 0 {
        if matches!(how, Argmin | Argmax) {
            return Ok(Scalar::from_native(-1i64));
        }
        return Ok(nan());
    }
    match how {
        Sum | Prod => {
            let out = match id {
                t if t.is_floating() => t,
                t if t.is_integer() && !t.is_signed_integer() => TypeId::Uint64,
                t if t.is_integer() || t == TypeId::Bool8 => TypeId::Int64,
                _ => return Err(cannot(how, dtype)),
            };
            if valid < opts.min_count.max(1) {
                if valid < opts.min_count {
                    return Ok(nan());
                }
                let empty = if how == Sum { 0.0 } else { 1.0 };
                return super::binary::number_scalar(out, empty);
            }
            let agg = if how == Sum {
                Aggregation::Sum
            } else {
                Aggregation::Product
            };
            reduce(col, &agg, out.into())
        }
        Min | Max => {
            if valid == 0 {
                return Ok(nan());
            }
            let agg = if how == Min {
                Aggregation::Min
            } else {
                Aggregation::Max
            };
            reduce(col, &agg, dtype)
        }
        Mean | Std | Var | Median | Quantile(_) => {
            if !id.is_numeric() {
                return Err(cannot(how, dtype));
            }
            let needed = if matches!(how, Std | Var) {
                opts.ddof.max(0) as usize + 1
            } else {
                1
            };
            if valid < needed {
                return Ok(nan());
            }
            let agg = match how {
                Mean => Aggregation::Mean,
                Std => Aggregation::Std { ddof: opts.ddof },
                Var => Aggregation::Variance { ddof: opts.ddof },
                Median => Aggregation::Median,
                Quantile(q) => Aggregation::Quantile {
                    quantiles: vec![q],
                    interpolation: Interpolation::Linear,
                },
                _ => unreachable!("matched above"),
            };
            let r = reduce(col, &agg, TypeId::Float64.into())?;
            if r.is_valid()? { Ok(r) } else { Ok(nan()) }
        }
        Argmin | Argmax => {
            if valid == 0 && col.size() > 0 {
                return Err(Error::value(format!(
                    "Encountered all NA values ({} of a column without values)",
                    how.name()
                )));
            }
            if valid == 0 {
                return Err(Error::value(format!(
                    "attempt to get {} of an empty sequence",
                    how.name()
                )));
            }
            let agg = if how == Argmin {
                Aggregation::Argmin
            } else {
                Aggregation::Argmax
            };
            let pos = reduce(col, &agg, TypeId::Int32.into())?;
            Ok(Scalar::from_native(i64::from(
                pos.value::<i32>()?.unwrap_or(-1),
            )))
        }
        Count | Nunique | Any | All => unreachable!("returned above"),
    }
}

/// pandas' mean, median, quantile and std of date-times and durations: computed on the
/// ticks as float64 (as pandas does), truncated toward zero to a whole tick, in the
/// column's unit. The mean, median and quantiles of date-times are date-times, their std
/// a duration; every statistic of durations is a duration. `var` has no such type and is
/// a TypeError, as in pandas. No value gives NaT.
fn time_statistic(col: &Column, how: Reduction, opts: ReduceOptions) -> Result<Scalar> {
    let id = col.dtype().id();
    if how == Reduction::Var {
        return Err(Error::type_err(format!(
            "cannot compute var of a {} column (its square has no time type, as in \
             pandas); use std, or convert with astype('int64') first",
            crate::dtype_name(col.dtype())
        )));
    }
    let tick_type = if matches!(id, TypeId::TimestampDays | TypeId::DurationDays) {
        TypeId::Int32
    } else {
        TypeId::Int64
    };
    let ticks = bit_cast(col, tick_type.into())?;
    let floats = cast(&ticks, TypeId::Float64.into())?;
    let value = reduce_column(&floats, how, opts)?.value::<f64>()?;
    let out = if id.is_timestamp() && how == Reduction::Std {
        super::binary::time_type(false, super::binary::ns_per_tick(id))
    } else {
        id
    };
    let whole = value.filter(|v| v.is_finite()).map(f64::trunc);
    if matches!(out, TypeId::TimestampDays | TypeId::DurationDays) {
        return Scalar::from_native_as(out.into(), whole.map(|v| v as i32));
    }
    Scalar::from_native_as(out.into(), whole.map(|v| v as i64))
}

fn cannot(how: Reduction, dtype: ferrodf_core::DataType) -> Error {
    Error::type_err(format!(
        "cannot compute {} of a {} column; select numeric columns or pass numeric_only=True",
        how.name(),
        dtype_name(dtype)
    ))
}

/// A cumulative operation (pandas' `cumsum`, `cumprod`, `cummin`, `cummax`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanOp {
    /// Running sum.
    CumSum,
    /// Running product.
    CumProd,
    /// Running minimum.
    CumMin,
    /// Running maximum.
    CumMax,
}

impl ScanOp {
    /// The scan named `name` (`"cumsum"`, ...).
    pub fn parse(name: &str) -> Result<ScanOp> {
        Ok(match name {
            "cumsum" => ScanOp::CumSum,
            "cumprod" => ScanOp::CumProd,
            "cummin" => ScanOp::CumMin,
            "cummax" => ScanOp::CumMax,
            _ => {
                return Err(Error::value(format!(
                    "unknown cumulative operation {name:?}; use cumsum, cumprod, cummin or cummax"
                )));
            }
        })
    }
}

/// The running `how` of `col`: missing values stay missing and are skipped, as pandas'
/// `skipna=True` does.
///
/// ```
/// use ferrodf::compute::{scan_column, ScanOp};
/// use ferrodf::core::Column;
/// let c = Column::from_options(vec![Some(1i64), None, Some(4)]);
/// let s = scan_column(&c, ScanOp::CumSum).unwrap();
/// assert_eq!(s.null_count().unwrap(), 1);
/// assert_eq!(s.host_values::<i64>().unwrap()[2], 5);
/// ```
pub fn scan_column(col: &Column, how: ScanOp) -> Result<Column> {
    let _operation = ferrodf_core::memory::enter_operation();
    let agg = match how {
        ScanOp::CumSum => Aggregation::Sum,
        ScanOp::CumProd => Aggregation::Product,
        ScanOp::CumMin => Aggregation::Min,
        ScanOp::CumMax => Aggregation::Max,
    };
    scan(col, &agg, true)
}
