"""pylibcudf's ``aggregation`` module: aggregation factories and kinds."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import Aggregation, make_aggregation
from ferrodf.plc.types import (
    Interpolation,
    NanEquality,
    NullEquality,
    NullOrder,
    NullPolicy,
    Order,
)


class Kind(IntEnum):
    """Aggregation kinds. Compare by name: the numbers differ between libcudf versions."""

    SUM = 0
    PRODUCT = 1
    MIN = 2
    MAX = 3
    COUNT_VALID = 4
    COUNT_ALL = 5
    ANY = 6
    ALL = 7
    SUM_OF_SQUARES = 8
    MEAN = 9
    M2 = 10
    VARIANCE = 11
    STD = 12
    MEDIAN = 13
    QUANTILE = 14
    ARGMAX = 15
    ARGMIN = 16
    NUNIQUE = 17
    NTH_ELEMENT = 18
    ROW_NUMBER = 19
    EWMA = 20
    RANK = 21
    COLLECT_LIST = 22
    COLLECT_SET = 23


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


class RankMethod(IntEnum):
    """libcudf's ``rank_method``: how tied values are ranked."""

    FIRST = 0
    AVERAGE = 1
    MIN = 2
    MAX = 3
    DENSE = 4


class RankPercentage(IntEnum):
    """libcudf's ``rank_percentage``: whether and how ranks are normalised."""

    NONE = 0
    ZERO_NORMALIZED = 1
    ONE_NORMALIZED = 2


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
    "max",
    "mean",
    "median",
    "min",
    "nth_element",
    "nunique",
    "product",
    "quantile",
    "rank",
    "std",
    "sum",
    "sum_of_squares",
    "variance",
]
