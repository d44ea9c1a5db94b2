"""pylibcudf's ``strings.findall`` module: every match of a regular expression in each
row (``findall``) and where the first one starts (``find_re``). On the GPU the pattern
runs as a DFA, one thread per row."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import find_re as _find_re
from ferrodf._lib.strings import findall as _findall


def findall(input, pattern, stream=None, mr=None):
    """LIST<STRING>: the successive non-overlapping matches of ``pattern`` (a
    RegexProgram) in each row, whole matches (capture groups play no part); a row without
    a match gives an empty list, a null row null."""
    _order = _stream_order(stream, mr)
    return _findall(input, pattern)


def find_re(input, pattern, stream=None, mr=None):
    """INT32: the character position where the first match of ``pattern`` starts in each
    row, -1 without one; null rows give null."""
    _order = _stream_order(stream, mr)
    return _find_re(input, pattern)


__all__ = ["find_re", "findall"]
