"""pylibcudf's ``rolling`` module: rolling and range window aggregations."""

from __future__ import annotations

from ferrodf._lib.rolling import (
    BoundedClosed,
    BoundedOpen,
    CurrentRow,
    RollingRequest,
    Unbounded,
    grouped_range_rolling_window,
    is_valid_rolling_aggregation,
    make_range_windows,
    rolling_window,
)

RangeWindowType = BoundedClosed | BoundedOpen | CurrentRow | Unbounded

__all__ = [
    "BoundedClosed",
    "BoundedOpen",
    "CurrentRow",
    "RangeWindowType",
    "RollingRequest",
    "Unbounded",
    "grouped_range_rolling_window",
    "is_valid_rolling_aggregation",
    "make_range_windows",
    "rolling_window",
]
