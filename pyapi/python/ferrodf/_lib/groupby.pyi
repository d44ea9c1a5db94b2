# Type stubs for `ferrodf._lib.groupby` (pyapi/src): the bindings of `ferrodf.plc.groupby`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from collections.abc import Iterable
from typing import Self, final

from ferrodf._lib import Column, Scalar, Table
from ferrodf._lib.aggregation import Aggregation
from ferrodf.plc.replace import ReplacePolicy
from ferrodf.plc.types import NullOrder, NullPolicy, Order, Sorted

@final
class GroupByRequest:
    def __new__(cls, values: Column, aggregations: Iterable[Aggregation]) -> Self: ...

@final
class GroupBy:
    def __new__(
        cls,
        keys: Table,
        null_handling: NullPolicy | int | None = None,
        keys_are_sorted: Sorted | int | None = None,
        column_order: Iterable[Order] | None = None,
        null_precedence: Iterable[NullOrder] | None = None,
    ) -> Self: ...
    def aggregate(self, requests: Iterable[GroupByRequest]) -> tuple[Table, list[Table]]: ...
    def scan(self, requests: Iterable[GroupByRequest]) -> tuple[Table, list[Table]]: ...
    def shift(
        self, values: Table, offset: Iterable[int], fill_values: Iterable[Scalar]
    ) -> tuple[Table, Table]: ...
    def replace_nulls(
        self, value: Table, replace_policies: Iterable[ReplacePolicy]
    ) -> tuple[Table, Table]: ...
    def get_groups(self, values: Table | None = None) -> tuple[list[int], Table, Table | None]: ...
