"""pylibcudf's ``strings.case`` module.

Each code point is mapped by itself with full Unicode case mapping (``ß`` upper-cases to
``SS``); a final capital sigma lowers to the medial form, as in libcudf (no context rules).
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import swapcase as _swapcase
from ferrodf._lib.strings import to_lower as _to_lower
from ferrodf._lib.strings import to_upper as _to_upper


def to_lower(input, stream=None, mr=None):
    """Every row in lower case."""
    _order = _stream_order(stream, mr)
    return _to_lower(input)


def to_upper(input, stream=None, mr=None):
    """Every row in upper case."""
    _order = _stream_order(stream, mr)
    return _to_upper(input)


def swapcase(input, stream=None, mr=None):
    """Upper-case characters lower-cased and lower-case ones upper-cased (full mappings:
    ``ß`` becomes ``SS``); others, such as the titlecase ``ǅ``, stay."""
    _order = _stream_order(stream, mr)
    return _swapcase(input)


__all__ = ["swapcase", "to_lower", "to_upper"]
