"""pylibcudf's ``contiguous_split`` module: a table packed into one buffer and back.

``pack(table)`` copies every buffer of the table into one allocation (on the device when
ferrodf computes there) and describes the layout in a few hundred bytes of host metadata;
``unpack`` gives the table back with its columns sharing that allocation. The pair from
``PackedColumns.release()`` is what to send to another process (Dask, shared memory) and
``unpack_from_memoryviews`` rebuilds the table there. ``ChunkedPack`` hands the packed
bytes out in pieces of a caller's buffer size (for staging through a bounce buffer).
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.contiguous_split import (
    PackedColumns,
    copy_packed_range,
    pack,
    unpack,
    unpack_from_memoryviews,
)


class ChunkedPack:
    """A table packed for copying out in chunks of at most ``user_buffer_size`` bytes:
    ``next(buf)`` copies the next chunk into ``buf`` (device memory, or a writable host
    buffer) until ``has_next()`` is False; ``build_metadata()`` gives the
    metadata ``unpack_from_memoryviews`` needs. ferrodf packs the whole table when the
    object is created (libcudf packs chunk by chunk to bound temporary memory)."""

    def __init__(self) -> None:
        raise TypeError("use ChunkedPack.create(table, user_buffer_size)")

    @staticmethod
    def create(
        input: Any, user_buffer_size: int, stream: Any = None, temp_mr: Any = None
    ) -> ChunkedPack:
        """Pack ``input`` for chunks of ``user_buffer_size`` bytes (at least 1 MiB, as
        libcudf requires)."""
        _order = _stream_order(stream, temp_mr)
        if user_buffer_size < 1 << 20:
            raise ValueError(
                f"user_buffer_size must be at least 1 MiB (1048576 bytes), got {user_buffer_size}"
            )
        self = object.__new__(ChunkedPack)
        self._metadata, self._data = pack(input).release()
        self._chunk = user_buffer_size
        self._done = 0
        return self

    def get_total_contiguous_size(self) -> int:
        """The size of the packed buffer in bytes."""
        return self._data.nbytes

    def has_next(self) -> bool:
        """Whether bytes remain to be copied out."""
        return self._done < self._data.nbytes

    def next(self, buf: Any) -> int:
        """Copy the next chunk into ``buf``; returns the number of bytes copied."""
        n = min(self._chunk, self._data.nbytes - self._done)
        if n <= 0:
            raise ValueError("ChunkedPack.next: every chunk was already copied")
        copy_packed_range(self._data, self._done, n, buf)
        self._done += n
        return n

    def build_metadata(self) -> memoryview:
        """The metadata of the packed table."""
        return self._metadata

    def pack_to_host(self, buf: Any) -> tuple[memoryview, memoryview]:
        """``(metadata, data)``: the whole packed buffer copied to host memory (``buf``, a
        bounce buffer in libcudf, is only checked for its size here)."""
        size = getattr(buf, "size", None)
        if size is None:
            size = getattr(buf, "nbytes", None)
        if size is None:
            try:
                size = memoryview(buf).nbytes
            except TypeError:
                size = None
        if size is None or size < min(self._chunk, self._data.nbytes):
            raise ValueError("pack_to_host: buf must hold at least user_buffer_size bytes")
        host = bytearray(self._data.nbytes)
        copy_packed_range(self._data, 0, len(host), host)
        self._done = self._data.nbytes
        return self._metadata, memoryview(host)


__all__ = [
    "ChunkedPack",
    "PackedColumns",
    "pack",
    "unpack",
    "unpack_from_memoryviews",
]
