from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def replace(
    input: Column,
    target: Scalar,
    repl: Scalar,
    maxrepl: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
