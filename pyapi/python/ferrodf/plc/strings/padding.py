"""pylibcudf's ``strings.padding`` module.

Widths count characters. ``SideType.BOTH`` centres as Python's ``str.center`` (the extra
character on the left when the width is odd; pyarrow's ``utf8_center`` puts it right).
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import pad as _pad
from ferrodf._lib.strings import zfill as _zfill


def pad(input, width, side, fill_char, stream=None, mr=None):
    """Every row shorter than ``width`` padded with ``fill_char`` (one character) on
    ``side`` (LEFT right-justifies)."""
    _order = _stream_order(stream, mr)
    return _pad(input, width, side, fill_char)


def zfill(input, width, stream=None, mr=None):
    """Python's ``str.zfill``: '0's on the left, after a leading sign, up to ``width``."""
    _order = _stream_order(stream, mr)
    return _zfill(input, width)


def zfill_by_widths(input, widths, stream=None, mr=None):
    """``zfill`` with each row's width from the integer Column ``widths`` (a null width
    gives a null row)."""
    _order = _stream_order(stream, mr)
    return _zfill(input, widths)


__all__ = ["pad", "zfill", "zfill_by_widths"]
