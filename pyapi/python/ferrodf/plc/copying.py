"""pylibcudf's ``copying`` module."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import (
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


class OutOfBoundsPolicy(IntEnum):
    """What ``gather`` does with map entries outside ``[-n, n)``.

    ``DONT_CHECK`` is undefined behaviour in libcudf; ferrodf still checks and raises
    IndexError, so nothing outside the source is ever read.
    """

    NULLIFY = 0
    DONT_CHECK = 1


class MaskAllocationPolicy(IntEnum):
    """Whether ``allocate_like`` gives the new column a null mask."""

    NEVER = 0
    RETAIN = 1
    ALWAYS = 2


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
