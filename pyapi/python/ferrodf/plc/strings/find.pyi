from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def find(
    input: Column,
    target: Column | Scalar,
    start: int = 0,
    stop: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...

rfind = find

def contains(
    input: Column, target: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...

starts_with = contains
ends_with = contains
