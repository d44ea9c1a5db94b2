"""pylibcudf's ``aggregation`` module: aggregation factories and kinds."""

from __future__ import annotations

from ferrodf._lib.aggregation import Aggregation, make_aggregation
from ferrodf._lib.aggregation import is_valid_aggregation as _is_valid_aggregation
from ferrodf.plc._enums import rust_enum
from ferrodf.plc.types import (
    DataType,
    Interpolation,
    NanEquality,
    NullEquality,
    NullOrder,
    NullPolicy,
    Order,
)

Kind = rust_enum("Kind", __name__)
BitwiseOp = rust_enum("BitwiseOp", __name__)
CorrelationType = rust_enum("CorrelationType", __name__)
EWMHistory = rust_enum("EWMHistory", __name__)


def sum() -> Aggregation:
    return make_aggregation("sum")


def product() -> Aggregation:
    return make_aggregation("product")


def min() -> Aggregation:
    return make_aggregation("min")


def max() -> Aggregation:
    return make_aggregation("max")


def count(null_handling: NullPolicy = NullPolicy.EXCLUDE) -> Aggregation:
    return make_aggregation("count", null_handling=int(null_handling))


def any() -> Aggregation:
    return make_aggregation("any")


def all() -> Aggregation:
    return make_aggregation("all")


def sum_of_squares() -> Aggregation:
    return make_aggregation("sum_of_squares")


def mean() -> Aggregation:
    return make_aggregation("mean")


def variance(ddof: int = 1) -> Aggregation:
    return make_aggregation("variance", ddof=ddof)


def std(ddof: int = 1) -> Aggregation:
    return make_aggregation("std", ddof=ddof)


def median() -> Aggregation:
    return make_aggregation("median")


def quantile(quantiles: list[float], interp: Interpolation = Interpolation.LINEAR) -> Aggregation:
    return make_aggregation("quantile", quantiles=list(quantiles), interp=int(interp))


def argmax() -> Aggregation:
    return make_aggregation("argmax")


def argmin() -> Aggregation:
    return make_aggregation("argmin")


def nunique(null_handling: NullPolicy = NullPolicy.EXCLUDE) -> Aggregation:
    return make_aggregation("nunique", null_handling=int(null_handling))


def nth_element(n: int, null_handling: NullPolicy = NullPolicy.INCLUDE) -> Aggregation:
    return make_aggregation("nth_element", n=n, null_handling=int(null_handling))


def collect_list(null_handling: NullPolicy = NullPolicy.INCLUDE) -> Aggregation:
    return make_aggregation("collect_list", null_handling=int(null_handling))


def row_number() -> Aggregation:
    """libcudf's ``make_row_number_aggregation``: each row's 1-based position in its
    window (rolling windows only; pylibcudf has no factory for it)."""
    return make_aggregation("row_number")


def lead(offset: int) -> Aggregation:
    """libcudf's ``make_lead_aggregation``: the value ``offset`` rows after each row,
    within its window (rolling windows only; pylibcudf has no factory for it)."""
    return make_aggregation("lead", n=offset)


def lag(offset: int) -> Aggregation:
    """libcudf's ``make_lag_aggregation``: the value ``offset`` rows before each row,
    within its window (rolling windows only; pylibcudf has no factory for it)."""
    return make_aggregation("lag", n=offset)


def collect_set(
    null_handling: NullPolicy = NullPolicy.INCLUDE,
    nulls_equal: NullEquality = NullEquality.EQUAL,
    nans_equal: NanEquality = NanEquality.ALL_EQUAL,
) -> Aggregation:
    return make_aggregation(
        "collect_set",
        null_handling=int(null_handling),
        nulls_equal=NullEquality(nulls_equal) == NullEquality.EQUAL,
        nans_equal=NanEquality(nans_equal) == NanEquality.ALL_EQUAL,
    )


RankMethod = rust_enum("RankMethod", __name__)
RankPercentage = rust_enum("RankPercentage", __name__)


def rank(
    method: RankMethod,
    column_order: Order = Order.ASCENDING,
    null_handling: NullPolicy = NullPolicy.EXCLUDE,
    null_precedence: NullOrder = NullOrder.AFTER,
    percentage: RankPercentage = RankPercentage.NONE,
) -> Aggregation:
    """Rank of each value within its group (use with ``GroupBy.scan``)."""
    return make_aggregation(
        "rank",
        method=int(method),
        column_order=int(column_order),
        null_handling=int(null_handling),
        null_precedence=int(null_precedence),
        percentage=int(percentage),
    )


def m2() -> Aggregation:
    """Sum of squared deviations from the mean per group (``GroupBy.aggregate``)."""
    return make_aggregation("m2")


def covariance(min_periods: int, ddof: int) -> Aggregation:
    """Covariance of the two numeric children of a STRUCT values column
    (``GroupBy.aggregate``), over the rows where both are valid."""
    return make_aggregation("covariance", min_periods=min_periods, ddof=ddof)


def correlation(type: CorrelationType, min_periods: int) -> Aggregation:
    """Correlation of the two numeric children of a STRUCT values column
    (``GroupBy.aggregate``; ferrodf computes PEARSON)."""
    return make_aggregation("correlation", correlation_type=int(type), min_periods=min_periods)


def bitwise(op: BitwiseOp) -> Aggregation:
    """Bitwise AND, OR or XOR of integer values (``reduce`` and ``GroupBy.aggregate``)."""
    return make_aggregation("bitwise", bitwise_op=int(op))


def ewma(center_of_mass: float, history: EWMHistory) -> Aggregation:
    """Exponentially weighted moving average (a scan)."""
    return make_aggregation("ewma", center_of_mass=float(center_of_mass), history=int(history))


def histogram() -> Aggregation:
    return make_aggregation("histogram")


def merge_histogram() -> Aggregation:
    return make_aggregation("merge_histogram")


def merge_m2() -> Aggregation:
    return make_aggregation("merge_m2")


def merge_lists() -> Aggregation:
    return make_aggregation("merge_lists")


def merge_sets(
    nulls_equal: NullEquality = NullEquality.EQUAL,
    nans_equal: NanEquality = NanEquality.ALL_EQUAL,
) -> Aggregation:
    return make_aggregation(
        "merge_sets",
        nulls_equal=NullEquality(nulls_equal) == NullEquality.EQUAL,
        nans_equal=NanEquality(nans_equal) == NanEquality.ALL_EQUAL,
    )


def tdigest(max_centroids: int) -> Aggregation:
    return make_aggregation("tdigest", max_centroids=max_centroids)


def merge_tdigest(max_centroids: int) -> Aggregation:
    return make_aggregation("merge_tdigest", max_centroids=max_centroids)


def is_valid_aggregation(source: DataType, agg: Aggregation) -> bool:
    """Whether libcudf defines ``agg`` for values of type ``source`` (a property of the
    types; an algorithm may still refuse the pair)."""
    if not isinstance(agg, Aggregation):
        raise TypeError(f"agg must be an Aggregation, not {type(agg).__name__}")
    return _is_valid_aggregation(source, agg)


__all__ = [
    "Aggregation",
    "BitwiseOp",
    "CorrelationType",
    "EWMHistory",
    "Kind",
    "RankMethod",
    "RankPercentage",
    "all",
    "any",
    "argmax",
    "argmin",
    "bitwise",
    "collect_list",
    "collect_set",
    "correlation",
    "count",
    "covariance",
    "ewma",
    "histogram",
    "is_valid_aggregation",
    "lag",
    "lead",
    "m2",
    "max",
    "mean",
    "median",
    "merge_histogram",
    "merge_lists",
    "merge_m2",
    "merge_sets",
    "merge_tdigest",
    "min",
    "nth_element",
    "nunique",
    "product",
    "quantile",
    "rank",
    "row_number",
    "std",
    "sum",
    "sum_of_squares",
    "tdigest",
    "variance",
]
