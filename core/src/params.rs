//! Options of operations that the op families (`ops/`), their device kernels
//! (`device/kernels/`) or the Python bindings take. Kept below both so that the kernels
//! need not import `ops`; each is re-exported at its old path in `ops`.

use crate::named_enum::named_enum;

/// The kinds of hash join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinKind {
    /// Matching pairs only.
    Inner,
    /// Every left row; unmatched ones paired with [`JOIN_NONE`](crate::ops::join::JOIN_NONE).
    Left,
    /// Every row of both sides.
    Full,
    /// Left rows with a match.
    LeftSemi,
    /// Left rows without a match.
    LeftAnti,
}

named_enum! {
    /// Which row of each group of duplicates to keep (KEEP_ANY keeps the first).
    pub enum DuplicateKeepOption in "stream_compaction" {
        /// Any one (ferrodf keeps the first).
        KeepAny,
        /// The first.
        KeepFirst,
        /// The last.
        KeepLast,
        /// None: only rows without duplicates remain.
        KeepNone,
    }
}

named_enum! {
    /// libcudf's `rank_method`: how tied values are ranked.
    pub enum RankMethod in "aggregation" {
        /// Ties ranked in row order (1, 2, 3 for three equal values).
        First,
        /// The mean of the tied ranks.
        Average,
        /// The lowest of the tied ranks.
        Min,
        /// The highest of the tied ranks.
        Max,
        /// Like `Min`, but ranks increase by one between groups of equal values.
        Dense,
    }
}

named_enum! {
    /// libcudf's `rank_percentage`: whether and how ranks are normalised into (0, 1].
    pub enum RankPercentage in "aggregation" {
        /// Plain ranks.
        None,
        /// `(rank - 1) / (count - 1)`.
        ZeroNormalized,
        /// `rank / count`.
        OneNormalized,
    }
}

named_enum! {
    /// libcudf's `interpolation`: how a quantile between two values is chosen.
    pub enum Interpolation in "types" {
        Linear,
        Lower,
        Higher,
        Midpoint,
        Nearest,
    }
}

named_enum! {
    /// libcudf's `null_policy`: whether nulls take part (`INCLUDE`) or are skipped
    /// (`EXCLUDE`).
    pub enum NullPolicy in "types" {
        Exclude,
        Include,
    }
}

named_enum! {
    /// libcudf's `nan_policy`: whether NaNs count as nulls.
    pub enum NanPolicy in "types" {
        NanIsNull,
        NanIsValid,
    }
}

named_enum! {
    /// libcudf's `sorted`: whether the input is known to be sorted.
    pub enum Sorted in "types" {
        No,
        Yes,
    }
}

named_enum! {
    /// libcudf's `null_aware`: whether a user-defined function sees the nulls of its inputs
    /// (pylibcudf's `types.NullAware`).
    pub enum NullAware in "types" {
        No,
        Yes,
    }
}

named_enum! {
    /// The language of a user-defined function's source (pylibcudf's
    /// `jit.UDFSourceType`): CUDA C++ or PTX.
    pub enum UDFSourceType in "jit" {
        Cuda,
        Ptx,
    }
}

named_enum! {
    /// libcudf's `scan_type`: whether a row's own value takes part in its scan result.
    pub enum ScanType in "reduce" {
        Inclusive,
        Exclusive,
    }
}

named_enum! {
    /// Which valid neighbour `replace_nulls` copies into a null row (libcudf's
    /// `replace_policy`).
    pub enum ReplacePolicy in "replace" {
        /// The nearest valid value before the null (in its group, for groupby).
        Preceding,
        /// The nearest valid value after the null (in its group, for groupby).
        Following,
    }
}

named_enum! {
    /// libcudf's rounding methods (same values as pylibcudf).
    pub enum RoundingMethod in "round" {
        /// Round half away from zero.
        HalfUp,
        /// Round half to even (banker's rounding).
        HalfEven,
    }
}

named_enum! {
    /// libcudf's `correlation_type`: which correlation coefficient CORRELATION computes.
    pub enum CorrelationType in "aggregation" {
        /// Pearson's linear correlation.
        Pearson,
        /// Kendall's tau (rank concordance).
        Kendall,
        /// Spearman's rho (Pearson's correlation of the ranks).
        Spearman,
    }
}

named_enum! {
    /// libcudf's `ewm_history`: whether EWMA weighs the whole history (pandas'
    /// `adjust=True`) or uses the recursive form (`adjust=False`).
    pub enum EWMHistory in "aggregation" {
        /// Weights `(1 - alpha)^k` over every earlier value (pandas' `adjust=True`).
        Infinite,
        /// `y[i] = (1 - alpha) y[i-1] + alpha x[i]` (pandas' `adjust=False`).
        Finite,
    }
}

named_enum! {
    /// libcudf's `bitwise_op`: the bit operation BITWISE_AGG folds the values with.
    pub enum BitwiseOp in "aggregation" {
        /// Bitwise AND (all ones for no value).
        And,
        /// Bitwise OR.
        Or,
        /// Bitwise XOR.
        Xor,
    }
}
