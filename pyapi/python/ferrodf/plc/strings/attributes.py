"""pylibcudf's ``strings.attributes`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import code_points as _code_points
from ferrodf._lib.strings import count_bytes as _count_bytes
from ferrodf._lib.strings import count_characters as _count_characters


def count_characters(input, stream=None, mr=None):
    """INT32: the number of characters (Unicode code points) of every row (pandas' str.len)."""
    _order = _stream_order(stream, mr)
    return _count_characters(input)


def count_bytes(input, stream=None, mr=None):
    """INT32: the number of UTF-8 bytes of every row."""
    _order = _stream_order(stream, mr)
    return _count_bytes(input)


def code_points(input, stream=None, mr=None):
    """INT32: every character of every non-null row, one after the other, as libcudf
    encodes it: its UTF-8 bytes read as one integer (``é`` is 50089)."""
    _order = _stream_order(stream, mr)
    return _code_points(input)


__all__ = ["code_points", "count_bytes", "count_characters"]
