"""pylibcudf's ``groupby`` module: group rows by key and aggregate, scan, shift or fill
nulls within the groups."""

from __future__ import annotations

from ferrodf._lib.groupby import GroupBy, GroupByRequest

__all__ = ["GroupBy", "GroupByRequest"]
