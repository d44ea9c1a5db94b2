from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.strings.regex_program import RegexProgram

def contains_re(
    input: Column, prog: RegexProgram, stream: Any = None, mr: Any = None
) -> Column: ...
def matches_re(input: Column, prog: RegexProgram, stream: Any = None, mr: Any = None) -> Column: ...
def count_re(input: Column, prog: RegexProgram, stream: Any = None, mr: Any = None) -> Column: ...
def like(
    input: Column,
    pattern: str | Scalar,
    escape_character: str | Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
