"""pylibcudf's ``io.orc``: ORC readers and writers (whole and chunked).

Both run on the host with ``orc-rust``; read columns move to the GPU lazily. The reader
takes every ORC type ferrodf has (timestamps read as TIMESTAMP_NANOSECONDS unless
``set_timestamp_type`` says otherwise; decimals as DECIMAL128). The writer takes flat
columns: bool, signed integers, floats, strings, dates and timestamps (others raise
``NotImplementedError``). Not supported: ``read_parsed_orc_statistics``, footer
key-value metadata on write (``NotImplementedError``); ``use_index``,
``set_decimal128_columns``, ``enable_statistics`` and ``set_row_index_stride`` are
accepted and have no effect.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import DataType, Table
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import _OrcChunkedWriter
from ferrodf._lib.io import is_supported_read_orc as io_is_supported_read_orc
from ferrodf._lib.io import is_supported_write_orc as io_is_supported_write_orc
from ferrodf._lib.io import read_orc as io_read_orc
from ferrodf._lib.io import write_orc as io_write_orc
from ferrodf.plc.io._builder import OptionsBuilder
from ferrodf.plc.io.parquet import _metadata_spec
from ferrodf.plc.io.types import (
    CompressionType,
    SinkInfo,
    SourceInfo,
    StatisticsFreq,
    TableWithMetadata,
)


class OrcReaderOptions:
    """Options of :func:`read_orc`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._source: SourceInfo | None = None
        self._opts: dict[str, Any] = {}

    @staticmethod
    def builder(source: SourceInfo) -> OrcReaderOptionsBuilder:
        """A builder reading ``source``."""
        b = OrcReaderOptionsBuilder(OrcReaderOptions())
        b._options._source = source
        return b

    def set_num_rows(self, nrows: int) -> None:
        """Rows read after skip_rows (-1: all)."""
        self._opts["nrows"] = int(nrows)

    def set_skip_rows(self, skip_rows: int) -> None:
        """Rows skipped at the start (after stripe selection)."""
        if skip_rows < 0:
            raise ValueError(f"skip_rows must be >= 0, got {skip_rows}")
        self._opts["skip_rows"] = int(skip_rows)

    def set_stripes(self, stripes: list[list[int]]) -> None:
        """Stripes to read, one list per source."""
        self._opts["stripes"] = [[int(s) for s in g] for g in stripes]

    def set_decimal128_columns(self, val: list[str]) -> None:
        """Accepted; ORC decimals are always read as DECIMAL128."""

    def set_timestamp_type(self, type_: DataType) -> None:
        """The TIMESTAMP type timestamp columns are read as."""
        self._opts["timestamp_type"] = type_

    def set_columns(self, col_names: list[str]) -> None:
        """Top-level columns to read, in this order."""
        self._opts["columns"] = [str(c) for c in col_names]

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src


class OrcReaderOptionsBuilder(OptionsBuilder[OrcReaderOptions]):
    """Builder of :class:`OrcReaderOptions`; each method returns the builder."""

    def use_index(self, use: bool) -> OrcReaderOptionsBuilder:
        """Accepted; stripes are read whole."""
        return self

    def columns(self, col_names: list[str]) -> OrcReaderOptionsBuilder:
        """ferrodf shortcut of ``set_columns``."""
        self._options.set_columns(col_names)
        return self

    def stripes(self, stripes: list[list[int]]) -> OrcReaderOptionsBuilder:
        """ferrodf shortcut of ``set_stripes``."""
        self._options.set_stripes(stripes)
        return self

    def skip_rows(self, skip_rows: int) -> OrcReaderOptionsBuilder:
        """ferrodf shortcut of ``set_skip_rows``."""
        self._options.set_skip_rows(skip_rows)
        return self

    def num_rows(self, nrows: int) -> OrcReaderOptionsBuilder:
        """ferrodf shortcut of ``set_num_rows``."""
        self._options.set_num_rows(nrows)
        return self

    def timestamp_type(self, type_: DataType) -> OrcReaderOptionsBuilder:
        """ferrodf shortcut of ``set_timestamp_type``."""
        self._options.set_timestamp_type(type_)
        return self


def read_orc(options: OrcReaderOptions, stream: Any = None, mr: Any = None) -> TableWithMetadata:
    """Read ORC with ``options`` (without the GIL)."""
    _order = _stream_order(stream, mr)
    if options._source is None:
        raise ValueError("use OrcReaderOptions.builder(source)")
    tbl, names = io_read_orc(options._source._sources, options._opts)
    return TableWithMetadata(tbl, names)


def is_supported_read_orc(compression: CompressionType) -> bool:
    """Whether streams compressed with ``compression`` can be read (NONE, AUTO, ZLIB,
    SNAPPY, LZO, LZ4, ZSTD)."""
    return io_is_supported_read_orc(int(compression))


def is_supported_write_orc(compression: CompressionType) -> bool:
    """Whether ``write_orc`` compresses with ``compression`` (NONE, AUTO, SNAPPY, ZLIB,
    LZ4, ZSTD)."""
    return io_is_supported_write_orc(int(compression))


class _WriterOptions:
    def __init__(self) -> None:
        self._sink: SinkInfo | None = None
        self._opts: dict[str, Any] = {}
        self._metadata: list[Any] | None = None

    def set_stripe_size_bytes(self, size_bytes: int) -> None:
        """Bytes of a stripe (estimated before encoding)."""
        self._opts["stripe_size_bytes"] = int(size_bytes)

    def set_stripe_size_rows(self, size_rows: int) -> None:
        """Rows of a stripe at most."""
        self._opts["stripe_size_rows"] = int(size_rows)

    def set_row_index_stride(self, stride: int) -> None:
        """Accepted; no row index is written."""


class _WriterBuilder(OptionsBuilder[Any]):
    def compression(self, comp: CompressionType) -> Any:
        """SNAPPY (default), ZLIB, LZ4, ZSTD or NONE."""
        return self._set("compression", int(comp))

    def enable_statistics(self, val: StatisticsFreq) -> Any:
        """Accepted; the writer decides which statistics it writes."""
        return self

    def key_value_metadata(self, kvm: dict[str, str]) -> Any:
        """Not supported (the ORC writer writes no user metadata); empty is accepted."""
        if kvm:
            raise NotImplementedError("ORC key_value_metadata is not supported by the writer")
        return self

    def metadata(self, meta: Any) -> Any:
        """Column names: a TableInputMetadata, a TableWithMetadata or a list of names."""
        self._options._metadata = _metadata_spec(meta)
        return self

    def stripe_size_bytes(self, val: int) -> Any:
        """ferrodf shortcut of ``set_stripe_size_bytes``."""
        self._options.set_stripe_size_bytes(val)
        return self

    def stripe_size_rows(self, val: int) -> Any:
        """ferrodf shortcut of ``set_stripe_size_rows``."""
        self._options.set_stripe_size_rows(val)
        return self


class OrcWriterOptions(_WriterOptions):
    """Options of :func:`write_orc`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        super().__init__()
        self._table: Table | None = None

    @staticmethod
    def builder(sink: SinkInfo, table: Table) -> OrcWriterOptionsBuilder:
        """A builder writing ``table`` to ``sink``."""
        b = OrcWriterOptionsBuilder(OrcWriterOptions())
        b._options._sink = sink
        b._options._table = table
        return b


class OrcWriterOptionsBuilder(_WriterBuilder):
    """Builder of :class:`OrcWriterOptions`; each method returns the builder."""


def write_orc(options: OrcWriterOptions, stream: Any = None) -> None:
    """Write the table (without the GIL)."""
    _order = _stream_order(stream)
    sink = options._sink
    if sink is None or options._table is None:
        raise ValueError("use OrcWriterOptions.builder(sink, table)")
    data = io_write_orc(sink._path, options._table, options._metadata, options._opts)
    sink._deliver(data)


class ChunkedOrcWriterOptions(_WriterOptions):
    """Options of :class:`OrcChunkedWriter`; make them with :meth:`builder`."""

    @staticmethod
    def builder(sink: SinkInfo) -> ChunkedOrcWriterOptionsBuilder:
        """A builder writing to ``sink``."""
        b = ChunkedOrcWriterOptionsBuilder(ChunkedOrcWriterOptions())
        b._options._sink = sink
        return b


class ChunkedOrcWriterOptionsBuilder(_WriterBuilder):
    """Builder of :class:`ChunkedOrcWriterOptions`; each method returns the builder."""


class OrcChunkedWriter:
    """Writes one ORC file from several tables of the same columns."""

    def __init__(self) -> None:
        self._w: Any = None
        self._sink: SinkInfo | None = None
        self._metadata: list[Any] | None = None

    @staticmethod
    def from_options(options: ChunkedOrcWriterOptions, stream: Any = None) -> OrcChunkedWriter:
        """A writer with ``options``."""
        _order = _stream_order(stream)
        if options._sink is None:
            raise ValueError("use ChunkedOrcWriterOptions.builder(sink)")
        w = OrcChunkedWriter()
        w._w = _OrcChunkedWriter(options._sink._path, options._opts)
        w._sink = options._sink
        w._metadata = options._metadata
        return w

    def write(self, table: Table) -> None:
        """Append ``table`` (one or more stripes)."""
        self._w.write(table, self._metadata)

    def close(self) -> None:
        """Finish the file."""
        data, _ = self._w.close()
        assert self._sink is not None
        self._sink._deliver(data)


__all__ = [
    "ChunkedOrcWriterOptions",
    "ChunkedOrcWriterOptionsBuilder",
    "OrcChunkedWriter",
    "OrcReaderOptions",
    "OrcReaderOptionsBuilder",
    "OrcWriterOptions",
    "OrcWriterOptionsBuilder",
    "is_supported_read_orc",
    "is_supported_write_orc",
    "read_orc",
    "write_orc",
]
