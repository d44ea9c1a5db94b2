from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.strings.regex_program import RegexProgram
from ferrodf.plc.table import Table

def split(
    strings_column: Column, delimiter: Scalar, maxsplit: int, stream: Any = None, mr: Any = None
) -> Table: ...
def split_record(
    strings: Column, delimiter: Scalar, maxsplit: int, stream: Any = None, mr: Any = None
) -> Column: ...

rsplit = split
rsplit_record = split_record

def split_re(
    input: Column, prog: RegexProgram, maxsplit: int, stream: Any = None, mr: Any = None
) -> Table: ...
def split_record_re(
    input: Column, prog: RegexProgram, maxsplit: int, stream: Any = None, mr: Any = None
) -> Column: ...

rsplit_re = split_re
rsplit_record_re = split_record_re
