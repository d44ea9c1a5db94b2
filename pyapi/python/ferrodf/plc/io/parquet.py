"""pylibcudf's ``io.parquet``: readers (whole and chunked) and writers (whole and chunked).

Filters: pylibcudf takes an AST ``Expression``; ferrodf has no expression module yet and
takes pyarrow's disjunctive normal form instead, ``[("a", ">", 3), ("b", "==", "x")]``
(AND) or a list of such lists (OR of ANDs). Row groups whose statistics rule a filter out
are not read; the remaining rows are filtered exactly.

With ``column_chunks_file_paths`` set, ``write_parquet`` (and a chunked writer's
``close``) returns the file's column-chunk metadata blob: its footer as a metadata-only
Parquet file whose column chunks name that path; ``merge_row_group_metadata`` joins such
blobs into a dataset's ``_metadata`` file. Without it they return an empty memoryview.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import Table
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import _ChunkedParquetReader, _ParquetChunkedWriter
from ferrodf._lib.io import is_supported_read_parquet as io_is_supported_read_parquet
from ferrodf._lib.io import is_supported_write_parquet as io_is_supported_write_parquet
from ferrodf._lib.io import merge_row_group_metadata as io_merge_row_group_metadata
from ferrodf._lib.io import read_parquet as io_read_parquet
from ferrodf._lib.io import write_parquet as io_write_parquet
from ferrodf.plc.io._builder import OptionsBuilder
from ferrodf.plc.io.types import (
    CompressionType,
    DictionaryPolicy,
    SinkInfo,
    SourceInfo,
    StatisticsFreq,
    TableWithMetadata,
)


def _filters(f: Any) -> list[list[tuple[str, str, Any]]] | None:
    if f is None:
        return None
    f = list(f)
    if not f:
        return None
    if isinstance(f[0], tuple):
        f = [f]
    return [[(str(c), str(op), v) for c, op, v in conj] for conj in f]


class ParquetReaderOptions:
    """Options of :func:`read_parquet`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._source: SourceInfo | None = None
        self._opts: dict[str, Any] = {}
        self._selection: tuple[str, list[Any]] | None = None
        self._case_sensitive = True
        self._ignore_missing = True

    @staticmethod
    def builder(source: SourceInfo) -> ParquetReaderOptionsBuilder:
        """A builder reading ``source``."""
        b = ParquetReaderOptionsBuilder(ParquetReaderOptions())
        b._options._source = source
        return b

    def set_row_groups(self, row_groups: list[list[int]]) -> None:
        """Row groups to read, one list per source."""
        self._opts["row_groups"] = [[int(r) for r in g] for g in row_groups]

    def set_num_rows(self, nrows: int) -> None:
        """Rows to read after skip_rows (-1: all)."""
        self._opts["nrows"] = int(nrows)

    def set_skip_rows(self, skip_rows: int) -> None:
        """Rows skipped at the start."""
        self._opts["skip_rows"] = int(skip_rows)

    def set_columns(self, col_names: list[str]) -> None:
        """Top-level columns to read, in this order (older pylibcudf's name)."""
        self.set_column_names(col_names)

    def set_column_names(self, col_names: list[str]) -> None:
        """Top-level columns to read by name, in this order."""
        self._selection = ("names", [str(c) for c in col_names])

    def set_column_indices(self, col_indices: list[int]) -> None:
        """Top-level columns to read by position in the file's schema, in this order."""
        self._selection = ("indices", [int(i) for i in col_indices])

    def enable_case_sensitive_names(self, val: bool) -> None:
        """Whether column names match case-sensitively (the default, True)."""
        self._case_sensitive = bool(val)

    def is_enabled_case_sensitive_names(self) -> bool:
        """Whether column names match case-sensitively."""
        return self._case_sensitive

    def set_ignore_missing_columns(self, val: bool) -> None:
        """Whether selected names absent from the file are skipped (the default, True) or
        raise KeyError."""
        self._ignore_missing = bool(val)

    def _reader_options(self) -> dict[str, Any]:
        """The options the reader takes, with the column selection resolved against the
        file's schema (indices to names, case-insensitive names, missing names)."""
        opts = dict(self._opts)
        if self._selection is None:
            return opts
        kind, wanted = self._selection
        from ferrodf.plc.io.parquet_metadata import read_parquet_metadata

        schema = read_parquet_metadata(_check(self)).schema().root().children()
        names = [c.name() for c in schema]
        if kind == "indices":
            bad = [i for i in wanted if not -len(names) <= i < len(names)]
            if bad:
                raise IndexError(
                    f"column indices {bad} are out of range: the file has {len(names)} columns"
                )
            opts["columns"] = [names[i] for i in wanted]
            return opts
        chosen = []
        for name in wanted:
            if name in names:
                chosen.append(name)
                continue
            matches = (
                [] if self._case_sensitive else [n for n in names if n.lower() == name.lower()]
            )
            if matches:
                chosen.append(matches[0])
            elif not self._ignore_missing:
                raise KeyError(f"no column named {name!r}; the columns are {names}")
        opts["columns"] = chosen
        return opts

    def set_filter(self, filter: Any) -> None:
        """Row filter in pyarrow's DNF (see the module doc)."""
        self._opts["filters"] = _filters(filter)

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src


class ParquetReaderOptionsBuilder(OptionsBuilder[ParquetReaderOptions]):
    """Builder of :class:`ParquetReaderOptions`; each method returns the builder."""

    def convert_strings_to_categories(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Not supported (must be False)."""
        if val:
            raise NotImplementedError("convert_strings_to_categories is not supported")
        return self

    def use_pandas_metadata(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Accepted; pandas index columns are read as ordinary columns."""
        return self

    def allow_mismatched_pq_schemas(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Accepted; sources must have the same columns."""
        return self

    def use_arrow_schema(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Accepted; the stored Arrow schema is always used."""
        return self

    def columns(self, col_names: list[str]) -> ParquetReaderOptionsBuilder:
        """Older pylibcudf's name of ``column_names``."""
        self._options.set_column_names(col_names)
        return self

    def column_names(self, col_names: list[str]) -> ParquetReaderOptionsBuilder:
        """Top-level columns to read by name, in this order."""
        self._options.set_column_names(col_names)
        return self

    def column_indices(self, col_indices: list[int]) -> ParquetReaderOptionsBuilder:
        """Top-level columns to read by position, in this order."""
        self._options.set_column_indices(col_indices)
        return self

    def case_sensitive_names(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Whether column names match case-sensitively (default True)."""
        self._options.enable_case_sensitive_names(val)
        return self

    def ignore_missing_columns(self, val: bool) -> ParquetReaderOptionsBuilder:
        """Whether selected names absent from the file are skipped (default True)."""
        self._options.set_ignore_missing_columns(val)
        return self

    def row_groups(self, row_groups: list[list[int]]) -> ParquetReaderOptionsBuilder:
        """ferrodf shortcut of ``set_row_groups``."""
        self._options.set_row_groups(row_groups)
        return self

    def filter(self, filter: Any) -> ParquetReaderOptionsBuilder:
        """ferrodf shortcut of ``set_filter``."""
        self._options.set_filter(filter)
        return self

    def skip_rows(self, skip_rows: int) -> ParquetReaderOptionsBuilder:
        """ferrodf shortcut of ``set_skip_rows``."""
        self._options.set_skip_rows(skip_rows)
        return self

    def nrows(self, nrows: int) -> ParquetReaderOptionsBuilder:
        """ferrodf shortcut of ``set_num_rows``."""
        self._options.set_num_rows(nrows)
        return self

    def progress(self, callback: Any) -> ParquetReaderOptionsBuilder:
        """ferrodf extension: ``callback(bytes_done, bytes_total)`` per row group."""
        return self._set("progress", callback)


def _check(options: ParquetReaderOptions) -> SourceInfo:
    if options._source is None:
        raise ValueError("use ParquetReaderOptions.builder(source)")
    return options._source


def read_parquet(
    options: ParquetReaderOptions,
    stream: Any = None,
    mr: Any = None,
    parquet_metadatas: list[Any] | None = None,
) -> TableWithMetadata:
    """Read Parquet with ``options``; row groups decode in parallel without the GIL.

    ``parquet_metadatas`` (from ``read_parquet_footers``, one per source) are checked
    against the sources; the reader decodes each footer again (footers are small).

    A damaged file raises ValueError naming the source: footers and page headers whose
    declared sizes the file's bytes cannot hold are refused before decoding (in memory
    and from a path), so such a file costs milliseconds, not seconds or gigabytes."""
    _order = _stream_order(stream, mr)
    if parquet_metadatas is not None:
        n = len(_check(options)._sources)
        if len(parquet_metadatas) != n:
            raise ValueError(
                f"parquet_metadatas has {len(parquet_metadatas)} footers for {n} sources; "
                "pass read_parquet_footers(source_info) of the same sources"
            )
    tbl, names = io_read_parquet(_check(options)._sources, options._reader_options())
    return TableWithMetadata(tbl, names)


class ChunkedParquetReader:
    """Reads in tables of at most about ``chunk_read_limit`` decoded bytes (0: one table)."""

    def __init__(
        self,
        options: ParquetReaderOptions,
        chunk_read_limit: int = 0,
        pass_read_limit: int = 1024000000,
        stream: Any = None,
        mr: Any = None,
    ) -> None:
        _order = _stream_order(stream, mr)
        self._reader = _ChunkedParquetReader(
            _check(options)._sources, options._reader_options(), int(chunk_read_limit)
        )

    def has_next(self) -> bool:
        """Whether another chunk is left (True once for an empty selection)."""
        return self._reader.has_next()

    def read_chunk(self) -> TableWithMetadata:
        """The next chunk."""
        tbl, names = self._reader.read_chunk()
        return TableWithMetadata(tbl, names)


class ColumnInMetadata:
    """Writer metadata of one column: its name and its children's."""

    def __init__(self, name: str = "") -> None:
        self._name = name
        self._children: list[ColumnInMetadata] = []

    def set_name(self, name: str) -> ColumnInMetadata:
        """Set the name."""
        self._name = name
        return self

    def get_name(self) -> str:
        """The name."""
        return self._name

    def child(self, i: int) -> ColumnInMetadata:
        """Metadata of child ``i``."""
        return self._children[i]

    def num_children(self) -> int:
        """Number of children."""
        return len(self._children)

    def set_nullability(self, nullable: bool) -> ColumnInMetadata:
        """Accepted; every column is written nullable."""
        return self

    def set_encoding(self, encoding: Any) -> ColumnInMetadata:
        """Accepted; the writer chooses encodings."""
        return self

    def _spec(self) -> tuple[str, list[Any]]:
        return (self._name, [c._spec() for c in self._children])


def _children_of(col: Any) -> list[ColumnInMetadata]:
    kids = []
    for c in col.children():
        m = ColumnInMetadata()
        m._children = _children_of(c)
        kids.append(m)
    return kids


class TableInputMetadata:
    """Writer metadata of a table: one :class:`ColumnInMetadata` per column."""

    def __init__(self, table: Table) -> None:
        self.column_metadata = []
        for i, c in enumerate(table.columns()):
            m = ColumnInMetadata(str(i))
            m._children = _children_of(c)
            self.column_metadata.append(m)

    def _spec(self) -> list[Any]:
        return [m._spec() for m in self.column_metadata]


def _metadata_spec(metadata: Any) -> list[Any] | None:
    if metadata is None:
        return None
    if isinstance(metadata, TableInputMetadata):
        return metadata._spec()
    if isinstance(metadata, TableWithMetadata):
        return metadata.column_names(include_children=True)
    return list(metadata)


class _WriterBuilder(OptionsBuilder[Any]):
    def metadata(self, metadata: Any) -> Any:
        """Column names: a TableInputMetadata, a TableWithMetadata or a list of names."""
        self._options._metadata = _metadata_spec(metadata)
        return self

    def key_value_metadata(self, metadata: list[dict[str, str]]) -> Any:
        """Footer key-value metadata (the dicts are merged)."""
        kv = [(str(k), str(v)) for d in metadata for k, v in d.items()]
        return self._set("key_value_metadata", kv)

    def compression(self, compression: CompressionType) -> Any:
        """SNAPPY (default), ZSTD, LZ4, GZIP, BROTLI or NONE."""
        return self._set("compression", int(compression))

    def stats_level(self, sf: StatisticsFreq) -> Any:
        """Statistics written."""
        return self._set("stats_level", int(sf))

    def int96_timestamps(self, enabled: bool) -> Any:
        """Not supported (must be False)."""
        if enabled:
            raise NotImplementedError("int96_timestamps is not supported")
        return self

    def write_v2_headers(self, enabled: bool) -> Any:
        """Write v2 data page headers."""
        return self._set("write_v2_headers", bool(enabled))

    def dictionary_policy(self, val: DictionaryPolicy) -> Any:
        """Dictionary encoding."""
        return self._set("dictionary_policy", int(val))

    def utc_timestamps(self, enabled: bool) -> Any:
        """Accepted; timestamps are UTC."""
        return self

    def write_arrow_schema(self, enabled: bool) -> Any:
        """Store the Arrow schema in the footer."""
        return self._set("write_arrow_schema", bool(enabled))

    def row_group_size_rows(self, val: int) -> Any:
        """Rows per row group."""
        return self._set("row_group_size_rows", int(val))

    def row_group_size_bytes(self, val: int) -> Any:
        """Bytes per row group (estimated)."""
        return self._set("row_group_size_bytes", int(val))

    def max_page_size_bytes(self, val: int) -> Any:
        """Bytes per data page."""
        return self._set("max_page_size_bytes", int(val))

    def max_page_size_rows(self, val: int) -> Any:
        """Rows per data page."""
        return self._set("max_page_size_rows", int(val))

    def max_dictionary_size(self, val: int) -> Any:
        """Bytes of a dictionary page."""
        return self._set("max_dictionary_size", int(val))

    def progress(self, callback: Any) -> Any:
        """ferrodf extension: ``callback(rows_done, rows_total)``."""
        return self._set("progress", callback)


class _WriterOptions:
    def __init__(self) -> None:
        self._sink: SinkInfo | None = None
        self._opts: dict[str, Any] = {}
        self._metadata: list[Any] | None = None
        self._paths: list[str] | None = None

    def set_partitions(self, partitions: list[Any]) -> None:
        """Not supported."""
        raise NotImplementedError("partitioned Parquet writes are not supported")

    def set_column_chunks_file_paths(self, file_paths: list[str]) -> None:
        """The path the written file will have in its dataset (one per sink): the writer
        then returns the column-chunk metadata blob naming it."""
        self._paths = [str(p) for p in file_paths]

    def set_row_group_size_bytes(self, size_bytes: int) -> None:
        """Bytes per row group (estimated)."""
        self._opts["row_group_size_bytes"] = int(size_bytes)

    def set_row_group_size_rows(self, size_rows: int) -> None:
        """Rows per row group."""
        self._opts["row_group_size_rows"] = int(size_rows)

    def set_max_page_size_bytes(self, size_bytes: int) -> None:
        """Bytes per data page."""
        self._opts["max_page_size_bytes"] = int(size_bytes)

    def set_max_page_size_rows(self, size_rows: int) -> None:
        """Rows per data page."""
        self._opts["max_page_size_rows"] = int(size_rows)

    def set_max_dictionary_size(self, size_bytes: int) -> None:
        """Bytes of a dictionary page."""
        self._opts["max_dictionary_size"] = int(size_bytes)

    def set_dictionary_policy(self, policy: DictionaryPolicy) -> None:
        """Dictionary encoding."""
        self._opts["dictionary_policy"] = int(policy)


class ParquetWriterOptions(_WriterOptions):
    """Options of :func:`write_parquet`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        super().__init__()
        self._table: Table | None = None

    @staticmethod
    def builder(sink: SinkInfo, table: Table) -> ParquetWriterOptionsBuilder:
        """A builder writing ``table`` to ``sink``."""
        b = ParquetWriterOptionsBuilder(ParquetWriterOptions())
        b._options._sink = sink
        b._options._table = table
        return b


class ParquetWriterOptionsBuilder(_WriterBuilder):
    """Builder of :class:`ParquetWriterOptions`; each method returns the builder."""


def write_parquet(options: ParquetWriterOptions, stream: Any = None) -> memoryview:
    """Write the table; columns of each row group are encoded in parallel without the GIL."""
    _order = _stream_order(stream)
    sink = options._sink
    if sink is None or options._table is None:
        raise ValueError("use ParquetWriterOptions.builder(sink, table)")
    if options._paths is None:
        data = io_write_parquet(sink._path, options._table, options._metadata, options._opts)
        sink._deliver(data)
        return memoryview(b"")
    w = _ParquetChunkedWriter(sink._path, options._opts)
    w.write(options._table, options._metadata)
    data, blob = w.close(options._paths)
    sink._deliver(data)
    return memoryview(blob or b"")


class ChunkedParquetWriterOptions(_WriterOptions):
    """Options of :class:`ParquetChunkedWriter`; make them with :meth:`builder`."""

    @staticmethod
    def builder(sink: SinkInfo) -> ChunkedParquetWriterOptionsBuilder:
        """A builder writing to ``sink``."""
        b = ChunkedParquetWriterOptionsBuilder(ChunkedParquetWriterOptions())
        b._options._sink = sink
        return b


class ChunkedParquetWriterOptionsBuilder(_WriterBuilder):
    """Builder of :class:`ChunkedParquetWriterOptions`; each method returns the builder."""


class ParquetChunkedWriter:
    """Writes one Parquet file from several tables of the same columns."""

    def __init__(self) -> None:
        self._w: Any = None
        self._sink: SinkInfo | None = None
        self._metadata: list[Any] | None = None

    @staticmethod
    def from_options(
        options: ChunkedParquetWriterOptions, stream: Any = None
    ) -> ParquetChunkedWriter:
        """A writer with ``options``."""
        _order = _stream_order(stream)
        if options._sink is None:
            raise ValueError("use ChunkedParquetWriterOptions.builder(sink)")
        w = ParquetChunkedWriter()
        w._w = _ParquetChunkedWriter(options._sink._path, options._opts)
        w._sink = options._sink
        w._metadata = options._metadata
        return w

    def write(self, table: Table, partitions_info: Any = None) -> None:
        """Append ``table`` (one or more row groups)."""
        if partitions_info is not None:
            raise NotImplementedError("partitioned Parquet writes are not supported")
        self._w.write(table, self._metadata)

    def close(self, column_chunks_file_paths: list[str] | None = None) -> memoryview:
        """Finish the file; with ``column_chunks_file_paths`` (the file's path in its
        dataset) returns its column-chunk metadata blob, else an empty memoryview."""
        paths = None if column_chunks_file_paths is None else list(column_chunks_file_paths)
        data, blob = self._w.close(paths)
        assert self._sink is not None
        self._sink._deliver(data)
        return memoryview(blob or b"")


# pylibcudf 26.12's name of the chunked writer.
ChunkedParquetWriter = ParquetChunkedWriter


def merge_row_group_metadata(metdata_list: list[Any]) -> memoryview:
    """One metadata blob holding the row groups of every blob in ``metdata_list`` (the
    blobs ``write_parquet`` returns with ``column_chunks_file_paths``), in order: a
    dataset's ``_metadata`` file. ValueError for an empty list, bytes that are not a
    Parquet footer, or blobs of different schemas."""
    blobs = [bytes(m) for m in metdata_list]
    return memoryview(io_merge_row_group_metadata(blobs))


def is_supported_read_parquet(compression: CompressionType) -> bool:
    """Whether pages compressed with ``compression`` can be read (NONE, AUTO, SNAPPY, GZIP,
    BROTLI, LZ4, ZSTD)."""
    return io_is_supported_read_parquet(int(compression))


def is_supported_write_parquet(compression: CompressionType) -> bool:
    """Whether ``write_parquet`` compresses pages with ``compression`` (NONE, AUTO, SNAPPY,
    GZIP, BROTLI, LZ4, ZSTD)."""
    return io_is_supported_write_parquet(int(compression))


__all__ = [
    "ChunkedParquetReader",
    "ChunkedParquetWriter",
    "ChunkedParquetWriterOptions",
    "ChunkedParquetWriterOptionsBuilder",
    "ColumnInMetadata",
    "ParquetChunkedWriter",
    "ParquetReaderOptions",
    "ParquetReaderOptionsBuilder",
    "ParquetWriterOptions",
    "ParquetWriterOptionsBuilder",
    "TableInputMetadata",
    "is_supported_read_parquet",
    "is_supported_write_parquet",
    "merge_row_group_metadata",
    "read_parquet",
    "write_parquet",
]
