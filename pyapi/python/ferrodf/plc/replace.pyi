from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class ReplacePolicy(IntEnum):
    PRECEDING = 0
    FOLLOWING = 1

def replace_nulls(
    source_column: Column,
    replacement: Column | Scalar | ReplacePolicy,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def find_and_replace_all(
    source_column: Column,
    values_to_replace: Column,
    replacement_values: Column,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def clamp(
    source_column: Column,
    lo: Scalar,
    hi: Scalar,
    lo_replace: Scalar | None = None,
    hi_replace: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def normalize_nans_and_zeros(
    source_column: Column, inplace: bool = False, stream: Any = None, mr: Any = None
) -> Column | None: ...
