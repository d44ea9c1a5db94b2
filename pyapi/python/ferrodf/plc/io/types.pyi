import io
import os
from enum import IntEnum
from typing import Any, Literal, TypeAlias, overload

import pyarrow as pa  # type: ignore[import-untyped]  # pyarrow ships no stubs

from ferrodf._lib import Column, Table

# Found on first use at runtime (they live in ferrodf.plc.io.parquet).
from ferrodf.plc.io.parquet import ColumnInMetadata as ColumnInMetadata
from ferrodf.plc.io.parquet import TableInputMetadata as TableInputMetadata

class CompressionType(IntEnum):
    NONE = 0
    AUTO = 1
    SNAPPY = 2
    GZIP = 3
    BZIP2 = 4
    BROTLI = 5
    ZIP = 6
    XZ = 7
    ZLIB = 8
    LZ4 = 9
    LZO = 10
    ZSTD = 11

class QuoteStyle(IntEnum):
    MINIMAL = 0
    ALL = 1
    NONNUMERIC = 2
    NONE = 3

class StatisticsFreq(IntEnum):
    STATISTICS_NONE = 0
    STATISTICS_ROWGROUP = 1
    STATISTICS_PAGE = 2
    STATISTICS_COLUMN = 3

class DictionaryPolicy(IntEnum):
    NEVER = 0
    ADAPTIVE = 1
    ALWAYS = 2

class ColumnEncoding(IntEnum):
    USE_DEFAULT = -1
    DICTIONARY = 0
    PLAIN = 1
    DELTA_BINARY_PACKED = 2
    DELTA_LENGTH_BYTE_ARRAY = 3
    DELTA_BYTE_ARRAY = 4
    BYTE_STREAM_SPLIT = 5
    DIRECT = 6
    DIRECT_V2 = 7
    DICTIONARY_V2 = 8

class JSONRecoveryMode(IntEnum):
    FAIL = 0
    RECOVER_WITH_NULL = 1

ColumnNameSpec: TypeAlias = tuple[str, list[ColumnNameSpec]]
ChildNameSpec: TypeAlias = dict[str, ChildNameSpec]

# Paths, bytes-like objects or file-like objects (read into memory when built).
class SourceInfo:
    def __init__(
        self,
        sources: list[str | os.PathLike[Any] | bytes | io.IOBase | Any]
        | str
        | os.PathLike[Any]
        | bytes,
    ) -> None: ...

# One path or one file-like object (written when the writer finishes).
class SinkInfo:
    def __init__(
        self,
        sinks: list[str | os.PathLike[Any] | io.StringIO | io.BytesIO | io.TextIOBase | Any]
        | str
        | os.PathLike[Any],
    ) -> None: ...

class TableWithMetadata:
    tbl: Table
    def __init__(self, tbl: Table, column_names: list[ColumnNameSpec | str]) -> None: ...
    @property
    def columns(self) -> list[Column]: ...
    @overload
    def column_names(self, include_children: Literal[False] = False) -> list[str]: ...
    @overload
    def column_names(self, include_children: Literal[True]) -> list[ColumnNameSpec]: ...
    @property
    def child_names(self) -> ChildNameSpec: ...
    @property
    def per_file_user_data(self) -> list[dict[str, str]]: ...
    # ferrodf extension: a pyarrow Table named by the metadata.
    def to_arrow(self) -> pa.Table: ...

class PartitionInfo:
    start_row: int
    num_rows: int
    def __init__(self, start_row: int, num_rows: int) -> None: ...

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
