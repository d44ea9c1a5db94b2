from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.strings.regex_flags import RegexFlags
from ferrodf.plc.strings.regex_program import RegexProgram

def replace_re(
    input: Column,
    patterns: RegexProgram,
    replacement: Scalar | None = None,
    max_replace_count: int = -1,
    flags: RegexFlags | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def replace_with_backrefs(
    input: Column, prog: RegexProgram, replacement: str, stream: Any = None, mr: Any = None
) -> Column: ...
