"""pylibcudf's ``unary`` module: element-wise operators, casts, null and NaN tests."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import (
    bit_cast,
    cast,
    is_nan,
    is_not_nan,
    is_null,
    is_supported_cast,
    is_valid,
    unary_operation,
)


class UnaryOperator(IntEnum):
    """libcudf's unary operators (same values as pylibcudf)."""

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


__all__ = [
    "UnaryOperator",
    "bit_cast",
    "cast",
    "is_nan",
    "is_not_nan",
    "is_null",
    "is_supported_cast",
    "is_valid",
    "unary_operation",
]
