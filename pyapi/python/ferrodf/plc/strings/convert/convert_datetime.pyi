from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType

def to_timestamps(
    input: Column, timestamp_type: DataType, format: str, stream: Any = None, mr: Any = None
) -> Column: ...
def from_timestamps(
    timestamps: Column,
    format: str,
    input_strings_names: Column,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def is_timestamp(input: Column, format: str, stream: Any = None, mr: Any = None) -> Column: ...
