from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.strings.char_types import StringCharacterTypes

def capitalize(
    input: Column, delimiters: Scalar | None = None, stream: Any = None, mr: Any = None
) -> Column: ...
def title(
    input: Column,
    sequence_type: StringCharacterTypes = StringCharacterTypes.ALPHA,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def is_title(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
