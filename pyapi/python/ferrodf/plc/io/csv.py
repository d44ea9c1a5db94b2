"""pylibcudf's ``io.csv``: ``read_csv`` and ``write_csv`` with option builders.

Differences from libcudf: ``byte_range_offset``/``byte_range_size``,
``delim_whitespace``, ``skipinitialspace``, ``dayfirst``, ``parse_hex``,
``true_values``/``false_values`` and ``doublequote=False`` are not supported and raise
``NotImplementedError`` when set to a non-default value. Columns named in ``parse_dates``
become TIMESTAMP_MILLISECONDS; other date-like text stays STRING, as in libcudf.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import DataType, Table
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.io import read_csv as io_read_csv
from ferrodf._lib.io import write_csv as io_write_csv
from ferrodf.plc.io._builder import OptionsBuilder
from ferrodf.plc.io.types import (
    CompressionType,
    QuoteStyle,
    SinkInfo,
    SourceInfo,
    TableWithMetadata,
)


def _unsupported(name: str) -> NotImplementedError:
    return NotImplementedError(f"CSV option {name} is not supported by ferrodf")


class CsvReaderOptions:
    """Options of :func:`read_csv`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._source: SourceInfo | None = None
        self._opts: dict[str, Any] = {}

    @staticmethod
    def builder(source: SourceInfo) -> CsvReaderOptionsBuilder:
        """A builder reading ``source``."""
        b = CsvReaderOptionsBuilder(CsvReaderOptions())
        b._options._source = source
        return b

    def set_source(self, src: SourceInfo) -> None:
        """Read ``src`` instead."""
        self._source = src

    def set_header(self, header: int) -> None:
        """Row (after skiprows) holding the names; -1: no header."""
        self._opts["header"] = int(header)

    def set_names(self, col_names: list[str]) -> None:
        """Column names (replacing the header's)."""
        self._opts["names"] = [str(n) for n in col_names]

    def set_prefix(self, prefix: str) -> None:
        """Prefix of generated names for header-less files."""
        self._opts["prefix"] = prefix

    def set_use_cols_indexes(self, col_indices: list[int]) -> None:
        """Read only these columns (by position)."""
        self._opts["usecols"] = [int(i) for i in col_indices]

    def set_use_cols_names(self, col_names: list[str]) -> None:
        """Read only these columns (by name)."""
        self._opts["usecols"] = [str(n) for n in col_names]

    def set_delimiter(self, delimiter: str) -> None:
        """Field separator (one character)."""
        self._opts["delimiter"] = delimiter

    def set_thousands(self, thousands: str) -> None:
        """Thousands separator of numbers."""
        self._opts["thousands"] = thousands

    def set_comment(self, comment: str) -> None:
        """Skip lines starting with this character."""
        self._opts["comment"] = comment

    def set_parse_dates(self, val: list[int | str]) -> None:
        """Columns parsed as TIMESTAMP_MILLISECONDS."""
        self._opts["parse_dates"] = list(val)

    def set_parse_hex(self, val: list[int | str]) -> None:
        """Not supported."""
        if val:
            raise _unsupported("parse_hex")

    def set_dtypes(self, types: dict[str, DataType] | list[DataType]) -> None:
        """Explicit column types, by name (dict) or by position (list)."""
        if isinstance(types, dict):
            self._opts["dtypes"] = [(str(k), v) for k, v in types.items()]
        else:
            self._opts["dtypes_list"] = list(types)

    def set_true_values(self, true_values: list[str]) -> None:
        """Not supported (``true``/``false`` in any case are booleans)."""
        if true_values:
            raise _unsupported("true_values")

    def set_false_values(self, false_values: list[str]) -> None:
        """Not supported (``true``/``false`` in any case are booleans)."""
        if false_values:
            raise _unsupported("false_values")

    def set_na_values(self, na_values: list[str]) -> None:
        """Extra missing-value tokens."""
        self._opts["na_values"] = [str(v) for v in na_values]


class CsvReaderOptionsBuilder(OptionsBuilder[CsvReaderOptions]):
    """Builder of :class:`CsvReaderOptions`; each method returns the builder."""

    def compression(self, compression: CompressionType) -> CsvReaderOptionsBuilder:
        """Whole-file compression (AUTO detects gzip, zstd, bzip2)."""
        return self._set("compression", int(compression))

    def mangle_dupe_cols(self, mangle_dupe_cols: bool) -> CsvReaderOptionsBuilder:
        """Rename duplicate names ``a, a`` to ``a, a.1``."""
        return self._set("mangle_dupe_cols", bool(mangle_dupe_cols))

    def byte_range_offset(self, byte_range_offset: int) -> CsvReaderOptionsBuilder:
        """Not supported (must be 0)."""
        if byte_range_offset:
            raise _unsupported("byte_range_offset")
        return self

    def byte_range_size(self, byte_range_size: int) -> CsvReaderOptionsBuilder:
        """Not supported (must be 0)."""
        if byte_range_size:
            raise _unsupported("byte_range_size")
        return self

    def nrows(self, nrows: int) -> CsvReaderOptionsBuilder:
        """Read at most this many data rows (-1: all)."""
        return self._set("nrows", int(nrows))

    def skiprows(self, skiprows: int) -> CsvReaderOptionsBuilder:
        """Rows skipped before the header."""
        return self._set("skiprows", int(skiprows))

    def skipfooter(self, skipfooter: int) -> CsvReaderOptionsBuilder:
        """Rows dropped at the end."""
        return self._set("skipfooter", int(skipfooter))

    def quoting(self, quoting: QuoteStyle) -> CsvReaderOptionsBuilder:
        """QuoteStyle.NONE turns quote handling off."""
        return self._set("quoting", int(quoting))

    def lineterminator(self, lineterminator: str) -> CsvReaderOptionsBuilder:
        """Row terminator (one character; ``\\r\\n`` is accepted with ``\\n``)."""
        return self._set("lineterminator", lineterminator)

    def quotechar(self, quotechar: str) -> CsvReaderOptionsBuilder:
        """Quote character."""
        return self._set("quotechar", quotechar)

    def decimal(self, decimal: str) -> CsvReaderOptionsBuilder:
        """Decimal separator of numbers."""
        return self._set("decimal", decimal)

    def delim_whitespace(self, delim_whitespace: bool) -> CsvReaderOptionsBuilder:
        """Not supported (must be False)."""
        if delim_whitespace:
            raise _unsupported("delim_whitespace")
        return self

    def skipinitialspace(self, skipinitialspace: bool) -> CsvReaderOptionsBuilder:
        """Not supported (must be False)."""
        if skipinitialspace:
            raise _unsupported("skipinitialspace")
        return self

    def skip_blank_lines(self, skip_blank_lines: bool) -> CsvReaderOptionsBuilder:
        """Blank lines are always skipped."""
        return self

    def doublequote(self, doublequote: bool) -> CsvReaderOptionsBuilder:
        """A doubled quote inside quotes is a quote (only True is supported)."""
        if not doublequote:
            raise _unsupported("doublequote=False")
        return self

    def keep_default_na(self, keep_default_na: bool) -> CsvReaderOptionsBuilder:
        """Also treat pandas' default tokens (NA, NaN, null, ...) as missing."""
        return self._set("keep_default_na", bool(keep_default_na))

    def na_filter(self, na_filter: bool) -> CsvReaderOptionsBuilder:
        """Detect missing values at all."""
        return self._set("na_filter", bool(na_filter))

    def dayfirst(self, dayfirst: bool) -> CsvReaderOptionsBuilder:
        """Not supported (must be False)."""
        if dayfirst:
            raise _unsupported("dayfirst")
        return self

    def delimiter(self, delimiter: str) -> CsvReaderOptionsBuilder:
        """Field separator (one character)."""
        return self._set("delimiter", delimiter)

    def progress(self, callback: Any) -> CsvReaderOptionsBuilder:
        """ferrodf extension: ``callback(bytes_done, bytes_total)`` as the read advances."""
        return self._set("progress", callback)


def read_csv(options: CsvReaderOptions, stream: Any = None, mr: Any = None) -> TableWithMetadata:
    """Read CSV with ``options``; the GIL is released while decoding."""
    _order = _stream_order(stream, mr)
    if options._source is None:
        raise ValueError("CsvReaderOptions has no source; use CsvReaderOptions.builder(source)")
    tbl, names = io_read_csv(options._source._sources, options._opts)
    return TableWithMetadata(tbl, names)


class CsvWriterOptions:
    """Options of :func:`write_csv`; make them with :meth:`builder`."""

    def __init__(self) -> None:
        self._sink: SinkInfo | None = None
        self._table: Table | None = None
        self._opts: dict[str, Any] = {}

    @staticmethod
    def builder(sink: SinkInfo, table: Table) -> CsvWriterOptionsBuilder:
        """A builder writing ``table`` to ``sink``."""
        b = CsvWriterOptionsBuilder(CsvWriterOptions())
        b._options._sink = sink
        b._options._table = table
        return b


class CsvWriterOptionsBuilder(OptionsBuilder[CsvWriterOptions]):
    """Builder of :class:`CsvWriterOptions`; each method returns the builder."""

    def names(self, names: list[str]) -> CsvWriterOptionsBuilder:
        """Header names (default "0", "1", ...)."""
        return self._set("names", [str(n) for n in names])

    def na_rep(self, val: str) -> CsvWriterOptionsBuilder:
        """Text for nulls."""
        return self._set("na_rep", val)

    def include_header(self, val: bool) -> CsvWriterOptionsBuilder:
        """Write the header row."""
        return self._set("include_header", bool(val))

    def rows_per_chunk(self, val: int) -> CsvWriterOptionsBuilder:
        """Rows formatted per (parallel) piece."""
        return self._set("rows_per_chunk", int(val))

    def line_terminator(self, term: str) -> CsvWriterOptionsBuilder:
        """Row terminator (one character or ``\\r\\n``)."""
        return self._set("line_terminator", term)

    def inter_column_delimiter(self, delim: str) -> CsvWriterOptionsBuilder:
        """Field separator."""
        return self._set("inter_column_delimiter", delim)

    def true_value(self, val: str) -> CsvWriterOptionsBuilder:
        """Text for true."""
        return self._set("true_value", val)

    def false_value(self, val: str) -> CsvWriterOptionsBuilder:
        """Text for false."""
        return self._set("false_value", val)

    def quoting(self, style: QuoteStyle) -> CsvWriterOptionsBuilder:
        """Which fields are quoted."""
        return self._set("quoting", int(style))

    def compression(self, compression: CompressionType) -> CsvWriterOptionsBuilder:
        """ferrodf extension: compress the whole file (GZIP, BZIP2, ZLIB, ZSTD)."""
        return self._set("compression", int(compression))

    def progress(self, callback: Any) -> CsvWriterOptionsBuilder:
        """ferrodf extension: ``callback(rows_done, rows_total)``."""
        return self._set("progress", callback)


def write_csv(options: CsvWriterOptions, stream: Any = None) -> None:
    """Write the table; the GIL is released while formatting."""
    _order = _stream_order(stream)
    sink = options._sink
    if sink is None or options._table is None:
        raise ValueError("use CsvWriterOptions.builder(sink, table)")
    data = io_write_csv(sink._path, options._table, None, options._opts)
    sink._deliver(data)


def is_supported_write_csv(type: DataType) -> bool:
    """Whether columns of ``type`` can be written as CSV (flat types only)."""
    from ferrodf.plc.types import TypeId

    return type.id() not in (TypeId.LIST, TypeId.STRUCT)


__all__ = [
    "CsvReaderOptions",
    "CsvReaderOptionsBuilder",
    "CsvWriterOptions",
    "CsvWriterOptionsBuilder",
    "is_supported_write_csv",
    "read_csv",
    "write_csv",
]
