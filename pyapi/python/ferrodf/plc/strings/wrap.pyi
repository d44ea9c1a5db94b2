from typing import Any

from ferrodf.plc.column import Column

def wrap(input: Column, width: int, stream: Any = None, mr: Any = None) -> Column: ...
