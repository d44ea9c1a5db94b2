"""pylibcudf's ``table_equality`` module: ``tables_equal``."""

from __future__ import annotations

from typing import Any

from ferrodf._lib import host_fallback as _host_fallback
from ferrodf._lib import stream_order as _stream_order
from ferrodf.plc import binaryop as _binaryop
from ferrodf.plc import reduce as _reduce
from ferrodf.plc.aggregation import all as _all
from ferrodf.plc.types import DataType, NullEquality, TypeId

_NESTED = {TypeId.LIST, TypeId.STRUCT, TypeId.DICTIONARY32}


def tables_equal(
    left: Any, right: Any, nulls_equal: Any = NullEquality.EQUAL, stream: Any = None
) -> bool:
    """Whether ``left`` and ``right`` have the same number of columns and rows, the same
    column types, and equal rows in the same order. With ``NullEquality.EQUAL`` two nulls
    are equal; with ``UNEQUAL`` any null makes the tables unequal. NaN equals NaN, as in
    libcudf's row comparison.

    Flat columns are compared by the ``NULL_EQUALS`` (or ``EQUAL``) binary operator and an
    ``all`` reduction, on the GPU when ferrodf uses one. Nested columns (lists, structs)
    are compared on the host: a counted host fallback in ``auto`` mode and
    NotImplementedError in ``gpu`` mode.
    """
    _order = _stream_order(stream)
    if left.num_columns() != right.num_columns() or left.num_rows() != right.num_rows():
        return False
    unequal_nulls = NullEquality(nulls_equal) == NullEquality.UNEQUAL
    bool8 = DataType(TypeId.BOOL8)
    for a, b in zip(left.columns(), right.columns(), strict=True):
        if a.type() != b.type():
            return False
        if unequal_nulls and (a.null_count() or b.null_count()):
            return False
        if a.type().id() in _NESTED:
            _host_fallback("tables_equal", "nested columns are compared as Arrow arrays")
            if a.to_arrow() != b.to_arrow():
                return False
            continue
        if a.size() == 0:
            continue
        same = _binaryop.binary_operation(a, b, _binaryop.BinaryOperator.NULL_EQUALS, bool8)
        if a.type().id() in (TypeId.FLOAT32, TypeId.FLOAT64):
            both_nan = _binaryop.binary_operation(
                _nan(a), _nan(b), _binaryop.BinaryOperator.LOGICAL_AND, bool8
            )
            same = _binaryop.binary_operation(
                same, both_nan, _binaryop.BinaryOperator.NULL_LOGICAL_OR, bool8
            )
        if not _reduce.reduce(same, _all(), bool8).to_py():
            return False
    return True


def _nan(col: Any) -> Any:
    from ferrodf.plc.unary import is_nan

    return is_nan(col)


__all__ = ["tables_equal"]
