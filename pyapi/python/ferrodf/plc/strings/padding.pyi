from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.strings.side_type import SideType

def pad(
    input: Column, width: int, side: SideType, fill_char: str, stream: Any = None, mr: Any = None
) -> Column: ...
def zfill(input: Column, width: int, stream: Any = None, mr: Any = None) -> Column: ...
def zfill_by_widths(
    input: Column, widths: Column, stream: Any = None, mr: Any = None
) -> Column: ...
