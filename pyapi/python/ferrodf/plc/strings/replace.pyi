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
def replace_multiple(
    input: Column,
    target: Column,
    repl: Column,
    maxrepl: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def replace_slice(
    input: Column,
    repl: Scalar | None = None,
    start: int = 0,
    stop: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
