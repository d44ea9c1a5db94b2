from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table

class SeparatorOnNulls(IntEnum):
    YES = 0
    NO = 1

class OutputIfEmptyList(IntEnum):
    EMPTY_STRING = 0
    NULL_ELEMENT = 1

def concatenate(
    strings_columns: Table,
    separator: Column | Scalar,
    narep: Scalar | None = None,
    col_narep: Scalar | None = None,
    separate_nulls: SeparatorOnNulls = SeparatorOnNulls.YES,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def join_strings(
    input: Column, separator: Scalar, narep: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def join_list_elements(
    lists_strings_column: Column,
    separator: Column | Scalar,
    separator_narep: Scalar,
    string_narep: Scalar,
    separate_nulls: SeparatorOnNulls,
    empty_list_policy: OutputIfEmptyList,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
