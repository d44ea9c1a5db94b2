from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

import pyarrow as pa  # type: ignore[import-untyped]  # pyarrow ships no stubs

from ferrodf._lib import Column, DataType, Scalar, Table
from ferrodf._lib.interop import to_dlpack as to_dlpack

@dataclass
class ColumnMetadata:
    name: str = ""
    children_meta: list[ColumnMetadata] = ...

def from_dlpack(managed_tensor: Any) -> Table: ...

# Dispatches on the argument: pyarrow DataType -> DataType, Scalar -> Scalar,
# Table/RecordBatch -> Table, anything else Arrow array-like -> Column.
def from_arrow(obj: Any, *, data_type: DataType | None = None) -> Any: ...
@overload
def to_arrow(obj: DataType, metadata: None = None) -> pa.DataType: ...
@overload
def to_arrow(obj: Column, metadata: ColumnMetadata | str | None = None) -> pa.Array: ...
@overload
def to_arrow(obj: Table, metadata: Sequence[ColumnMetadata | str] | None = None) -> pa.Table: ...
@overload
def to_arrow(obj: Scalar, metadata: ColumnMetadata | str | None = None) -> pa.Scalar: ...
