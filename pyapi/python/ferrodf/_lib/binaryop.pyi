# Type stubs for `ferrodf._lib.binaryop` (pyapi/src): the bindings of `ferrodf.plc.binaryop`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf._lib import Column, DataType, Scalar, _MemoryResource, _Stream
from ferrodf.plc.binaryop import BinaryOperator

def binary_operation(
    lhs: Column | Scalar,
    rhs: Column | Scalar,
    op: BinaryOperator | int,
    output_type: DataType,
    stream: _Stream = None,
    mr: _MemoryResource = None,
) -> Column: ...
def is_supported_operation(
    out: DataType, lhs: DataType, rhs: DataType, op: BinaryOperator | int
) -> bool: ...
