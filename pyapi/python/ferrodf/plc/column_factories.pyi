from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType, MaskState, TypeId

def make_empty_column(
    type_or_id: DataType | TypeId, stream: Any = None, mr: Any = None
) -> Column: ...
def make_empty_lists_column(child_type: DataType, stream: Any = None, mr: Any = None) -> Column: ...
def make_numeric_column(
    type_: DataType, size: int, mstate: MaskState, stream: Any = None, mr: Any = None
) -> Column: ...
def make_fixed_point_column(
    type_: DataType, size: int, mstate: MaskState, stream: Any = None, mr: Any = None
) -> Column: ...
def make_timestamp_column(
    type_: DataType, size: int, mstate: MaskState, stream: Any = None, mr: Any = None
) -> Column: ...
def make_duration_column(
    type_: DataType, size: int, mstate: MaskState, stream: Any = None, mr: Any = None
) -> Column: ...
def make_fixed_width_column(
    type_: DataType, size: int, mstate: MaskState, stream: Any = None, mr: Any = None
) -> Column: ...
