from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType

def to_fixed_point(
    input: Column, output_type: DataType, stream: Any = None, mr: Any = None
) -> Column: ...
def from_fixed_point(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def is_fixed_point(
    input: Column, decimal_type: DataType | None = None, stream: Any = None, mr: Any = None
) -> Column: ...
