"""pylibcudf's ``unary`` module: element-wise operators, casts, null and NaN tests."""

from __future__ import annotations

from ferrodf._lib.unary import (
    bit_cast,
    cast,
    is_nan,
    is_not_nan,
    is_null,
    is_supported_cast,
    is_valid,
    unary_operation,
)
from ferrodf.plc._enums import rust_enum

UnaryOperator = rust_enum("UnaryOperator", __name__)


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
