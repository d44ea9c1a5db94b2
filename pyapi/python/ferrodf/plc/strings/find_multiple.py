"""pylibcudf's ``strings.find_multiple`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import find_multiple as _find_multiple


def find_multiple(input, targets, stream=None, mr=None):
    """LIST<INT32>: for every row, the character position of each row of ``targets`` (a
    STRING Column without nulls) in it, -1 when absent; a null row gives -1s (as libcudf)."""
    _order = _stream_order(stream, mr)
    return _find_multiple(input, targets)


__all__ = ["find_multiple"]
