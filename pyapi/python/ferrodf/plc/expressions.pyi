from enum import IntEnum

from ferrodf.plc.scalar import Scalar

class TableReference(IntEnum):
    LEFT = 0
    RIGHT = 1

class ASTOperator(IntEnum):
    ADD = 0
    SUB = 1
    MUL = 2
    DIV = 3
    TRUE_DIV = 4
    FLOOR_DIV = 5
    MOD = 6
    PYMOD = 7
    POW = 8
    EQUAL = 9
    NULL_EQUAL = 10
    NOT_EQUAL = 11
    LESS = 12
    GREATER = 13
    LESS_EQUAL = 14
    GREATER_EQUAL = 15
    BITWISE_AND = 16
    BITWISE_OR = 17
    BITWISE_XOR = 18
    LOGICAL_AND = 19
    NULL_LOGICAL_AND = 20
    LOGICAL_OR = 21
    NULL_LOGICAL_OR = 22
    IDENTITY = 23
    IS_NULL = 24
    SIN = 25
    COS = 26
    TAN = 27
    ARCSIN = 28
    ARCCOS = 29
    ARCTAN = 30
    SINH = 31
    COSH = 32
    TANH = 33
    ARCSINH = 34
    ARCCOSH = 35
    ARCTANH = 36
    EXP = 37
    LOG = 38
    SQRT = 39
    CBRT = 40
    CEIL = 41
    FLOOR = 42
    ABS = 43
    RINT = 44
    BIT_INVERT = 45
    NOT = 46
    CAST_TO_INT64 = 47
    CAST_TO_UINT64 = 48
    CAST_TO_FLOAT64 = 49

class Expression: ...

class Literal(Expression):
    def __init__(self, value: Scalar) -> None: ...

class ColumnReference(Expression):
    def __init__(self, index: int, table_source: TableReference = TableReference.LEFT) -> None: ...

class ColumnNameReference(Expression):
    def __init__(self, name: str) -> None: ...

class Operation(Expression):
    def __init__(
        self, op: ASTOperator, left: Expression, right: Expression | None = None
    ) -> None: ...

def to_expression(expr: str, column_names: tuple[str, ...]) -> Expression: ...
