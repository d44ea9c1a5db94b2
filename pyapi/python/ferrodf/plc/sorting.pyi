from typing import Any

from ferrodf.plc.aggregation import RankMethod
from ferrodf.plc.column import Column
from ferrodf.plc.table import Table
from ferrodf.plc.types import NullOrder, NullPolicy, Order

def sorted_order(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

stable_sorted_order = sorted_order

def rank(
    input_view: Column,
    method: RankMethod,
    column_order: Order,
    null_handling: NullPolicy,
    null_precedence: NullOrder,
    percentage: bool,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def is_sorted(
    tbl: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
) -> bool: ...
def segmented_sort_by_key(
    values: Table,
    keys: Table,
    segment_offsets: Column,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...

stable_segmented_sort_by_key = segmented_sort_by_key

def sort_by_key(
    values: Table,
    keys: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...

stable_sort_by_key = sort_by_key

def sort(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...

stable_sort = sort

def top_k(
    col: Column,
    k: int,
    sort_order: Order = Order.DESCENDING,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

top_k_order = top_k
