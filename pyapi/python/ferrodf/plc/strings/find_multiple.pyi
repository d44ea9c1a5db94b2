from typing import Any

from ferrodf.plc.column import Column

def find_multiple(input: Column, targets: Column, stream: Any = None, mr: Any = None) -> Column: ...
