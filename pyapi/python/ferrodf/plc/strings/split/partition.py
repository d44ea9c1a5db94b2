"""pylibcudf's ``strings.split.partition`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import partition_strings as _partition


def partition(input, delimiter=None, stream=None, mr=None):
    """A Table of three columns: each row before its first ``delimiter`` (a string Scalar;
    None or empty: the first whitespace character), the delimiter, and the rest. A row
    without it is all in the first column."""
    _order = _stream_order(stream, mr)
    return _partition(input, delimiter, False)


def rpartition(input, delimiter=None, stream=None, mr=None):
    """``partition`` at the last delimiter; a row without it is all in the third column."""
    _order = _stream_order(stream, mr)
    return _partition(input, delimiter, True)


__all__ = ["partition", "rpartition"]
