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
def rfind(
    input: Column,
    target: Column | Scalar,
    start: int = 0,
    stop: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def contains(
    input: Column, target: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def starts_with(
    input: Column, target: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def ends_with(
    input: Column, target: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
