from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table
from ferrodf.plc.types import NullEquality

def inner_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...

left_join = inner_join
full_join = inner_join

def left_semi_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

left_anti_join = left_semi_join

def cross_join(
    left: Table, right: Table, stream: Any | None = None, mr: Any | None = None
) -> Table: ...
