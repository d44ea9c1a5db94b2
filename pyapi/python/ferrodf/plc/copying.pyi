from enum import IntEnum
from typing import Any, TypeVar

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table
from ferrodf.plc.types import SampleWithReplacement as SampleWithReplacement

_ColumnOrTable = TypeVar("_ColumnOrTable", Column, Table)

class OutOfBoundsPolicy(IntEnum):
    NULLIFY = 0
    DONT_CHECK = 1

class MaskAllocationPolicy(IntEnum):
    NEVER = 0
    RETAIN = 1
    ALWAYS = 2

def gather(
    source_table: Table,
    gather_map: Column,
    bounds_policy: OutOfBoundsPolicy,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def scatter(
    source: Table | list[Scalar],
    scatter_map: Column,
    target_table: Table,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def empty_like(input: _ColumnOrTable, stream: Any = None, mr: Any = None) -> _ColumnOrTable: ...
def allocate_like(
    input_column: Column,
    policy: MaskAllocationPolicy,
    size: int | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def copy_range_in_place(
    input_column: Column,
    target_column: Column,
    input_begin: int,
    input_end: int,
    target_begin: int,
    stream: Any = None,
) -> None: ...
def copy_range(
    input_column: Column,
    target_column: Column,
    input_begin: int,
    input_end: int,
    target_begin: int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def shift(
    input: Column, offset: int, fill_value: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def slice(
    input: _ColumnOrTable, indices: list[int], stream: Any = None
) -> list[_ColumnOrTable]: ...
def split(input: _ColumnOrTable, splits: list[int], stream: Any = None) -> list[_ColumnOrTable]: ...
def copy_if_else(
    lhs: Column | Scalar,
    rhs: Column | Scalar,
    boolean_mask: Column,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def boolean_mask_scatter(
    input: Table | list[Scalar],
    target: Table,
    boolean_mask: Column,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def get_element(input_column: Column, index: int, stream: Any = None, mr: Any = None) -> Scalar: ...
def reverse(source: _ColumnOrTable, stream: Any = None, mr: Any = None) -> _ColumnOrTable: ...
def sample(
    input: Table,
    n: int,
    replacement: SampleWithReplacement,
    seed: int,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
