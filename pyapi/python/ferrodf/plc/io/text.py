"""pylibcudf's ``io.text``: splitting text at a multi-byte delimiter.

``multibyte_split`` reads the source on the host and finds the delimiters there too
(with a GPU it is a counted host fallback, and ``device='gpu'`` raises
``NotImplementedError``); the STRING column it returns moves to the device lazily.

Rows are the pieces between leftmost non-overlapping matches of the delimiter, each
ending with its delimiter unless ``strip_delimiters``; the piece after the last
delimiter is the last row (empty when the text ends with the delimiter); empty text has
no rows. With a byte range, only the rows that start inside it are returned, whole.
"""

from __future__ import annotations

import os
from typing import Any

from ferrodf._lib import Column
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import multibyte_split as io_multibyte_split


class ByteRangeInfo:
    """``size`` bytes from ``offset`` (libcudf's ``byte_range_info``)."""

    def __init__(self, offset: int, size: int) -> None:
        if offset < 0 or size < 0:
            raise ValueError(f"a byte range needs offset >= 0 and size >= 0, got {offset}, {size}")
        self._offset = int(offset)
        self._size = int(size)

    @property
    def offset(self) -> int:
        """The first byte."""
        return self._offset

    @property
    def size(self) -> int:
        """The number of bytes."""
        return self._size

    def __repr__(self) -> str:
        return f"ByteRangeInfo(offset={self._offset}, size={self._size})"


class ParseOptions:
    """Options of :func:`multibyte_split`: a byte range and whether to strip delimiters."""

    def __init__(self, byte_range: Any = None, *, strip_delimiters: bool = False) -> None:
        self.byte_range = _range(byte_range)
        self.strip_delimiters = bool(strip_delimiters)


def _range(r: Any) -> tuple[int, int] | None:
    if r is None:
        return None
    if isinstance(r, ByteRangeInfo):
        return (r.offset, r.size)
    offset, size = r
    return (ByteRangeInfo(offset, size).offset, int(size))


class DataChunkSource:
    """Where :func:`multibyte_split` reads: text in memory, a file or a BGZIP file. Make
    one with :func:`make_source`, :func:`make_source_from_file` or
    :func:`make_source_from_bgzip_file`."""

    def __init__(self, data: str) -> None:
        self._kind = "bytes"
        self._data: Any = data.encode() if isinstance(data, str) else bytes(data)
        self._begin = -1
        self._end = -1

    @staticmethod
    def _file(kind: str, path: Any, begin: int = -1, end: int = -1) -> DataChunkSource:
        s = DataChunkSource.__new__(DataChunkSource)
        s._kind = kind
        s._data = os.fspath(path)
        s._begin = int(begin)
        s._end = int(end)
        return s


def make_source(data: str) -> DataChunkSource:
    """A source holding ``data`` (``str``, UTF-8 encoded, or ``bytes``)."""
    if not isinstance(data, str | bytes | bytearray | memoryview):
        raise TypeError(f"make_source takes str or bytes, got {type(data).__name__}")
    return DataChunkSource(data)


def make_source_from_file(filename: str) -> DataChunkSource:
    """A source reading the file ``filename`` when the split runs."""
    return DataChunkSource._file("file", filename)


def make_source_from_bgzip_file(
    filename: str, virtual_begin: int = -1, virtual_end: int = -1
) -> DataChunkSource:
    """A BGZIP file decompressed from the virtual (Tabix) offset ``virtual_begin`` to
    ``virtual_end`` (exclusive): its upper 48 bits are a block's offset in the file, its
    lower 16 bits an offset in the block's decompressed bytes; -1 means the file's start
    or end."""
    return DataChunkSource._file("bgzip", filename, virtual_begin, virtual_end)


def multibyte_split(
    source: DataChunkSource,
    delimiter: str,
    options: Any = None,
    stream: Any = None,
    mr: Any = None,
    *,
    byte_range: Any = None,
    strip_delimiters: bool | None = None,
) -> Column:
    """Split ``source`` at every ``delimiter`` into a STRING column.

    ``options`` is a :class:`ParseOptions`; the older pylibcudf spelling with a byte range
    as the third argument (a :class:`ByteRangeInfo` or ``(offset, size)``) and the
    keywords ``byte_range`` and ``strip_delimiters`` is accepted too.
    """
    _order = _stream_order(stream, mr)
    if not isinstance(source, DataChunkSource):
        raise TypeError(f"source must be a DataChunkSource, got {type(source).__name__}")
    if not isinstance(delimiter, str):
        raise TypeError(f"delimiter must be a str, got {type(delimiter).__name__}")
    if isinstance(options, ParseOptions):
        rng, strip = options.byte_range, options.strip_delimiters
    else:
        rng, strip = _range(options), False
    if byte_range is not None:
        rng = _range(byte_range)
    if strip_delimiters is not None:
        strip = bool(strip_delimiters)
    return io_multibyte_split(
        source._kind, source._data, source._begin, source._end, delimiter, rng, strip
    )


__all__ = [
    "ByteRangeInfo",
    "DataChunkSource",
    "ParseOptions",
    "make_source",
    "make_source_from_bgzip_file",
    "make_source_from_file",
    "multibyte_split",
]
