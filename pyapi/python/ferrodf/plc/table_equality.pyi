from typing import Any

from ferrodf.plc.table import Table
from ferrodf.plc.types import NullEquality

def tables_equal(
    left: Table,
    right: Table,
    nulls_equal: NullEquality = NullEquality.EQUAL,
    stream: Any = None,
) -> bool: ...
