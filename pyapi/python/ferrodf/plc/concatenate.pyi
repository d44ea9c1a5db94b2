from typing import Any, TypeVar

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

_ColumnOrTable = TypeVar("_ColumnOrTable", Column, Table)

def concatenate(
    objects: list[_ColumnOrTable], stream: Any = None, mr: Any = None
) -> _ColumnOrTable: ...
