from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.strings.side_type import SideType

def strip(
    input: Column,
    side: SideType = SideType.BOTH,
    to_strip: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
