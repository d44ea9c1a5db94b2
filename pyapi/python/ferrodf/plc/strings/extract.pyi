from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.strings.regex_program import RegexProgram
from ferrodf.plc.table import Table

def extract(input: Column, prog: RegexProgram, stream: Any = None, mr: Any = None) -> Table: ...
def extract_single(
    input: Column, prog: RegexProgram, group: int, stream: Any = None, mr: Any = None
) -> Column: ...
def extract_all_record(
    input: Column, prog: RegexProgram, stream: Any = None, mr: Any = None
) -> Column: ...
