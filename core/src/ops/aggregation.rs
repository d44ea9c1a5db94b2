//! Aggregation descriptors (pylibcudf's `aggregation` module): what to compute, with its
//! parameters. Algorithms (`reduce`, `groupby`, ...) say which kinds they support.

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
}

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
        }
    }
}
