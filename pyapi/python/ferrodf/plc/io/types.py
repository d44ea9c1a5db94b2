"""pylibcudf's ``io.types``: sources, sinks, the enums and ``TableWithMetadata``.

File-like sources are read into memory (``read()``) when the ``SourceInfo`` is built, so
the reader runs without the GIL; text streams are encoded as UTF-8. File-like sinks get
the whole output written into them once the writer finishes.
"""

from __future__ import annotations

import io
import os
from typing import Any

from ferrodf._lib import Table
from ferrodf.plc._enums import rust_enum

CompressionType = rust_enum("CompressionType", __name__)
QuoteStyle = rust_enum("QuoteStyle", __name__)
StatisticsFreq = rust_enum("StatisticsFreq", __name__)
DictionaryPolicy = rust_enum("DictionaryPolicy", __name__)
ColumnEncoding = rust_enum("ColumnEncoding", __name__)
JSONRecoveryMode = rust_enum("JSONRecoveryMode", __name__)


def _source(s: Any) -> str | bytes:
    if isinstance(s, str | os.PathLike):
        return os.fspath(s)
    if isinstance(s, bytes | bytearray | memoryview):
        return bytes(s)
    if hasattr(s, "read"):
        data = s.read()
        return data.encode() if isinstance(data, str) else bytes(data)
    raise TypeError(f"a source must be a path, bytes or a file-like object, got {type(s).__name__}")


class SourceInfo:
    """The inputs of a read: paths, bytes or file-like objects (read into memory now)."""

    def __init__(self, sources: list[Any]) -> None:
        if isinstance(sources, str | bytes | os.PathLike) or hasattr(sources, "read"):
            sources = [sources]
        self._sources = [_source(s) for s in sources]
        if not self._sources:
            raise ValueError("SourceInfo needs at least one source")


class SinkInfo:
    """Where a writer puts its output: one path or one file-like object."""

    def __init__(self, sinks: list[Any]) -> None:
        if isinstance(sinks, str | os.PathLike) or hasattr(sinks, "write"):
            sinks = [sinks]
        if len(sinks) != 1:
            raise NotImplementedError("ferrodf writers take exactly one sink")
        s = sinks[0]
        if isinstance(s, str | os.PathLike):
            self._path: str | None = os.fspath(s)
            self._obj = None
        elif hasattr(s, "write"):
            self._path = None
            self._obj = s
        else:
            raise TypeError(f"a sink must be a path or a file-like object, got {type(s).__name__}")

    def _deliver(self, data: bytes | None) -> None:
        """Write a memory sink's bytes into the file-like object."""
        if self._obj is None or data is None:
            return
        if isinstance(self._obj, io.TextIOBase):
            self._obj.write(data.decode())
        else:
            self._obj.write(data)


class TableWithMetadata:
    """A table and the names of its columns and of their nested children."""

    def __init__(self, tbl: Table, column_names: list[Any]) -> None:
        self.tbl = tbl
        self._names = [_norm(n) for n in column_names]

    @property
    def columns(self) -> list[Any]:
        """The table's columns."""
        return self.tbl.columns()

    def column_names(self, include_children: bool = False) -> list[Any]:
        """Top-level names, or ``(name, [children...])`` specs with ``include_children``."""
        if include_children:
            return self._names
        return [n for n, _ in self._names]

    @property
    def child_names(self) -> dict[str, Any]:
        """``{name: {child name: {...}}}`` for every column."""

        def tree(spec: list[Any]) -> dict[str, Any]:
            return {n: tree(c) for n, c in spec}

        return tree(self._names)

    @property
    def per_file_user_data(self) -> list[dict[str, str]]:
        """Key-value metadata per file (not kept by ferrodf: empty dicts)."""
        return []

    def to_arrow(self) -> Any:
        """ferrodf extension: the table as a pyarrow Table with these names."""
        from ferrodf.plc.interop import ColumnMetadata

        def meta(spec: tuple[str, list[Any]]) -> ColumnMetadata:
            return ColumnMetadata(spec[0], [meta(c) for c in spec[1]])

        return self.tbl.to_arrow([meta(s) for s in self._names])

    def __repr__(self) -> str:
        return f"TableWithMetadata({self.tbl.num_rows()} rows, columns={self.column_names()})"


class PartitionInfo:
    """A row range of a table (pylibcudf's ``PartitionInfo``, for partitioned writes,
    which ferrodf's writers do not support: they raise ``NotImplementedError``)."""

    def __init__(self, start_row: int, num_rows: int) -> None:
        self.start_row = int(start_row)
        self.num_rows = int(num_rows)


def __getattr__(name: str) -> Any:
    # pylibcudf exports the writer metadata classes here too; they live with the Parquet
    # writer, which imports this module, so they are looked up on first use.
    if name in ("TableInputMetadata", "ColumnInMetadata"):
        from ferrodf.plc.io import parquet

        return getattr(parquet, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _norm(n: Any) -> tuple[str, list[Any]]:
    if isinstance(n, str):
        return (n, [])
    name, children = n
    return (name, [_norm(c) for c in children])


__all__ = [
    "ColumnEncoding",
    "CompressionType",
    "DictionaryPolicy",
    "JSONRecoveryMode",
    "PartitionInfo",
    "QuoteStyle",
    "SinkInfo",
    "SourceInfo",
    "StatisticsFreq",
    "TableWithMetadata",
]
