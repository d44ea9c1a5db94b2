from enum import IntEnum
from typing import Any

from ferrodf._lib.reduce import is_valid_reduce_aggregation as is_valid_reduce_aggregation
from ferrodf._lib.reduce import reduce as reduce
from ferrodf.plc.aggregation import Aggregation
from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.stream_compaction import distinct_count as distinct_count
from ferrodf.plc.stream_compaction import unique_count as unique_count

class ScanType(IntEnum):
    INCLUSIVE = 0
    EXCLUSIVE = 1

def scan(
    col: Column, agg: Aggregation, inclusive: ScanType, stream: Any = None, mr: Any = None
) -> Column: ...
def minmax(col: Column, stream: Any = None, mr: Any = None) -> tuple[Scalar, Scalar]: ...
