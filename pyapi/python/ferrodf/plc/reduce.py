"""pylibcudf's ``reduce`` module."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import (
    distinct_count,
    is_valid_reduce_aggregation,
    minmax,
    reduce,
    scan,
    unique_count,
)


class ScanType(IntEnum):
    INCLUSIVE = 0
    EXCLUSIVE = 1


__all__ = [
    "ScanType",
    "distinct_count",
    "is_valid_reduce_aggregation",
    "minmax",
    "reduce",
    "scan",
    "unique_count",
]
