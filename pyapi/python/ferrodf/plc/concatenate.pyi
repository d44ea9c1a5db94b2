from typing import Any, TypeVar

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

ColumnOrTable = TypeVar("ColumnOrTable", Column, Table)

def concatenate(
    objects: list[ColumnOrTable], stream: Any = None, mr: Any = None
) -> ColumnOrTable: ...

__all__ = ["concatenate"]
