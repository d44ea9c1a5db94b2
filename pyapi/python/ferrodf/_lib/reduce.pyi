# Type stubs for `ferrodf._lib.reduce` (pyapi/src): the bindings of `ferrodf.plc.reduce`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf._lib import Column, DataType, Scalar, _MemoryResource, _Stream
from ferrodf._lib.aggregation import Aggregation
from ferrodf.plc.reduce import minmax as minmax
from ferrodf.plc.reduce import scan as scan

def reduce(
    col: Column,
    agg: Aggregation,
    data_type: DataType,
    init: Scalar | None = None,
    stream: _Stream = None,
    mr: _MemoryResource = None,
) -> Scalar: ...
def is_valid_reduce_aggregation(source: DataType, agg: Aggregation) -> bool: ...
