"""Elementwise operators and reductions shared by Series and DataFrame, on plc columns."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyarrow as pa

from ferrodf import plc
from ferrodf.core.column.column import as_column, numpy_dtype_of

BinOp = plc.binaryop.BinaryOperator

ARITHMETIC = {
    "add": BinOp.ADD,
    "sub": BinOp.SUB,
    "mul": BinOp.MUL,
    "truediv": BinOp.TRUE_DIV,
    "floordiv": BinOp.FLOOR_DIV,
    "mod": BinOp.PYMOD,
    "pow": BinOp.POW,
}
COMPARISON = {
    "eq": BinOp.EQUAL,
    "ne": BinOp.NOT_EQUAL,
    "lt": BinOp.LESS,
    "le": BinOp.LESS_EQUAL,
    "gt": BinOp.GREATER,
    "ge": BinOp.GREATER_EQUAL,
}
LOGICAL = {"and": BinOp.LOGICAL_AND, "or": BinOp.LOGICAL_OR, "xor": BinOp.NOT_EQUAL}
BITWISE = {"and": BinOp.BITWISE_AND, "or": BinOp.BITWISE_OR, "xor": BinOp.BITWISE_XOR}


def _np_dtype(col: plc.Column) -> Any:
    dt = as_column(col).dtype
    return dt if isinstance(dt, np.dtype) else None


def _plc_type(dtype: np.dtype) -> plc.DataType:
    return plc.interop.from_arrow(pa.from_numpy_dtype(dtype))


def _scalar(value: Any, like: np.dtype | None) -> plc.Scalar:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        arrow_type = pa.from_numpy_dtype(like) if like is not None else pa.float64()
        return plc.interop.from_arrow(pa.scalar(None, type=arrow_type))
    if isinstance(value, str):
        return plc.interop.from_arrow(pa.scalar(value))
    if like is not None and like.kind in "iuf" and not isinstance(value, bool | np.bool_):
        kind = np.result_type(like, value)
        return plc.interop.from_arrow(pa.scalar(value, type=pa.from_numpy_dtype(kind)))
    return plc.interop.from_arrow(pa.scalar(value))


def binary(lhs: plc.Column, rhs: Any, op: str, reflected: bool = False) -> plc.Column:
    """``lhs <op> rhs`` (``rhs <op> lhs`` when reflected) where ``rhs`` is a column or a
    Python scalar; the result type follows NumPy's promotion as pandas does."""
    ltype = _np_dtype(lhs)
    if isinstance(rhs, plc.Column):
        rtype = _np_dtype(rhs)
        right: Any = rhs
    else:
        right = _scalar(rhs, ltype)
        dt = numpy_dtype_of(right.type())
        rtype = dt if isinstance(dt, np.dtype) else None
    if op in COMPARISON:
        code, out = COMPARISON[op], np.dtype("bool")
    elif op in LOGICAL:
        if ltype is not None and ltype.kind == "b" and rtype is not None and rtype.kind == "b":
            code, out = LOGICAL[op], np.dtype("bool")
        else:
            code, out = BITWISE[op], np.result_type(ltype, rtype)
    elif op in ARITHMETIC:
        if ltype is None or rtype is None:
            raise TypeError(
                f"unsupported operand types for {op}: {as_column(lhs).dtype} and {rhs!r}"
            )
        code = ARITHMETIC[op]
        if op == "truediv":
            out = np.result_type(ltype, rtype, np.float32)
            out = np.dtype("float64") if out.itemsize < 8 and np.dtype(ltype).itemsize >= 4 else out
        elif ltype.kind == "b" and rtype.kind == "b" and op in ("add", "mul", "sub"):
            out = np.dtype("int64")
        else:
            out = np.result_type(ltype, rtype)
    else:
        raise ValueError(f"unknown operator {op!r}")
    a, b = (right, lhs) if reflected else (lhs, right)
    return plc.binaryop.binary_operation(a, b, code, _plc_type(out))


def reduce(col: plc.Column, how: str, skipna: bool = True, ddof: int = 1, q: float = 0.5) -> Any:
    """One value from a column: sum, prod, min, max, mean, std, var, median, quantile,
    any, all, count, nunique, argmin, argmax. Nulls are skipped (``skipna=False``: a null
    gives NaN)."""
    dtype = _np_dtype(col)
    n, nulls = col.size(), col.null_count()
    if how == "count":
        return n - nulls
    if how == "nunique":
        return plc.stream_compaction.distinct_count(
            col, plc.types.NullPolicy.EXCLUDE, plc.types.NanPolicy.NAN_IS_VALID
        )
    if not skipna and nulls and how not in ("any", "all"):
        return float("nan")
    agg = plc.aggregation
    if how in ("sum", "prod"):
        kind = (
            "f"
            if dtype is not None and dtype.kind == "f"
            else ("u" if dtype is not None and dtype.kind == "u" else "i")
        )
        out = {"f": dtype, "u": np.dtype("uint64"), "i": np.dtype("int64")}[kind]
        if dtype is None:
            raise TypeError(f"cannot {how} values of type {as_column(col).dtype}")
        empty_value = 0 if how == "sum" else 1
        if n - nulls == 0:
            return out.type(empty_value)
        factory = agg.sum() if how == "sum" else agg.product()
        return plc.reduce.reduce(col, factory, _plc_type(out)).to_py()
    if how in ("min", "max"):
        if n - nulls == 0:
            return float("nan")
        return plc.reduce.reduce(col, agg.min() if how == "min" else agg.max(), col.type()).to_py()
    if how in ("any", "all"):
        if n - nulls == 0:
            return how == "all"
        return bool(
            plc.reduce.reduce(
                col, agg.any() if how == "any" else agg.all(), _plc_type(np.dtype("bool"))
            ).to_py()
        )
    if how in ("mean", "std", "var", "median", "quantile"):
        if dtype is None or dtype.kind not in "iufb":
            raise TypeError(f"cannot compute {how} of values of type {as_column(col).dtype}")
        factory = {
            "mean": lambda: agg.mean(),
            "std": lambda: agg.std(ddof),
            "var": lambda: agg.variance(ddof),
            "median": lambda: agg.median(),
            "quantile": lambda: agg.quantile([q]),
        }[how]()
        if n - nulls <= (ddof if how in ("std", "var") else 0):
            return float("nan")
        value = plc.reduce.reduce(col, factory, _plc_type(np.dtype("float64"))).to_py()
        return float("nan") if value is None else value
    if how in ("argmin", "argmax"):
        if n - nulls == 0:
            raise ValueError(f"attempt to get {how} of an empty sequence")
        factory = agg.argmin() if how == "argmin" else agg.argmax()
        return int(plc.reduce.reduce(col, factory, _plc_type(np.dtype("int32"))).to_py())
    raise ValueError(f"unknown reduction {how!r}")


def scan(col: plc.Column, how: str) -> plc.Column:
    """Cumulative sum/prod/min/max with nulls skipped (they stay null)."""
    agg = {
        "cumsum": plc.aggregation.sum,
        "cumprod": plc.aggregation.product,
        "cummin": plc.aggregation.min,
        "cummax": plc.aggregation.max,
    }[how]()
    return plc.reduce.scan(col, agg, plc.reduce.ScanType.INCLUSIVE)
