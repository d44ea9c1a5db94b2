from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.gpumemoryview import gpumemoryview
from ferrodf.plc.types import MaskState as MaskState

def copy_bitmask(
    col: Column, stream: Any | None = None, mr: Any | None = None
) -> gpumemoryview: ...
def bitmask_allocation_size_bytes(number_of_bits: int) -> int: ...
def create_null_mask(
    size: int,
    state: MaskState = ...,
    stream: Any | None = None,
    mr: Any | None = None,
) -> gpumemoryview: ...
def bitmask_and(
    columns: list[Column], stream: Any | None = None, mr: Any | None = None
) -> tuple[gpumemoryview, int]: ...

bitmask_or = bitmask_and

def null_count(bitmask: Any, start: int, stop: int, stream: Any | None = None) -> int: ...
