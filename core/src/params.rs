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
        KeepAny = 0 => "KEEP_ANY",
        /// The first.
        KeepFirst = 1 => "KEEP_FIRST",
        /// The last.
        KeepLast = 2 => "KEEP_LAST",
        /// None: only rows without duplicates remain.
        KeepNone = 3 => "KEEP_NONE",
    }
}

named_enum! {
    /// libcudf's `rank_method`: how tied values are ranked.
    pub enum RankMethod in "aggregation" {
        /// Ties ranked in row order (1, 2, 3 for three equal values).
        First = 0 => "FIRST",
        /// The mean of the tied ranks.
        Average = 1 => "AVERAGE",
        /// The lowest of the tied ranks.
        Min = 2 => "MIN",
        /// The highest of the tied ranks.
        Max = 3 => "MAX",
        /// Like `Min`, but ranks increase by one between groups of equal values.
        Dense = 4 => "DENSE",
    }
}

named_enum! {
    /// libcudf's `rank_percentage`: whether and how ranks are normalised into (0, 1].
    pub enum RankPercentage in "aggregation" {
        /// Plain ranks.
        None = 0 => "NONE",
        /// `(rank - 1) / (count - 1)`.
        ZeroNormalized = 1 => "ZERO_NORMALIZED",
        /// `rank / count`.
        OneNormalized = 2 => "ONE_NORMALIZED",
    }
}

named_enum! {
    /// libcudf's `interpolation`: how a quantile between two values is chosen.
    pub enum Interpolation in "types" {
        Linear = 0 => "LINEAR",
        Lower = 1 => "LOWER",
        Higher = 2 => "HIGHER",
        Midpoint = 3 => "MIDPOINT",
        Nearest = 4 => "NEAREST",
    }
}

named_enum! {
    /// libcudf's `null_policy`: whether nulls take part (`INCLUDE`) or are skipped
    /// (`EXCLUDE`).
    pub enum NullPolicy in "types" {
        Exclude = 0 => "EXCLUDE",
        Include = 1 => "INCLUDE",
    }
}

named_enum! {
    /// libcudf's `nan_policy`: whether NaNs count as nulls.
    pub enum NanPolicy in "types" {
        NanIsNull = 0 => "NAN_IS_NULL",
        NanIsValid = 1 => "NAN_IS_VALID",
    }
}

named_enum! {
    /// libcudf's `sorted`: whether the input is known to be sorted.
    pub enum Sorted in "types" {
        No = 0 => "NO",
        Yes = 1 => "YES",
    }
}

named_enum! {
    /// libcudf's `scan_type`: whether a row's own value takes part in its scan result.
    pub enum ScanType in "reduce" {
        Inclusive = 0 => "INCLUSIVE",
        Exclusive = 1 => "EXCLUSIVE",
    }
}

named_enum! {
    /// Which valid neighbour `replace_nulls` copies into a null row (libcudf's
    /// `replace_policy`).
    pub enum ReplacePolicy in "replace" {
        /// The nearest valid value before the null (in its group, for groupby).
        Preceding = 0 => "PRECEDING",
        /// The nearest valid value after the null (in its group, for groupby).
        Following = 1 => "FOLLOWING",
    }
}

named_enum! {
    /// libcudf's rounding methods (same values as pylibcudf).
    pub enum RoundingMethod in "round" {
        /// Round half away from zero.
        HalfUp = 0 => "HALF_UP",
        /// Round half to even (banker's rounding).
        HalfEven = 1 => "HALF_EVEN",
    }
}
