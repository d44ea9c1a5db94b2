from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column

class Inclusive(IntEnum):
    YES = 0
    NO = 1

def label_bins(
    input: Column,
    left_edges: Column,
    left_inclusive: Inclusive,
    right_edges: Column,
    right_inclusive: Inclusive,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
