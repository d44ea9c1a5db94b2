from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def slice_strings(
    input: Column,
    start: Column | Scalar | int | None = None,
    stop: Column | Scalar | int | None = None,
    step: Scalar | int | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
