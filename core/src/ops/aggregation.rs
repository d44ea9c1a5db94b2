//! Aggregation descriptors (pylibcudf's `aggregation` module): what to compute, with its
//! parameters. Algorithms (`reduce`, `groupby`, ...) say which kinds they support.

use std::fmt;

pub use crate::params::Interpolation;

/// Whether nulls take part (`Include`) or are skipped (`Exclude`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NullPolicy {
    Exclude = 0,
    Include = 1,
}

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

/// Whether ranks are scaled into (0, 1] (pylibcudf's `RankPercentage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RankPercentage {
    /// Plain ranks.
    None = 0,
    /// `(rank - 1) / (count - 1)`.
    ZeroNormalized = 1,
    /// `rank / count`.
    OneNormalized = 2,
}

impl RankPercentage {
    /// The setting with pylibcudf's numeric value `v`.
    pub fn from_i32(v: i32) -> crate::error::Result<RankPercentage> {
        Ok(match v {
            0 => RankPercentage::None,
            1 => RankPercentage::ZeroNormalized,
            2 => RankPercentage::OneNormalized,
            _ => {
                return Err(crate::error::Error::value(format!(
                    "{v} is not a RankPercentage (0..=2)"
                )));
            }
        })
    }
}

/// The kind of an aggregation, by pylibcudf's `Kind` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Sum,
    Product,
    Min,
    Max,
    CountValid,
    CountAll,
    Any,
    All,
    SumOfSquares,
    Mean,
    Variance,
    Std,
    Median,
    Quantile,
    Argmax,
    Argmin,
    Nunique,
    NthElement,
    CollectList,
    CollectSet,
    Rank,
}

impl Kind {
    /// pylibcudf's upper-case name.
    pub fn name(self) -> &'static str {
        use Kind::*;
        match self {
            Sum => "SUM",
            Product => "PRODUCT",
            Min => "MIN",
            Max => "MAX",
            CountValid => "COUNT_VALID",
            CountAll => "COUNT_ALL",
            Any => "ANY",
            All => "ALL",
            SumOfSquares => "SUM_OF_SQUARES",
            Mean => "MEAN",
            Variance => "VARIANCE",
            Std => "STD",
            Median => "MEDIAN",
            Quantile => "QUANTILE",
            Argmax => "ARGMAX",
            Argmin => "ARGMIN",
            Nunique => "NUNIQUE",
            NthElement => "NTH_ELEMENT",
            CollectList => "COLLECT_LIST",
            CollectSet => "COLLECT_SET",
            Rank => "RANK",
        }
    }
}

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
        }
    }
}
