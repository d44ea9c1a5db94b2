"""pylibcudf's ``strings.attributes`` module."""

from __future__ import annotations

from ferrodf._lib.strings import count_bytes as _count_bytes
from ferrodf._lib.strings import count_characters as _count_characters


def count_characters(input, stream=None, mr=None):
    """INT32: the number of characters (Unicode code points) of every row (pandas' str.len)."""
    return _count_characters(input)


def count_bytes(input, stream=None, mr=None):
    """INT32: the number of UTF-8 bytes of every row."""
    return _count_bytes(input)


__all__ = ["count_bytes", "count_characters"]
