from enum import IntEnum

from ferrodf.plc.column import Column
from ferrodf.plc.types import DataType

class UnaryOperator(IntEnum):
    SIN = 0
    COS = 1
    TAN = 2
    ARCSIN = 3
    ARCCOS = 4
    ARCTAN = 5
    SINH = 6
    COSH = 7
    TANH = 8
    ARCSINH = 9
    ARCCOSH = 10
    ARCTANH = 11
    EXP = 12
    LOG = 13
    SQRT = 14
    CBRT = 15
    CEIL = 16
    FLOOR = 17
    ABS = 18
    RINT = 19
    BIT_COUNT = 20
    BIT_INVERT = 21
    NOT = 22
    NEGATE = 23

def unary_operation(
    input: Column, op: UnaryOperator, stream: object = None, mr: object = None
) -> Column: ...
def is_null(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_valid(input: Column, stream: object = None, mr: object = None) -> Column: ...
def cast(
    input: Column, data_type: DataType, stream: object = None, mr: object = None
) -> Column: ...

bit_cast = cast

def is_nan(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_not_nan(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_supported_cast(from_: DataType, to: DataType) -> bool: ...
