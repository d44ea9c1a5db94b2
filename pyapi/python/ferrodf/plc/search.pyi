from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table
from ferrodf.plc.types import NullOrder, Order

def lower_bound(
    haystack: Table,
    needles: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

upper_bound = lower_bound

def contains(
    haystack: Column, needles: Column, stream: Any | None = None, mr: Any | None = None
) -> Column: ...
