//! pylibcudf's aggregation `Kind`, shared by the aggregation descriptors (`ops::aggregation`,
//! which re-exports it) and the Python bindings.

use crate::named_enum::named_enum;

named_enum! {
    /// Aggregation kinds. Compare by name: the numbers differ between libcudf versions.
    pub enum Kind in "aggregation" {
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
        M2,
        Variance,
        Std,
        Median,
        Quantile,
        Argmax,
        Argmin,
        Nunique,
        NthElement,
        RowNumber,
        Ewma,
        Rank,
        CollectList,
        CollectSet,
        Lead,
        Lag,
        // 26 to 28 are PTX, CUDA and HOST_UDF (python_only below).
        MergeLists = 29,
        MergeSets,
        MergeM2 => "MERGE_M2",
        Covariance,
        Correlation,
        Tdigest,
        MergeTdigest,
        Histogram,
        MergeHistogram,
        BitwiseAgg,
    }
    // Kinds of pylibcudf that ferrodf has no aggregation for (user-defined functions).
    python_only {
        "PTX" = 26,
        "CUDA" = 27,
        "HOST_UDF" = 28,
    }
}
