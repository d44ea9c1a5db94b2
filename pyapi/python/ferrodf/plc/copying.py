"""pylibcudf's ``copying`` module, plus libcudf's ``sample`` (with ``SampleWithReplacement``
from ``types``): ``n`` random rows, deterministic by ``seed`` and the same on the host and
the device (the draws are ferrodf's own, not libcudf's)."""

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
    sample,
    scatter,
    shift,
    slice,
    split,
)
from ferrodf.plc._enums import rust_enum
from ferrodf.plc.types import SampleWithReplacement

OutOfBoundsPolicy = rust_enum("OutOfBoundsPolicy", __name__)
MaskAllocationPolicy = rust_enum("MaskAllocationPolicy", __name__)


__all__ = [
    "MaskAllocationPolicy",
    "OutOfBoundsPolicy",
    "SampleWithReplacement",
    "allocate_like",
    "boolean_mask_scatter",
    "copy_if_else",
    "copy_range",
    "copy_range_in_place",
    "empty_like",
    "gather",
    "get_element",
    "sample",
    "scatter",
    "shift",
    "slice",
    "split",
]
