# Type stubs for `ferrodf._lib.io` (pyapi/src): the bindings of `ferrodf.plc.io`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from collections.abc import Mapping, Sequence
from typing import Any, final

from ferrodf._lib import Column, ColumnNameSpec, Table

def read_csv(
    sources_: Sequence[str | bytes], options: Mapping[str, Any]
) -> tuple[Table, list[ColumnNameSpec]]: ...
def write_csv(
    path: str | None, table: Table, metadata: Sequence[Any] | None, options: Mapping[str, Any]
) -> bytes | None: ...

read_parquet = read_csv
write_parquet = write_csv
read_json = read_csv
write_json = write_csv
read_avro = read_csv
read_orc = read_csv
write_orc = write_csv

def read_parquet_metadata(sources_: Sequence[str | bytes]) -> dict[str, Any]: ...
def is_supported_read_parquet(compression: int) -> bool: ...
def is_supported_write_parquet(compression: int) -> bool: ...
def is_supported_read_orc(compression: int) -> bool: ...
def is_supported_write_orc(compression: int) -> bool: ...
def multibyte_split(
    kind: str,
    data: str | bytes,
    begin: int,
    end: int,
    delimiter: str,
    byte_range: tuple[int, int] | None,
    strip_delimiters: bool,
) -> Column: ...

@final
class _ChunkedParquetReader:
    def __init__(
        self, sources_: Sequence[str | bytes], options: Mapping[str, Any], chunk_read_limit: int
    ) -> None: ...
    def has_next(self) -> bool: ...
    def read_chunk(self) -> tuple[Table, list[ColumnNameSpec]]: ...

@final
class _ParquetChunkedWriter:
    def __init__(self, path: str | None, options: Mapping[str, Any]) -> None: ...
    def write(self, table: Table, metadata: Sequence[Any] | None = None) -> None: ...
    def close(self) -> bytes | None: ...

@final
class _OrcChunkedWriter:
    def __init__(self, path: str | None, options: Mapping[str, Any]) -> None: ...
    def write(self, table: Table, metadata: Sequence[Any] | None = None) -> None: ...
    def close(self) -> bytes | None: ...
