"""pylibcudf's ``io.avro``: reading Avro object container files.

Decoding runs on the host with arrow-rs's ``arrow-avro`` (codecs null, deflate, snappy,
zstd and bzip2; xz is not built in); the columns move to the GPU lazily. Avro types
without a ferrodf type (bytes, fixed, maps, unions of several types) raise
``TypeError``.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import read_avro as io_read_avro
from ferrodf.plc.io._builder import OptionsBuilder
from ferrodf.plc.io.types import SourceInfo, TableWithMetadata


class AvroReaderOptions:
    """Options of :func:`read_avro`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._source: SourceInfo | None = None
        self._opts: dict[str, Any] = {}

    @staticmethod
    def builder(source: SourceInfo) -> AvroReaderOptionsBuilder:
        """A builder reading ``source``."""
        b = AvroReaderOptionsBuilder(AvroReaderOptions())
        b._options._source = source
        return b

    def set_columns(self, col_names: list[str]) -> None:
        """Top-level columns to read, in this order."""
        self._opts["columns"] = [str(c) for c in col_names]

    def set_skip_rows(self, skip_rows: int) -> None:
        """Rows skipped at the start."""
        if skip_rows < 0:
            raise ValueError(f"skip_rows must be >= 0, got {skip_rows}")
        self._opts["skip_rows"] = int(skip_rows)

    def set_num_rows(self, num_rows: int) -> None:
        """Rows read after skip_rows (-1: all)."""
        self._opts["nrows"] = int(num_rows)

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src


class AvroReaderOptionsBuilder(OptionsBuilder[AvroReaderOptions]):
    """Builder of :class:`AvroReaderOptions`; each method returns the builder."""

    def columns(self, col_names: list[str]) -> AvroReaderOptionsBuilder:
        """Top-level columns to read, in this order."""
        self._options.set_columns(col_names)
        return self

    def skip_rows(self, skip_rows: int) -> AvroReaderOptionsBuilder:
        """Rows skipped at the start."""
        self._options.set_skip_rows(skip_rows)
        return self

    def num_rows(self, num_rows: int) -> AvroReaderOptionsBuilder:
        """Rows read after skip_rows (-1: all)."""
        self._options.set_num_rows(num_rows)
        return self


def read_avro(options: AvroReaderOptions, stream: Any = None, mr: Any = None) -> TableWithMetadata:
    """Read Avro with ``options`` (without the GIL)."""
    _order = _stream_order(stream, mr)
    if options._source is None:
        raise ValueError("use AvroReaderOptions.builder(source)")
    tbl, names = io_read_avro(options._source._sources, options._opts)
    return TableWithMetadata(tbl, names)


__all__ = ["AvroReaderOptions", "AvroReaderOptionsBuilder", "read_avro"]
