# Type stubs for `ferrodf._lib.io` (pyapi/src): the bindings of `ferrodf.plc.io`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from collections.abc import Mapping, Sequence
from typing import Any, final

from ferrodf._lib import ColumnNameSpec, Table

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
