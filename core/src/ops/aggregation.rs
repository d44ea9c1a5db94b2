//! Aggregation descriptors (pylibcudf's `aggregation` module): what to compute, with its
//! parameters. Algorithms (`reduce`, `groupby`, ...) say which kinds they support.

use crate::types::{DataType, TypeId};
use std::fmt;

pub use crate::params::Interpolation;

pub use crate::params::NullPolicy;

/// An aggregation request.
#[derive(Debug, Clone, PartialEq)]
pub enum Aggregation {
    Sum,
    Product,
    Min,
    Max,
    Count(NullPolicy),
    Any,
    All,
    SumOfSquares,
    Mean,
    Variance {
        ddof: i32,
    },
    Std {
        ddof: i32,
    },
    Median,
    Quantile {
        quantiles: Vec<f64>,
        interpolation: Interpolation,
    },
    Argmax,
    Argmin,
    Nunique(NullPolicy),
    NthElement {
        n: i32,
        null_handling: NullPolicy,
    },
    CollectList(NullPolicy),
    /// Distinct values per group; `nulls_equal`: all nulls are one value; `nans_equal`:
    /// all NaNs are one value.
    CollectSet {
        null_handling: NullPolicy,
        nulls_equal: bool,
        nans_equal: bool,
    },
    /// The 1-based position of each row in its window (rolling windows only).
    RowNumber,
    /// The value `offset` rows after each row, inside its window (rolling windows only; a
    /// negative offset looks back).
    Lead {
        offset: i32,
    },
    /// The value `offset` rows before each row, inside its window (rolling windows only; a
    /// negative offset looks ahead).
    Lag {
        offset: i32,
    },
    /// Rank of each value within its group (a groupby scan).
    Rank {
        method: RankMethod,
        column_order: crate::ops::search::Order,
        null_handling: NullPolicy,
        null_precedence: crate::ops::search::NullOrder,
        percentage: RankPercentage,
    },
    /// Sum of squared deviations from the mean (`variance * (count - 1)`), FLOAT64.
    M2,
    /// Covariance of the two numeric children of a STRUCT column, over the rows where
    /// both are valid; null with fewer than `min_periods` such rows or `count <= ddof`.
    Covariance {
        min_periods: i32,
        ddof: i32,
    },
    /// Correlation of the two numeric children of a STRUCT column (rows where both are
    /// valid); null with fewer than `min_periods` such rows.
    Correlation {
        kind: CorrelationType,
        min_periods: i32,
    },
    /// The bitwise AND, OR or XOR of the valid integer values.
    Bitwise(BitwiseOp),
    /// Exponentially weighted moving average (a scan): `alpha = 1 / (1 + center_of_mass)`.
    Ewma {
        center_of_mass: f64,
        history: EWMHistory,
    },
    /// Each distinct value with its count: LIST<STRUCT<value, count INT64>>.
    Histogram,
    /// Histograms (LIST<STRUCT<value, count>>) merged, counts of equal values added.
    MergeHistogram,
    /// Partial M2 results (STRUCT<count INT32, mean FLOAT64, M2 FLOAT64>) merged into one.
    MergeM2,
    /// Lists concatenated per group.
    MergeLists,
    /// Lists concatenated per group, duplicates removed (as COLLECT_SET).
    MergeSets {
        nulls_equal: bool,
        nans_equal: bool,
    },
    /// A t-digest sketch of the values with at most `max_centroids` centroids.
    Tdigest {
        max_centroids: i32,
    },
    /// t-digests merged into one of at most `max_centroids` centroids.
    MergeTdigest {
        max_centroids: i32,
    },
}

pub use crate::params::{BitwiseOp, CorrelationType, EWMHistory};

pub use crate::ops::sorting::RankMethod;

pub use crate::params::RankPercentage;

pub use crate::aggregation_kind::Kind;

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Aggregation {
    /// `sum()`.
    pub fn sum() -> Self {
        Aggregation::Sum
    }
    /// The aggregation's kind.
    pub fn kind(&self) -> Kind {
        use Aggregation as A;
        match self {
            A::Sum => Kind::Sum,
            A::Product => Kind::Product,
            A::Min => Kind::Min,
            A::Max => Kind::Max,
            A::Count(NullPolicy::Exclude) => Kind::CountValid,
            A::Count(NullPolicy::Include) => Kind::CountAll,
            A::Any => Kind::Any,
            A::All => Kind::All,
            A::SumOfSquares => Kind::SumOfSquares,
            A::Mean => Kind::Mean,
            A::Variance { .. } => Kind::Variance,
            A::Std { .. } => Kind::Std,
            A::Median => Kind::Median,
            A::Quantile { .. } => Kind::Quantile,
            A::Argmax => Kind::Argmax,
            A::Argmin => Kind::Argmin,
            A::Nunique(_) => Kind::Nunique,
            A::NthElement { .. } => Kind::NthElement,
            A::CollectList(_) => Kind::CollectList,
            A::CollectSet { .. } => Kind::CollectSet,
            A::Rank { .. } => Kind::Rank,
            A::RowNumber => Kind::RowNumber,
            A::Lead { .. } => Kind::Lead,
            A::Lag { .. } => Kind::Lag,
            A::M2 => Kind::M2,
            A::Covariance { .. } => Kind::Covariance,
            A::Correlation { .. } => Kind::Correlation,
            A::Bitwise(_) => Kind::BitwiseAgg,
            A::Ewma { .. } => Kind::Ewma,
            A::Histogram => Kind::Histogram,
            A::MergeHistogram => Kind::MergeHistogram,
            A::MergeM2 => Kind::MergeM2,
            A::MergeLists => Kind::MergeLists,
            A::MergeSets { .. } => Kind::MergeSets,
            A::Tdigest { .. } => Kind::Tdigest,
            A::MergeTdigest { .. } => Kind::MergeTdigest,
        }
    }
}

/// Whether libcudf defines aggregation `kind` for values of type `source` (its
/// `is_valid_aggregation`: a property of the types, not of one algorithm; an algorithm may
/// still refuse the pair).
///
/// ```
/// use ferrodf_core::ops::aggregation::{Kind, is_valid_aggregation};
/// use ferrodf_core::types::TypeId;
/// assert!(is_valid_aggregation(TypeId::Int32.into(), Kind::BitwiseAgg));
/// assert!(!is_valid_aggregation(TypeId::Float64.into(), Kind::BitwiseAgg));
/// assert!(is_valid_aggregation(TypeId::Struct.into(), Kind::Covariance));
/// assert!(!is_valid_aggregation(TypeId::String.into(), Kind::Sum));
/// ```
pub fn is_valid_aggregation(source: DataType, kind: Kind) -> bool {
    let id = source.id();
    let numeric = id.is_numeric();
    let fixed_point = id.is_decimal();
    let comparable = !matches!(id, TypeId::Empty | TypeId::Dictionary32);
    match kind {
        Kind::CountValid | Kind::CountAll | Kind::Nunique | Kind::NthElement => true,
        Kind::RowNumber | Kind::Rank | Kind::CollectList | Kind::CollectSet => true,
        Kind::Lead | Kind::Lag | Kind::Histogram => id != TypeId::Empty,
        Kind::Sum => numeric || fixed_point || id.is_duration(),
        Kind::Product => numeric || fixed_point,
        Kind::SumOfSquares | Kind::Any | Kind::All => numeric,
        Kind::Min | Kind::Max | Kind::Argmin | Kind::Argmax => comparable,
        Kind::Mean => numeric || fixed_point || id.is_duration() || id.is_timestamp(),
        Kind::M2 | Kind::Variance | Kind::Std | Kind::Ewma => numeric || fixed_point,
        Kind::Median | Kind::Quantile | Kind::Tdigest => numeric || fixed_point,
        Kind::MergeLists | Kind::MergeSets | Kind::MergeHistogram => id == TypeId::List,
        Kind::MergeM2 | Kind::Covariance | Kind::Correlation | Kind::MergeTdigest => {
            id == TypeId::Struct
        }
        Kind::BitwiseAgg => id.is_integer(),
    }
}
