from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class FilterType(IntEnum):
    KEEP = 0
    REMOVE = 1

def translate(
    input: Column,
    chars_table: dict[int | str, int | str | None],
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def filter_characters(
    input: Column,
    characters_to_filter: dict[int | str, int | str],
    keep_characters: FilterType,
    replacement: Scalar,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
