"""pylibcudf's ``strings.find`` module (literal targets; ``strings.contains`` has the
regular-expression searches)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import find_op as _find_op


def contains(input, target, stream=None, mr=None):
    """BOOL8: whether each row contains ``target`` (a Scalar, or a Column row by row)."""
    _order = _stream_order(stream, mr)
    return _find_op(input, target, 0)


def starts_with(input, target, stream=None, mr=None):
    """BOOL8: whether each row starts with ``target`` (Scalar or Column)."""
    _order = _stream_order(stream, mr)
    return _find_op(input, target, 1)


def ends_with(input, target, stream=None, mr=None):
    """BOOL8: whether each row ends with ``target`` (Scalar or Column)."""
    _order = _stream_order(stream, mr)
    return _find_op(input, target, 2)


def find(input, target, start=0, stop=-1, stream=None, mr=None):
    """INT32: the character position of the first ``target`` in characters
    ``[start, stop)`` of each row (``stop=-1``: to the end), or -1."""
    _order = _stream_order(stream, mr)
    return _find_op(input, target, 3, start, stop)


def rfind(input, target, start=0, stop=-1, stream=None, mr=None):
    """INT32: the character position of the last ``target`` in characters
    ``[start, stop)`` of each row (``stop=-1``: to the end), or -1."""
    _order = _stream_order(stream, mr)
    return _find_op(input, target, 4, start, stop)


__all__ = ["contains", "ends_with", "find", "rfind", "starts_with"]
