from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType

def to_durations(
    input: Column, duration_type: DataType, format: str, stream: Any = None, mr: Any = None
) -> Column: ...
def from_durations(
    durations: Column, format: str | None = None, stream: Any = None, mr: Any = None
) -> Column: ...
