from collections.abc import Iterable
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table
from ferrodf.plc.types import Interpolation, NullOrder, Order, Sorted

def quantile(
    input: Column,
    q: Iterable[float],
    interp: Interpolation = Interpolation.LINEAR,
    ordered_indices: Column | None = None,
    exact: bool = True,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def quantiles(
    input: Table,
    q: Iterable[float],
    interp: Interpolation = Interpolation.NEAREST,
    is_input_sorted: Sorted = Sorted.NO,
    column_order: list[Order] | None = None,
    null_precedence: list[NullOrder] | None = None,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
