"""pylibcudf's ``io.json``: JSON reading and writing.

The reader takes JSON lines (``lines(True)``, ferrodf's default) or, with
``lines(False)``, one JSON array of objects (or one object, a single row), and every
``JsonReaderOptions`` setter with libcudf's meaning: byte ranges, record delimiter,
``keep_quotes``, ``mixed_types_as_string``, ``prune_columns``, ``dayfirst``,
single-quote and whitespace normalisation, strict validation (and its ``allow_*``
rules), ``na_values`` and ``JSONRecoveryMode.RECOVER_WITH_NULL`` (a malformed record
becomes a row of nulls). A malformed record otherwise raises ``ValueError`` naming the
line and byte offset. ``write_json`` writes lines or, with ``lines(False)``, one array.
Decoding runs on the host (see docs/io.md).
"""

from __future__ import annotations

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

# libcudf refuses these as the record delimiter (they mean something in JSON).
_BAD_DELIMITERS = frozenset("{[}],:\"'\\ \t\r")


def _delimiter(val: str) -> str:
    if not isinstance(val, str) or len(val) != 1 or not val.isascii():
        raise ValueError(f"the JSON delimiter must be one ASCII character, got {val!r}")
    if val in _BAD_DELIMITERS:
        raise ValueError(f"unsupported JSON delimiter {val!r}")
    return val


def _size(name: str, val: int) -> int:
    if int(val) < 0:
        raise ValueError(f"{name} must not be negative, got {val}")
    return int(val)


class JsonReaderOptions:
    """Options of :func:`read_json`; make them with :meth:`builder`.

    Defaults are libcudf's (strict validation off, its ``allow_*`` rules on) except
    ``lines``, which ferrodf turns on.
    """

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

    def enable_keep_quotes(self, keep_quotes: bool) -> None:
        """String values keep their surrounding double quotes."""
        self._opts["keep_quotes"] = bool(keep_quotes)

    def enable_mixed_types_as_string(self, mixed_types_as_string: bool) -> None:
        """A top-level column mixing objects, lists and scalars is read as the JSON text
        of each value (a string value as its text); a STRING dtype then also reads
        objects and lists as text."""
        self._opts["mixed_types_as_string"] = bool(mixed_types_as_string)

    def enable_prune_columns(self, prune_columns: bool) -> None:
        """With dtypes, read only the columns named in them."""
        self._opts["prune_columns"] = bool(prune_columns)

    def set_byte_range_offset(self, offset: int) -> None:
        """Read the records that start at or after this byte (JSON lines only)."""
        self._opts["byte_range_offset"] = _size("byte_range_offset", offset)

    def set_byte_range_size(self, size: int) -> None:
        """Read the records that start before offset + size (0: to the end); the record
        straddling the end is read whole, the one straddling the offset is not read."""
        self._opts["byte_range_size"] = _size("byte_range_size", size)

    def enable_lines(self, val: bool) -> None:
        """One object per record (True) or one JSON array of objects (False)."""
        self._opts["lines"] = bool(val)

    def set_delimiter(self, val: str) -> None:
        """The character between JSON lines records (default ``"\\n"``)."""
        self._opts["delimiter"] = _delimiter(val)

    def enable_dayfirst(self, val: bool) -> None:
        """Dates ``d/m/yyyy`` rather than ``m/d/yyyy`` in columns given a timestamp dtype."""
        self._opts["dayfirst"] = bool(val)

    def enable_experimental(self, val: bool) -> None:
        """Stored only: libcudf gates unfinished device-parser changes behind it, and
        ferrodf's host reader has no such path."""
        self._opts["experimental"] = bool(val)

    def enable_normalize_single_quotes(self, val: bool) -> None:
        """Accept single-quoted keys and strings."""
        self._opts["normalize_single_quotes"] = bool(val)

    def enable_normalize_whitespace(self, val: bool) -> None:
        """Drop whitespace outside strings (visible in mixed-type values' text)."""
        self._opts["normalize_whitespace"] = bool(val)

    def set_strict_validation(self, val: bool) -> None:
        """Enforce the ``allow_*`` rules (off by default, as in libcudf)."""
        self._opts["strict_validation"] = bool(val)

    def allow_unquoted_control_chars(self, val: bool) -> None:
        """Under strict validation, allow raw control characters in strings."""
        self._opts["allow_unquoted_control_chars"] = bool(val)

    def allow_numeric_leading_zeros(self, val: bool) -> None:
        """Under strict validation, allow numbers like ``007``."""
        self._opts["allow_numeric_leading_zeros"] = bool(val)

    def allow_nonnumeric_numbers(self, val: bool) -> None:
        """Under strict validation, allow ``NaN``, ``Infinity``, ``+INF``, ``-INF``..."""
        self._opts["allow_nonnumeric_numbers"] = bool(val)

    def set_na_values(self, vals: list[str]) -> None:
        """Values whose text (strings without quotes) is one of these are read as null."""
        self._opts["na_values"] = [str(v) for v in vals]

    def set_recovery_mode(self, val: JSONRecoveryMode) -> None:
        """What a malformed record does (FAIL raises, RECOVER_WITH_NULL: a null row)."""
        self._opts["recovery_mode"] = int(JSONRecoveryMode(val))

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src


class JsonReaderOptionsBuilder(OptionsBuilder[JsonReaderOptions]):
    """Builder of :class:`JsonReaderOptions`; each method returns the builder and sets
    the option of the same name (see the ``JsonReaderOptions`` setters)."""

    def compression(self, compression: CompressionType) -> JsonReaderOptionsBuilder:
        """Whole-file compression (AUTO detects gzip, zstd, bzip2)."""
        return self._set("compression", int(compression))

    def lines(self, lines: bool) -> JsonReaderOptionsBuilder:
        """One object per record (True) or one JSON array of objects (False)."""
        return self._set("lines", bool(lines))

    def dtypes(self, types: Any) -> JsonReaderOptionsBuilder:
        """Explicit types (see ``JsonReaderOptions.set_dtypes``)."""
        self._options.set_dtypes(types)
        return self

    def byte_range_offset(self, byte_range_offset: int) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.set_byte_range_offset``."""
        self._options.set_byte_range_offset(byte_range_offset)
        return self

    def byte_range_size(self, byte_range_size: int) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.set_byte_range_size``."""
        self._options.set_byte_range_size(byte_range_size)
        return self

    def recovery_mode(self, recovery_mode: JSONRecoveryMode) -> JsonReaderOptionsBuilder:
        """FAIL raises on a malformed record; RECOVER_WITH_NULL reads it as nulls."""
        self._options.set_recovery_mode(recovery_mode)
        return self

    def delimiter(self, delimiter: str) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.set_delimiter``."""
        self._options.set_delimiter(delimiter)
        return self

    def keep_quotes(self, keep_quotes: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_keep_quotes``."""
        return self._set("keep_quotes", bool(keep_quotes))

    def mixed_types_as_string(self, mixed_types_as_string: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_mixed_types_as_string``."""
        return self._set("mixed_types_as_string", bool(mixed_types_as_string))

    def prune_columns(self, prune_columns: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_prune_columns``."""
        return self._set("prune_columns", bool(prune_columns))

    def dayfirst(self, dayfirst: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_dayfirst``."""
        return self._set("dayfirst", bool(dayfirst))

    def experimental(self, experimental: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_experimental``."""
        return self._set("experimental", bool(experimental))

    def normalize_single_quotes(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_normalize_single_quotes``."""
        return self._set("normalize_single_quotes", bool(val))

    def normalize_whitespace(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.enable_normalize_whitespace``."""
        return self._set("normalize_whitespace", bool(val))

    def strict_validation(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.set_strict_validation``."""
        return self._set("strict_validation", bool(val))

    def unquoted_control_chars(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.allow_unquoted_control_chars``."""
        return self._set("allow_unquoted_control_chars", bool(val))

    def numeric_leading_zeros(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.allow_numeric_leading_zeros``."""
        return self._set("allow_numeric_leading_zeros", bool(val))

    def nonnumeric_numbers(self, val: bool) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.allow_nonnumeric_numbers``."""
        return self._set("allow_nonnumeric_numbers", bool(val))

    def na_values(self, vals: list[str]) -> JsonReaderOptionsBuilder:
        """See ``JsonReaderOptions.set_na_values``."""
        self._options.set_na_values(vals)
        return self

    def progress(self, callback: Any) -> JsonReaderOptionsBuilder:
        """ferrodf extension: ``callback(bytes_done, bytes_total)``."""
        return self._set("progress", callback)


def read_json(options: JsonReaderOptions, stream: Any = None, mr: Any = None) -> TableWithMetadata:
    """Read JSON with ``options``; the GIL is released while decoding."""
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

    The join is ``plc.strings.combine.join_strings``; the joined text is read on the host
    with ``recovery_mode``: under ``RECOVER_WITH_NULL`` (pylibcudf's default) every line
    that is not one JSON object (such as a ``narep`` of ``"NULL"``) becomes a row of
    nulls; with ``FAIL`` such a line raises ``ValueError``.
    """
    _order = _stream_order(stream)
    from ferrodf.plc.strings.combine import join_strings
    from ferrodf.plc.types import TypeId

    if input.type().id() != TypeId.STRING:
        raise TypeError(f"read_json_from_string_column needs a STRING column, got {input.type()}")
    joined = join_strings(input, separator, narep).to_arrow().to_pylist()
    text = joined[0] if joined and joined[0] is not None else ""
    try:
        mode = JSONRecoveryMode(recovery_mode)
    except ValueError:
        raise ValueError(f"unknown recovery_mode {recovery_mode!r}") from None
    b = JsonReaderOptions.builder(SourceInfo([text.encode()])).lines(True)
    b.compression(compression).recovery_mode(mode)
    sep = separator.to_py()
    if isinstance(sep, str) and len(sep) == 1 and sep.isascii() and sep not in _BAD_DELIMITERS:
        # A one-character separator is libcudf's record delimiter.
        b.delimiter(sep)
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
