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
        // 10 is M2 (python_only below).
        Variance = 11,
        Std,
        Median,
        Quantile,
        Argmax,
        Argmin,
        Nunique,
        NthElement,
        RowNumber,
        // 20 is EWMA.
        Rank = 21,
        CollectList,
        CollectSet,
        Lead,
        Lag,
    }
    // Kinds of pylibcudf that ferrodf has no aggregation for.
    python_only {
        "M2" = 10,
        "EWMA" = 20,
    }
}
