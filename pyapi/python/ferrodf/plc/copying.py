"""pylibcudf's ``copying`` module."""

from __future__ import annotations

from ferrodf._lib.copying import (
    allocate_like,
    boolean_mask_scatter,
    copy_if_else,
    copy_range,
    copy_range_in_place,
    empty_like,
    gather,
    get_element,
    scatter,
    shift,
    slice,
    split,
)
from ferrodf.plc._enums import rust_enum

OutOfBoundsPolicy = rust_enum("OutOfBoundsPolicy", __name__)
MaskAllocationPolicy = rust_enum("MaskAllocationPolicy", __name__)


__all__ = [
    "MaskAllocationPolicy",
    "OutOfBoundsPolicy",
    "allocate_like",
    "boolean_mask_scatter",
    "copy_if_else",
    "copy_range",
    "copy_range_in_place",
    "empty_like",
    "gather",
    "get_element",
    "scatter",
    "shift",
    "slice",
    "split",
]
