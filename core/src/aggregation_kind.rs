//! pylibcudf's aggregation `Kind`, shared by the aggregation descriptors (`ops::aggregation`,
//! which re-exports it) and the Python bindings.

use crate::named_enum::named_enum;

named_enum! {
    /// Aggregation kinds. Compare by name: the numbers differ between libcudf versions.
    pub enum Kind in "aggregation" {
        Sum = 0 => "SUM",
        Product = 1 => "PRODUCT",
        Min = 2 => "MIN",
        Max = 3 => "MAX",
        CountValid = 4 => "COUNT_VALID",
        CountAll = 5 => "COUNT_ALL",
        Any = 6 => "ANY",
        All = 7 => "ALL",
        SumOfSquares = 8 => "SUM_OF_SQUARES",
        Mean = 9 => "MEAN",
        Variance = 11 => "VARIANCE",
        Std = 12 => "STD",
        Median = 13 => "MEDIAN",
        Quantile = 14 => "QUANTILE",
        Argmax = 15 => "ARGMAX",
        Argmin = 16 => "ARGMIN",
        Nunique = 17 => "NUNIQUE",
        NthElement = 18 => "NTH_ELEMENT",
        Rank = 21 => "RANK",
        CollectList = 22 => "COLLECT_LIST",
        CollectSet = 23 => "COLLECT_SET",
    }
    // Kinds of pylibcudf that ferrodf has no aggregation for.
    python_only {
        "M2" = 10,
        "ROW_NUMBER" = 19,
        "EWMA" = 20,
    }
}
