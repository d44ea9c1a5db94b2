"""pylibcudf's ``strings.convert.convert_ipv4`` module: dotted IPv4 addresses to and from
UINT32 (four parts of 1-3 ASCII digits, each at most 255; other rows give null)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import integers_to_ipv4 as _integers_to_ipv4
from ferrodf._lib.strings import ipv4_to_integers as _ipv4_to_integers
from ferrodf._lib.strings import is_ipv4 as _is_ipv4


def ipv4_to_integers(input, stream=None, mr=None):
    """UINT32: every row's address, the first part in the highest byte."""
    _order = _stream_order(stream, mr)
    return _ipv4_to_integers(input)


def integers_to_ipv4(integers, stream=None, mr=None):
    """Every row of a UINT32 (or INT64: its low 32 bits) column as ``a.b.c.d``."""
    _order = _stream_order(stream, mr)
    return _integers_to_ipv4(integers)


def is_ipv4(input, stream=None, mr=None):
    """BOOL8: whether each row is an IPv4 address."""
    _order = _stream_order(stream, mr)
    return _is_ipv4(input)


__all__ = ["integers_to_ipv4", "ipv4_to_integers", "is_ipv4"]
