from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table

def fill(
    destination: Column,
    begin: int,
    end: int,
    value: Scalar,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def fill_in_place(
    destination: Column, begin: int, end: int, value: Scalar, stream: Any = None
) -> None: ...
def sequence(
    size: int, init: Scalar, step: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def repeat(
    input_table: Table, count: Column | int, stream: Any = None, mr: Any = None
) -> Table: ...
def calendrical_month_sequence(
    n: int, init: Scalar, months: int, stream: Any = None, mr: Any = None
) -> Column: ...
