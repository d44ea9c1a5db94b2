from typing import Any

from ferrodf.plc.column import Column

def jaccard_index(
    input1: Column, input2: Column, width: int, stream: Any = None, mr: Any = None
) -> Column: ...
