# Type stubs for `ferrodf._lib.aggregation` (pyapi/src): the bindings of `ferrodf.plc.aggregation`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.
# Not constructible: make one with the factories of `ferrodf.plc.aggregation`.

from collections.abc import Sequence
from typing import final

from ferrodf._lib import _AggregationName
from ferrodf.plc.aggregation import Kind

@final
class Aggregation:
    def kind(self) -> Kind: ...
    def __repr__(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def make_aggregation(
    name: _AggregationName,
    null_handling: int = 0,
    ddof: int = 1,
    quantiles: Sequence[float] | None = None,
    interp: int = 0,
    n: int = 0,
    nulls_equal: bool = True,
    nans_equal: bool = True,
    method: int = 0,
    column_order: int = 0,
    null_precedence: int = 0,
    percentage: int = 0,
) -> Aggregation: ...
