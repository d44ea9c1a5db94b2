//! What each rolling aggregation computes and for which types (libcudf's rules): the one
//! place both paths and `is_valid_rolling_aggregation` read them.

use crate::buffer::Buffer;
use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::{Aggregation, Kind, NullPolicy};
use crate::ops::gather::gather_internal;
use crate::ops::lists::list_column as make_list;
use crate::types::{DataType, TypeId};

/// Which counting aggregation a [`Plan::Count`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CountMode {
    /// The valid rows of the window.
    Valid = 0,
    /// All rows of the window.
    All = 1,
    /// The row's 1-based position in its window.
    RowNumber = 2,
}

/// A rolling aggregation resolved against the source type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Plan {
    /// COUNT_VALID, COUNT_ALL or ROW_NUMBER (INT32). A row is null when its window has
    /// fewer than `min_periods` rows, nulls included.
    Count(CountMode),
    /// SUM of the valid values, accumulated (wrapping) in the output type `out`: INT64
    /// for signed integers and BOOL8, UINT64 for unsigned ones, else the source type.
    Sum { out: TypeId },
    /// MEAN of the valid values (FLOAT64).
    Mean,
    /// VARIANCE (or STD, its square root) of the valid values (FLOAT64), Welford's way.
    Variance { ddof: i32, std: bool },
    /// MIN or MAX: the row of the extreme valid value, then a gather.
    Extreme { max: bool },
    /// LEAD (`lead`) or LAG by `offset >= 0` rows inside the window, then a gather.
    Shift { lead: bool, offset: i32 },
    /// NTH_ELEMENT `n` of the window (from its end when negative), then a gather.
    Nth { n: i32, exclude_nulls: bool },
    /// COLLECT_LIST: each window's rows as a list.
    CollectList { exclude_nulls: bool },
}

impl Plan {
    /// The plan of `agg` over a `dtype` column: TypeError for an aggregation that is not
    /// a rolling one or does not apply to the type (pylibcudf raises TypeError for the
    /// former), NotImplementedError for rolling ones ferrodf lacks.
    pub(crate) fn new(dtype: DataType, agg: &Aggregation) -> Result<Plan> {
        use Aggregation as A;
        let id = dtype.id();
        let numeric = id.is_numeric();
        let plan = match agg {
            A::Count(NullPolicy::Exclude) => Plan::Count(CountMode::Valid),
            A::Count(NullPolicy::Include) => Plan::Count(CountMode::All),
            A::RowNumber => Plan::Count(CountMode::RowNumber),
            A::Sum if numeric || id.is_duration() => Plan::Sum {
                out: match id {
                    TypeId::Int8 | TypeId::Int16 | TypeId::Int32 | TypeId::Int64 => TypeId::Int64,
                    TypeId::Bool8 => TypeId::Int64,
                    TypeId::Uint8 | TypeId::Uint16 | TypeId::Uint32 | TypeId::Uint64 => {
                        TypeId::Uint64
                    }
                    other => other,
                },
            },
            A::Mean if numeric => Plan::Mean,
            A::Variance { ddof } if numeric => Plan::Variance {
                ddof: *ddof,
                std: false,
            },
            A::Std { ddof } if numeric => Plan::Variance {
                ddof: *ddof,
                std: true,
            },
            A::Min | A::Max if crate::device::kernels::storage_id(id).is_some() => Plan::Extreme {
                max: matches!(agg, A::Max),
            },
            A::Min | A::Max if id == TypeId::String => {
                return Err(Error::not_implemented(format!(
                    "rolling {} of STRING columns is not implemented",
                    agg.kind()
                )));
            }
            A::Lead { offset } => Plan::Shift {
                lead: *offset >= 0,
                offset: offset.checked_abs().ok_or_else(|| overflow(*offset))?,
            },
            A::Lag { offset } => Plan::Shift {
                lead: *offset < 0,
                offset: offset.checked_abs().ok_or_else(|| overflow(*offset))?,
            },
            A::NthElement { n, null_handling } => Plan::Nth {
                n: *n,
                exclude_nulls: *null_handling == NullPolicy::Exclude,
            },
            A::CollectList(p) => Plan::CollectList {
                exclude_nulls: *p == NullPolicy::Exclude,
            },
            A::CollectSet { .. } => {
                return Err(Error::not_implemented(
                    "rolling COLLECT_SET is not implemented; use COLLECT_LIST and \
                     lists.distinct",
                ));
            }
            A::Sum | A::Mean | A::Variance { .. } | A::Std { .. } | A::Min | A::Max => {
                return Err(Error::type_err(format!(
                    "rolling {} is not supported for {dtype} columns",
                    agg.kind()
                )));
            }
            A::Argmax | A::Argmin => {
                return Err(Error::type_err(format!(
                    "rolling {} is only defined for STRING and STRUCT columns in libcudf \
                     (as the row of MIN/MAX); use MIN or MAX",
                    agg.kind()
                )));
            }
            other => return Err(not_rolling(other.kind())),
        };
        Ok(plan)
    }

    /// The output type over a `source` column (gathers and lists keep the source's).
    pub(crate) fn output_type(&self, source: DataType) -> DataType {
        match self {
            Plan::Count(_) => TypeId::Int32.into(),
            Plan::Sum { out } if *out == source.id() => source,
            Plan::Sum { out } => (*out).into(),
            Plan::Mean | Plan::Variance { .. } => TypeId::Float64.into(),
            Plan::Extreme { .. } | Plan::Shift { .. } | Plan::Nth { .. } => source,
            Plan::CollectList { .. } => TypeId::List.into(),
        }
    }
}

fn overflow(offset: i32) -> Error {
    Error::overflow(format!("a LEAD/LAG offset of {offset} has no opposite"))
}

/// pylibcudf's message for an aggregation that cannot be used in a window.
fn not_rolling(kind: Kind) -> Error {
    Error::type_err(format!("{kind} aggregations are not supported by rolling"))
}

/// Whether `agg` can be computed over rolling windows of a `source` column (pylibcudf's
/// `is_valid_rolling_aggregation`), on both paths.
///
/// ```
/// use ferrodf_core::ops::aggregation::Aggregation;
/// use ferrodf_core::ops::rolling::is_valid_rolling_aggregation;
/// use ferrodf_core::TypeId;
/// assert!(is_valid_rolling_aggregation(TypeId::Int32.into(), &Aggregation::Sum));
/// assert!(!is_valid_rolling_aggregation(TypeId::String.into(), &Aggregation::Sum));
/// assert!(!is_valid_rolling_aggregation(TypeId::Int32.into(), &Aggregation::Median));
/// ```
pub fn is_valid_rolling_aggregation(source: DataType, agg: &Aggregation) -> bool {
    Plan::new(source, agg).is_ok()
}

/// COLLECT_LIST's pieces, from either path: INT32 `offsets` (one more than the rows) into
/// the source rows `map` (all in bounds), and the null rows (mask and count) if any.
pub(crate) struct Collected {
    pub offsets: Column,
    pub map: Column,
    pub mask: Option<(Buffer, usize)>,
}

/// The COLLECT_LIST result: the lists of `c` over the source's rows.
pub(crate) fn list_column(source: &Column, c: Collected) -> Result<Column> {
    let Collected { offsets, map, mask } = c;
    let child = gather_internal(source, &map)?;
    let (mask, nulls) = match mask {
        Some((m, nulls)) => (Some(m), nulls),
        None => (None, 0),
    };
    make_list(offsets, child, mask, nulls)
}
