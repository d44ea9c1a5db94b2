from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

def find_multiple(input: Column, targets: Column, stream: Any = None, mr: Any = None) -> Column: ...
def contains_multiple(
    input: Column, targets: Column, stream: Any = None, mr: Any = None
) -> Table: ...
