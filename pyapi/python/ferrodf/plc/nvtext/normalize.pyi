from typing import Any

from ferrodf.plc.column import Column

def normalize_spaces(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
