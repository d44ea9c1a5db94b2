"""pylibcudf's ``strings.reverse`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import reverse_strings as _reverse


def reverse(input, stream=None, mr=None):
    """The characters (code points) of every row in reverse order."""
    _order = _stream_order(stream, mr)
    return _reverse(input)


__all__ = ["reverse"]
