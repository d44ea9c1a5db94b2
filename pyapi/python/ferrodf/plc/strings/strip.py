"""pylibcudf's ``strings.strip`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import strip as _strip
from ferrodf.plc.strings.side_type import SideType


def strip(input, side=SideType.BOTH, to_strip=None, stream=None, mr=None):
    """Remove the characters of ``to_strip`` (a string Scalar; None or empty: Unicode
    whitespace) from the ``side`` of every row."""
    _order = _stream_order(stream, mr)
    return _strip(input, side, to_strip)


__all__ = ["strip"]
