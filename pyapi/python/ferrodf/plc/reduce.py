"""pylibcudf's ``reduce`` module."""

from __future__ import annotations

from ferrodf._lib.reduce import is_valid_reduce_aggregation, minmax, reduce, scan
from ferrodf._lib.stream_compaction import distinct_count, unique_count
from ferrodf.plc._enums import rust_enum

ScanType = rust_enum("ScanType", __name__)


__all__ = [
    "ScanType",
    "distinct_count",
    "is_valid_reduce_aggregation",
    "minmax",
    "reduce",
    "scan",
    "unique_count",
]
