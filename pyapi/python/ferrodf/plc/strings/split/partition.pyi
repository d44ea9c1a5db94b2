from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table

def partition(
    input: Column, delimiter: Scalar | None = None, stream: Any = None, mr: Any = None
) -> Table: ...
def rpartition(
    input: Column, delimiter: Scalar | None = None, stream: Any = None, mr: Any = None
) -> Table: ...
