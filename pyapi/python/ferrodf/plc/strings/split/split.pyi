from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table

def split(
    strings_column: Column, delimiter: Scalar, maxsplit: int, stream: Any = None, mr: Any = None
) -> Table: ...
def split_record(
    strings: Column, delimiter: Scalar, maxsplit: int, stream: Any = None, mr: Any = None
) -> Column: ...

rsplit = split
rsplit_record = split_record
