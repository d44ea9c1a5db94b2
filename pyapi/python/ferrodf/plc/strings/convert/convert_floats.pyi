from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType

def to_floats(
    strings: Column, output_type: DataType, stream: Any = None, mr: Any = None
) -> Column: ...
def from_floats(floats: Column, stream: Any = None, mr: Any = None) -> Column: ...
def is_float(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
