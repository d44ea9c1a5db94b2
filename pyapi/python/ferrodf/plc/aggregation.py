"""pylibcudf's ``aggregation`` module: aggregation factories and kinds."""

from __future__ import annotations

from ferrodf._lib.aggregation import Aggregation, make_aggregation
from ferrodf.plc._enums import rust_enum
from ferrodf.plc.types import (
    Interpolation,
    NanEquality,
    NullEquality,
    NullOrder,
    NullPolicy,
    Order,
)

Kind = rust_enum("Kind", __name__)


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


__all__ = [
    "Aggregation",
    "Kind",
    "RankMethod",
    "RankPercentage",
    "all",
    "any",
    "argmax",
    "argmin",
    "collect_list",
    "collect_set",
    "count",
    "lag",
    "lead",
    "max",
    "mean",
    "median",
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
    "variance",
]
