"""pylibcudf's ``binaryop`` module."""

from __future__ import annotations

from ferrodf._lib.binaryop import binary_operation, is_supported_operation
from ferrodf.plc._enums import rust_enum

BinaryOperator = rust_enum("BinaryOperator", __name__)


__all__ = ["BinaryOperator", "binary_operation", "is_supported_operation"]
