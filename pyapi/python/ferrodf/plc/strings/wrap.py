"""pylibcudf's ``strings.wrap`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import wrap as _wrap


def wrap(input, width, stream=None, mr=None):
    """libcudf's line wrapping: characters up to U+0020 become spaces, and once a line
    reaches ``width`` characters its last space becomes a newline (rows keep their byte
    length; long words are not broken; not Python's ``textwrap``)."""
    _order = _stream_order(stream, mr)
    return _wrap(input, width)


__all__ = ["wrap"]
