from typing import Any

from ferrodf.plc.column import Column

def reverse(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
