from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def format_list_column(
    input: Column,
    na_rep: Scalar | None = None,
    separators: Column | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
