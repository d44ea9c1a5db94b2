from typing import Any

from ferrodf.plc.column import Column

def to_lower(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def to_upper(input: Column, stream: Any = None, mr: Any = None) -> Column: ...

__all__ = ["to_lower", "to_upper"]
