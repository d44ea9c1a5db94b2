"""pylibcudf's ``search`` module: binary search of sorted tables and membership."""

from __future__ import annotations

from ferrodf._lib.search import contains as contains
from ferrodf._lib.search import lower_bound as lower_bound
from ferrodf._lib.search import upper_bound as upper_bound

__all__ = ["contains", "lower_bound", "upper_bound"]
