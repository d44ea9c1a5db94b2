"""pylibcudf's ``strings.repeat`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import repeat_strings as _repeat


def repeat_strings(input, repeat_times, stream=None, mr=None):
    """Every row repeated ``repeat_times`` times: an int, or an integer Column row by row
    (a null count gives a null row); counts below 1 give empty strings."""
    _order = _stream_order(stream, mr)
    return _repeat(input, repeat_times)


__all__ = ["repeat_strings"]
