from typing import Any

from ferrodf.plc.column import Column

def repeat_strings(
    input: Column, repeat_times: int | Column, stream: Any = None, mr: Any = None
) -> Column: ...
