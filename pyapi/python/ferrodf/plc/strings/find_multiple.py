"""pylibcudf's ``strings.find_multiple`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import find_multiple as _find_multiple


def find_multiple(input, targets, stream=None, mr=None):
    """LIST<INT32>: for every row, the character position of each row of ``targets`` (a
    STRING Column without nulls) in it, -1 when absent; a null row gives -1s (as libcudf)."""
    _order = _stream_order(stream, mr)
    return _find_multiple(input, targets)


def contains_multiple(input, targets, stream=None, mr=None):
    """A Table of BOOL8 columns, one per row of ``targets`` (a STRING Column without
    nulls): row ``i`` of column ``j`` says whether ``targets[j]`` occurs in ``input[i]``;
    a null input row gives null. One ``contains`` pass per target, on the GPU when ferrodf
    uses one."""
    _order = _stream_order(stream, mr)
    from ferrodf.plc.copying import get_element
    from ferrodf.plc.strings.find import contains
    from ferrodf.plc.table import Table
    from ferrodf.plc.types import TypeId

    if targets.type().id() != TypeId.STRING:
        raise TypeError(f"contains_multiple: targets must be a STRING column, got {targets.type()}")
    if targets.null_count():
        raise ValueError("contains_multiple: targets must not contain nulls")
    if targets.size() == 0:
        raise ValueError("contains_multiple: targets must not be empty")
    return Table([contains(input, get_element(targets, j)) for j in range(targets.size())])


__all__ = ["contains_multiple", "find_multiple"]
