"""pylibcudf's ``strings.replace`` module: literal ``replace``, ``replace_multiple`` and
``replace_slice`` (``replace_re``: regex)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import replace as _replace
from ferrodf._lib.strings import replace_multiple as _replace_multiple
from ferrodf._lib.strings import replace_slice as _replace_slice


def replace(input, target, repl, maxrepl=-1, stream=None, mr=None):
    """Replace the first ``maxrepl`` (-1: all) occurrences of ``target`` (a non-empty
    string Scalar) in every row by ``repl``."""
    _order = _stream_order(stream, mr)
    return _replace(input, target, repl, maxrepl)


def replace_multiple(input, target, repl, maxrepl=-1, stream=None, mr=None):
    """At each position of every row, the first of the strings of ``target`` (a Column
    without nulls or empty strings) found there replaced by the same row of ``repl`` (or its
    only row), up to ``maxrepl`` replacements (-1: all)."""
    _order = _stream_order(stream, mr)
    return _replace_multiple(input, target, repl, maxrepl)


def replace_slice(input, repl=None, start=0, stop=-1, stream=None, mr=None):
    """Characters ``[start, stop)`` of every row (``stop`` -1: the end) replaced by ``repl``
    (a string Scalar; None: removed). Positions do not count from the end."""
    _order = _stream_order(stream, mr)
    return _replace_slice(input, repl, start, stop)


__all__ = ["replace", "replace_multiple", "replace_slice"]
