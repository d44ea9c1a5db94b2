from typing import Any

from ferrodf.plc.table import Table

def transpose(input_table: Table, stream: Any = None, mr: Any = None) -> Table: ...
