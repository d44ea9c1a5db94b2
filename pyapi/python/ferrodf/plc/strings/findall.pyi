from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.strings.regex_program import RegexProgram

def findall(input: Column, pattern: RegexProgram, stream: Any = None, mr: Any = None) -> Column: ...
def find_re(input: Column, pattern: RegexProgram, stream: Any = None, mr: Any = None) -> Column: ...
