"""pylibcudf's ``nvtext.edit_distance`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order


def edit_distance(input, targets, stream=None, mr=None):
    """INT32 Levenshtein distances (in characters) between the rows of ``input`` and
    ``targets`` (same length, or one row for all); nulls count as empty strings."""
    _order = _stream_order(stream, mr)
    return _lib.edit_distance(input, targets)


def edit_distance_matrix(input, stream=None, mr=None):
    """LIST<INT32>: row ``i`` holds the distances of row ``i`` to every row."""
    _order = _stream_order(stream, mr)
    return _lib.edit_distance_matrix(input)


__all__ = ["edit_distance", "edit_distance_matrix"]
