"""pylibcudf's ``strings.convert.convert_booleans`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_booleans as _from_booleans
from ferrodf._lib.strings import to_booleans as _to_booleans


def to_booleans(input, true_string, stream=None, mr=None):
    """BOOL8: whether each row equals ``true_string`` (a non-empty string Scalar)."""
    _order = _stream_order(stream, mr)
    return _to_booleans(input, true_string)


def from_booleans(booleans, true_string, false_string, stream=None, mr=None):
    """Every BOOL8 row as ``true_string`` or ``false_string`` (string Scalars)."""
    _order = _stream_order(stream, mr)
    return _from_booleans(booleans, true_string, false_string)


__all__ = ["from_booleans", "to_booleans"]
