from typing import Any

from ferrodf.plc.aggregation import Aggregation
from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table
from ferrodf.plc.types import DataType, NullOrder, Order

class Unbounded: ...
class CurrentRow: ...

class BoundedClosed:
    def __init__(self, delta: Scalar) -> None: ...
    delta: Scalar

class BoundedOpen:
    def __init__(self, delta: Scalar) -> None: ...
    delta: Scalar

class RollingRequest:
    def __init__(self, values: Column, min_periods: int, aggregation: Aggregation) -> None: ...
    values: Column
    min_periods: int
    aggregation: Aggregation

RangeWindowType = BoundedClosed | BoundedOpen | CurrentRow | Unbounded

def grouped_range_rolling_window(
    group_keys: Table,
    orderby: Column,
    order: Order,
    null_order: NullOrder,
    preceding: RangeWindowType,
    following: RangeWindowType,
    requests: list[RollingRequest],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def rolling_window(
    source: Column,
    preceding_window: Column | int,
    following_window: Column | int,
    min_periods: int,
    agg: Aggregation,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def is_valid_rolling_aggregation(
    source: DataType, agg: Aggregation, stream: Any | None = None
) -> bool: ...
def make_range_windows(
    group_keys: Table,
    orderby: Column,
    order: Order,
    null_order: NullOrder,
    preceding: RangeWindowType,
    following: RangeWindowType,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...
