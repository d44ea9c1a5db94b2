from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class StringCharacterTypes(IntEnum):
    DECIMAL = 1
    NUMERIC = 2
    DIGIT = 4
    ALPHA = 8
    ALPHANUM = 15
    SPACE = 16
    UPPER = 32
    LOWER = 64
    CASE_TYPES = 96
    ALL_TYPES = 127

def all_characters_of_type(
    source_strings: Column,
    types: StringCharacterTypes | int,
    verify_types: StringCharacterTypes | int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def filter_characters_of_type(
    source_strings: Column,
    types_to_remove: StringCharacterTypes | int,
    replacement: Scalar,
    types_to_keep: StringCharacterTypes | int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
