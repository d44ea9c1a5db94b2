"""pylibcudf's ``sorting`` module: sorted orders, sorts, ranks and top-k."""

from __future__ import annotations

from ferrodf._lib.sorting import is_sorted as is_sorted
from ferrodf._lib.sorting import rank as rank
from ferrodf._lib.sorting import segmented_sort_by_key as segmented_sort_by_key
from ferrodf._lib.sorting import sort as sort
from ferrodf._lib.sorting import sort_by_key as sort_by_key
from ferrodf._lib.sorting import sorted_order as sorted_order
from ferrodf._lib.sorting import stable_segmented_sort_by_key as stable_segmented_sort_by_key
from ferrodf._lib.sorting import stable_sort as stable_sort
from ferrodf._lib.sorting import stable_sort_by_key as stable_sort_by_key
from ferrodf._lib.sorting import stable_sorted_order as stable_sorted_order
from ferrodf._lib.sorting import top_k as top_k
from ferrodf._lib.sorting import top_k_order as top_k_order

__all__ = [
    "is_sorted",
    "rank",
    "segmented_sort_by_key",
    "sort",
    "sort_by_key",
    "sorted_order",
    "stable_segmented_sort_by_key",
    "stable_sort",
    "stable_sort_by_key",
    "stable_sorted_order",
    "top_k",
    "top_k_order",
]
