"""pylibcudf's ``sorting`` module: sorted orders, sorts, ranks and top-k."""

from __future__ import annotations

from ferrodf._lib import sorting_is_sorted as is_sorted
from ferrodf._lib import sorting_rank as rank
from ferrodf._lib import sorting_segmented_sort_by_key as segmented_sort_by_key
from ferrodf._lib import sorting_sort as sort
from ferrodf._lib import sorting_sort_by_key as sort_by_key
from ferrodf._lib import sorting_sorted_order as sorted_order
from ferrodf._lib import sorting_stable_segmented_sort_by_key as stable_segmented_sort_by_key
from ferrodf._lib import sorting_stable_sort as stable_sort
from ferrodf._lib import sorting_stable_sort_by_key as stable_sort_by_key
from ferrodf._lib import sorting_stable_sorted_order as stable_sorted_order
from ferrodf._lib import sorting_top_k as top_k
from ferrodf._lib import sorting_top_k_order as top_k_order

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
