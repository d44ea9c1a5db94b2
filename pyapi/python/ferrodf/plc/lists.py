"""pylibcudf's ``lists`` module."""

from __future__ import annotations

from ferrodf._lib.lists import (
    apply_boolean_mask,
    concatenate_list_elements,
    concatenate_rows,
    contains,
    contains_nulls,
    count_elements,
    difference_distinct,
    distinct,
    explode_outer,
    extract_list_element,
    have_overlap,
    index_of,
    intersect_distinct,
    reverse,
    segmented_gather,
    sequences,
    sort_lists,
    union_distinct,
)
from ferrodf.plc._enums import rust_enum

ConcatenateNullPolicy = rust_enum("ConcatenateNullPolicy", __name__)
DuplicateFindOption = rust_enum("DuplicateFindOption", __name__)

__all__ = [
    "ConcatenateNullPolicy",
    "DuplicateFindOption",
    "apply_boolean_mask",
    "concatenate_list_elements",
    "concatenate_rows",
    "contains",
    "contains_nulls",
    "count_elements",
    "difference_distinct",
    "distinct",
    "explode_outer",
    "extract_list_element",
    "have_overlap",
    "index_of",
    "intersect_distinct",
    "reverse",
    "segmented_gather",
    "sequences",
    "sort_lists",
    "union_distinct",
]
