from typing import Any

from ferrodf.plc.table import Table
from ferrodf.plc.types import NullOrder, Order

def merge(
    tables_to_merge: list[Table],
    key_cols: list[int],
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
