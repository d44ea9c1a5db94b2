from collections.abc import Sequence

from ferrodf.plc.column import Column
from ferrodf.plc.expressions import Expression
from ferrodf.plc.gpumemoryview import gpumemoryview
from ferrodf.plc.jit import UDFSourceType
from ferrodf.plc.table import Table
from ferrodf.plc.types import DataType, NullAware

def nans_to_nulls(
    input: Column, stream: object = None, mr: object = None
) -> tuple[gpumemoryview, int]: ...
def column_nans_to_nulls(input: Column, stream: object = None, mr: object = None) -> Column: ...

bools_to_mask = nans_to_nulls

def mask_to_bools(
    bitmask: int | gpumemoryview,
    begin_bit: int,
    end_bit: int,
    stream: object = None,
    mr: object = None,
) -> Column: ...
def compute_column(
    input: Table, expr: Expression, stream: object = None, mr: object = None
) -> Column: ...
def encode(
    input_table: Table, stream: object = None, mr: object = None
) -> tuple[Table, Column]: ...
def one_hot_encode(
    input_column: Column, categories: Column, stream: object = None, mr: object = None
) -> Table: ...
def transform(
    inputs: Sequence[Column],
    transform_udf: str,
    output_type: DataType,
    source_type: UDFSourceType | bool = ...,
    is_null_aware: NullAware = ...,
    null_policy: object = None,
    stream: object = None,
    mr: object = None,
    *,
    is_ptx: bool = ...,
    null_aware: NullAware = ...,
) -> Column: ...
