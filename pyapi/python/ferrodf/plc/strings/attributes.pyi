from typing import Any

from ferrodf.plc.column import Column

def count_characters(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def count_bytes(input: Column, stream: Any = None, mr: Any = None) -> Column: ...

__all__ = ["count_bytes", "count_characters"]
