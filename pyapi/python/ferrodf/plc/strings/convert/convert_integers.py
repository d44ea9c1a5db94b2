"""pylibcudf's ``strings.convert.convert_integers`` module.

Decimal rows are an optional ``+``/``-`` and ASCII digits; hex rows an optional ``0x`` and
hex digits. Rows that are not (or, in decimal, whose value does not fit the output type)
give null, where libcudf would read up to the first other character.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_integers as _from_integers
from ferrodf._lib.strings import hex_to_integers as _hex_to_integers
from ferrodf._lib.strings import integers_to_hex as _integers_to_hex
from ferrodf._lib.strings import is_hex as _is_hex
from ferrodf._lib.strings import is_integer as _is_integer
from ferrodf._lib.strings import to_integers as _to_integers


def to_integers(input, output_type, stream=None, mr=None):
    """The integers of ``output_type`` the rows spell in decimal (null where they do not)."""
    _order = _stream_order(stream, mr)
    return _to_integers(input, output_type)


def from_integers(integers, stream=None, mr=None):
    """Every row of an integer column in decimal."""
    _order = _stream_order(stream, mr)
    return _from_integers(integers)


def is_integer(input, int_type=None, stream=None, mr=None):
    """BOOL8: whether each row is a decimal integer (whose value fits ``int_type``)."""
    _order = _stream_order(stream, mr)
    return _is_integer(input, int_type)


def hex_to_integers(input, output_type, stream=None, mr=None):
    """The integers of ``output_type`` the rows spell in hex, keeping the low bits."""
    _order = _stream_order(stream, mr)
    return _hex_to_integers(input, output_type)


def is_hex(input, stream=None, mr=None):
    """BOOL8: whether each row is an optional ``0x`` and one or more hex digits."""
    _order = _stream_order(stream, mr)
    return _is_hex(input)


def integers_to_hex(input, stream=None, mr=None):
    """Every row as upper-case hex of its bytes without leading zero bytes (-1 as INT32 is
    ``FFFFFFFF``, 0 is ``00``)."""
    _order = _stream_order(stream, mr)
    return _integers_to_hex(input)


__all__ = [
    "from_integers",
    "hex_to_integers",
    "integers_to_hex",
    "is_hex",
    "is_integer",
    "to_integers",
]
