"""pylibcudf's ``io.json``: JSON lines reading and writing.

Only ``lines=True`` is read (one object per line); ``write_json`` writes lines or, with
``lines(False)``, one JSON array. ``JSONRecoveryMode.RECOVER_WITH_NULL`` is not
supported by the reader: a malformed line raises ``ValueError`` naming the line and byte
offset (``read_json_from_string_column`` emulates it, see there).
"""

from __future__ import annotations

import json as _json
from typing import Any

from ferrodf._lib import Column, DataType, Scalar, Table
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import read_json as io_read_json
from ferrodf._lib.io import write_json as io_write_json
from ferrodf.plc.io._builder import OptionsBuilder
from ferrodf.plc.io.types import (
    CompressionType,
    JSONRecoveryMode,
    SinkInfo,
    SourceInfo,
    TableWithMetadata,
)


class JsonReaderOptions:
    """Options of :func:`read_json`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._source: SourceInfo | None = None
        self._opts: dict[str, Any] = {"lines": True}

    @staticmethod
    def builder(source: SourceInfo) -> JsonReaderOptionsBuilder:
        """A builder reading ``source``."""
        b = JsonReaderOptionsBuilder(JsonReaderOptions())
        b._options._source = source
        return b

    def set_dtypes(self, types: Any) -> None:
        """Explicit types: ``{name: DataType}`` or ``[(name, DataType, children)]``."""
        if isinstance(types, dict):
            pairs = list(types.items())
        else:
            pairs = [(t[0], t[1]) for t in types]
        for _, t in pairs:
            if not isinstance(t, DataType):
                raise TypeError("JSON dtypes must be DataType values")
        self._opts["dtypes"] = [(str(n), t) for n, t in pairs]

    def enable_lines(self, val: bool) -> None:
        """One object per line (only True is supported)."""
        self._opts["lines"] = bool(val)

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src


class JsonReaderOptionsBuilder(OptionsBuilder[JsonReaderOptions]):
    """Builder of :class:`JsonReaderOptions`; each method returns the builder."""

    def compression(self, compression: CompressionType) -> JsonReaderOptionsBuilder:
        """Whole-file compression (AUTO detects gzip, zstd, bzip2)."""
        return self._set("compression", int(compression))

    def lines(self, lines: bool) -> JsonReaderOptionsBuilder:
        """One object per line (only True is supported)."""
        return self._set("lines", bool(lines))

    def dtypes(self, types: Any) -> JsonReaderOptionsBuilder:
        """Explicit types (see ``JsonReaderOptions.set_dtypes``)."""
        self._options.set_dtypes(types)
        return self

    def byte_range_offset(self, byte_range_offset: int) -> JsonReaderOptionsBuilder:
        """Not supported (must be 0)."""
        if byte_range_offset:
            raise NotImplementedError("byte_range_offset is not supported")
        return self

    def byte_range_size(self, byte_range_size: int) -> JsonReaderOptionsBuilder:
        """Not supported (must be 0)."""
        if byte_range_size:
            raise NotImplementedError("byte_range_size is not supported")
        return self

    def recovery_mode(self, recovery_mode: JSONRecoveryMode) -> JsonReaderOptionsBuilder:
        """Only FAIL is supported."""
        if recovery_mode != JSONRecoveryMode.FAIL:
            raise NotImplementedError("only JSONRecoveryMode.FAIL is supported")
        return self

    def progress(self, callback: Any) -> JsonReaderOptionsBuilder:
        """ferrodf extension: ``callback(bytes_done, bytes_total)``."""
        return self._set("progress", callback)


def read_json(options: JsonReaderOptions, stream: Any = None, mr: Any = None) -> TableWithMetadata:
    """Read JSON lines with ``options``; the GIL is released while decoding."""
    _order = _stream_order(stream, mr)
    if options._source is None:
        raise ValueError("use JsonReaderOptions.builder(source)")
    tbl, names = io_read_json(options._source._sources, options._opts)
    return TableWithMetadata(tbl, names)


def chunked_read_json(
    options: JsonReaderOptions, chunk_size: int = 100_000_000, stream: Any = None
) -> tuple[list[Column], list[str], dict[str, Any]]:
    """``(columns, column names, child names)`` of the JSON lines ``options`` name.

    pylibcudf reads ``chunk_size`` bytes at a time to bound device memory; ferrodf's reader
    decodes on the host in pieces already, so this is one :func:`read_json` (same result).
    """
    _order = _stream_order(stream)
    if chunk_size <= 0:
        raise ValueError(f"chunk_size must be positive, got {chunk_size}")
    t = read_json(options)
    return t.columns, t.column_names(), t.child_names


def _recover_with_null(text: str) -> str:
    """Each line that is not one JSON object becomes ``{}`` (a row of nulls), as
    ``RECOVER_WITH_NULL`` makes it a null row; blank lines stay (the reader skips them)."""
    out = []
    for line in text.split("\n"):
        if line.strip():
            try:
                ok = isinstance(_json.loads(line), dict)
            except ValueError:
                ok = False
            if not ok:
                line = "{}"
        out.append(line)
    return "\n".join(out)


def read_json_from_string_column(
    input: Column,
    separator: Scalar,
    narep: Scalar,
    dtypes: Any = None,
    compression: CompressionType = CompressionType.NONE,
    recovery_mode: JSONRecoveryMode = JSONRecoveryMode.RECOVER_WITH_NULL,
    stream: Any = None,
) -> TableWithMetadata:
    """Join a STRING column of JSON records with ``separator`` (null rows written as
    ``narep``) and read the result as JSON lines.

    The join is ``plc.strings.combine.join_strings``; the joined text is read on the host.
    ``RECOVER_WITH_NULL`` (pylibcudf's default) is emulated before reading: every line
    that is not one JSON object (such as a ``narep`` of ``"NULL"``) becomes a row of
    nulls. With ``FAIL`` such a line raises ``ValueError``.
    """
    _order = _stream_order(stream)
    from ferrodf.plc.strings.combine import join_strings
    from ferrodf.plc.types import TypeId

    if input.type().id() != TypeId.STRING:
        raise TypeError(f"read_json_from_string_column needs a STRING column, got {input.type()}")
    joined = join_strings(input, separator, narep).to_arrow().to_pylist()
    text = joined[0] if joined and joined[0] is not None else ""
    if recovery_mode == JSONRecoveryMode.RECOVER_WITH_NULL:
        text = _recover_with_null(text)
    elif recovery_mode != JSONRecoveryMode.FAIL:
        raise ValueError(f"unknown recovery_mode {recovery_mode!r}")
    b = JsonReaderOptions.builder(SourceInfo([text.encode()])).lines(True)
    b.compression(compression)
    if dtypes:
        b.dtypes(dtypes)
    return read_json(b.build())


class JsonWriterOptions:
    """Options of :func:`write_json`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._sink: SinkInfo | None = None
        self._table: Table | None = None
        self._metadata: list[Any] | None = None
        self._opts: dict[str, Any] = {"lines": True}

    @staticmethod
    def builder(sink: SinkInfo, table: Table) -> JsonWriterOptionsBuilder:
        """A builder writing ``table`` to ``sink``."""
        b = JsonWriterOptionsBuilder(JsonWriterOptions())
        b._options._sink = sink
        b._options._table = table
        return b

    def set_rows_per_chunk(self, val: int) -> None:
        """Rows formatted per (parallel) piece."""
        self._opts["rows_per_chunk"] = int(val)

    def set_true_value(self, val: str) -> None:
        """Not supported (JSON booleans are true/false)."""
        raise NotImplementedError("JSON booleans are always written as true/false")

    def set_false_value(self, val: str) -> None:
        """Not supported (JSON booleans are true/false)."""
        raise NotImplementedError("JSON booleans are always written as true/false")


class JsonWriterOptionsBuilder(OptionsBuilder[JsonWriterOptions]):
    """Builder of :class:`JsonWriterOptions`; each method returns the builder."""

    def metadata(self, tbl_w_meta: TableWithMetadata) -> JsonWriterOptionsBuilder:
        """Column names from a TableWithMetadata (or a list of names)."""
        if isinstance(tbl_w_meta, TableWithMetadata):
            self._options._metadata = tbl_w_meta.column_names(include_children=True)
        else:
            self._options._metadata = list(tbl_w_meta)
        return self

    def na_rep(self, val: str) -> JsonWriterOptionsBuilder:
        """Accepted; nulls are written as null (or left out)."""
        return self

    def include_nulls(self, val: bool) -> JsonWriterOptionsBuilder:
        """Write ``"key": null`` rather than leaving the key out."""
        return self._set("include_nulls", bool(val))

    def lines(self, val: bool) -> JsonWriterOptionsBuilder:
        """One object per line (True) or one array (False)."""
        return self._set("lines", bool(val))

    def compression(self, compression: CompressionType) -> JsonWriterOptionsBuilder:
        """ferrodf extension: compress the whole file (GZIP, BZIP2, ZLIB, ZSTD)."""
        return self._set("compression", int(compression))

    def progress(self, callback: Any) -> JsonWriterOptionsBuilder:
        """ferrodf extension: ``callback(rows_done, rows_total)``."""
        return self._set("progress", callback)


def write_json(options: JsonWriterOptions, stream: Any = None) -> None:
    """Write the table; the GIL is released while formatting."""
    _order = _stream_order(stream)
    sink = options._sink
    if sink is None or options._table is None:
        raise ValueError("use JsonWriterOptions.builder(sink, table)")
    data = io_write_json(sink._path, options._table, options._metadata, options._opts)
    sink._deliver(data)


__all__ = [
    "JsonReaderOptions",
    "JsonReaderOptionsBuilder",
    "JsonWriterOptions",
    "JsonWriterOptionsBuilder",
    "chunked_read_json",
    "read_json",
    "read_json_from_string_column",
    "write_json",
]
