"""plc.unary.unary_operation, is_null, is_valid, is_nan and is_not_nan.

Oracles: NumPy math functions and plain Python loops implementing libcudf's rules
(documented in core/src/ops/unary.rs): the math functions keep the input type, integer
and BOOL8 inputs are computed in float64 and converted back (saturating, NaN -> 0,
-> BOOL8 is != 0); ABS and NEGATE wrap on integers; BIT_COUNT gives INT32; NOT gives
BOOL8; BIT_INVERT of a BOOL8 is always true; unsupported (operator, type) pairs raise
TypeError. Transcendental results are compared with a tolerance: the GPU's libdevice and
the host's libm may differ by an ulp.
"""

from __future__ import annotations

import decimal
import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import OPERAND_TYPES, assert_column_eq, int_range, make_array, saturate, type_id, wrap
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

U = plc.unary.UnaryOperator

MATH = [U(i) for i in range(U.FLOOR + 1)]
NP_MATH = {
    U.SIN: np.sin,
    U.COS: np.cos,
    U.TAN: np.tan,
    U.ARCSIN: np.arcsin,
    U.ARCCOS: np.arccos,
    U.ARCTAN: np.arctan,
    U.SINH: np.sinh,
    U.COSH: np.cosh,
    U.TANH: np.tanh,
    U.ARCSINH: np.arcsinh,
    U.ARCCOSH: np.arccosh,
    U.ARCTANH: np.arctanh,
    U.EXP: np.exp,
    U.LOG: np.log,
    U.SQRT: np.sqrt,
    U.CBRT: np.cbrt,
    U.CEIL: np.ceil,
    U.FLOOR: np.floor,
    U.ABS: np.abs,
    U.RINT: np.rint,
}
# Correctly rounded (or exact) operators: compared exactly.
EXACT = {U.SQRT, U.CEIL, U.FLOOR, U.ABS, U.RINT}


def kind(t: pa.DataType) -> str:
    if pa.types.is_boolean(t):
        return "bool"
    if pa.types.is_floating(t):
        return "float"
    if pa.types.is_signed_integer(t):
        return "signed"
    return "unsigned"


def supported(op: U, t: pa.DataType) -> bool:
    k = kind(t)
    if op in MATH or op == U.ABS or op == U.NOT:
        return True
    if op == U.RINT:
        return k == "float"
    if op in (U.BIT_COUNT, U.BIT_INVERT):
        return k != "float"
    if op == U.NEGATE:
        return k in ("signed", "float")
    raise AssertionError(op)


def input_array(t: pa.DataType) -> pa.Array:
    """Random values with nulls, plus values every operator's domain edges need."""
    arr = make_array(t, 40, nulls=True, seed=3)
    if pa.types.is_floating(t):
        extra = [0.5, -0.5, 1.0, -1.0, 2.5, -3.5, 0.0, float("nan"), float("inf"), None, 1e-3]
        arr = pa.concat_arrays([arr, pa.array(extra, t)])
    elif pa.types.is_integer(t):
        lo, hi = int_range(t)
        extra = [0, 1, 2, 27, 100, lo, hi, None] + ([-1, -8] if lo < 0 else [])
        arr = pa.concat_arrays([arr, pa.array(extra, t)])
    return arr


def expected_row(op: U, v, t: pa.DataType):
    k = kind(t)
    if v is None:
        return None
    if k == "bool":
        b = int(v)
        if op == U.NOT:
            return not b
        if op == U.BIT_COUNT:
            return b
        if op == U.BIT_INVERT:
            return True
        if op == U.ABS:
            return bool(b)
        with np.errstate(all="ignore"):
            return bool(NP_MATH[op](np.float64(b)) != 0)
    if op == U.NOT:
        return v == 0
    if k == "float":
        raise AssertionError("floats are compared as arrays")
    if op == U.BIT_COUNT:
        return bin(v & ((1 << t.bit_width) - 1)).count("1")
    if op == U.BIT_INVERT:
        return wrap(~v, t)
    if op == U.NEGATE:
        return wrap(-v, t)
    if op == U.ABS:
        return wrap(abs(v), t)
    with np.errstate(all="ignore"):
        return saturate(float(NP_MATH[op](np.float64(v))), t)


def out_type(op: U, t: pa.DataType) -> pa.DataType:
    if op == U.BIT_COUNT:
        return pa.int32()
    if op == U.NOT:
        return pa.bool_()
    return t


def check(op: U, arr: pa.Array) -> None:
    t = arr.type
    got = plc.unary.unary_operation(plc.Column.from_arrow(arr), op)
    got_arr = got.to_arrow()
    assert got_arr.type == out_type(op, t)
    assert got.null_count() == arr.null_count
    assert pc.is_valid(got_arr).equals(pc.is_valid(arr))
    if kind(t) == "float" and op not in (U.NOT,):
        vals = arr.to_numpy(zero_copy_only=False).astype(t.to_pandas_dtype())
        with np.errstate(all="ignore"):
            if op == U.NEGATE:
                exp = -vals
            else:
                exp = NP_MATH[op](vals)
        g = got_arr.to_numpy(zero_copy_only=False).astype(np.float64)
        valid = np.asarray(pc.is_valid(arr))
        if op in EXACT:
            np.testing.assert_array_equal(g[valid], exp[valid].astype(np.float64))
        else:
            tol = 1e-5 if t == pa.float32() else 1e-12
            np.testing.assert_allclose(
                g[valid], exp[valid].astype(np.float64), rtol=tol, atol=tol, equal_nan=True
            )
        return
    exp = [expected_row(op, v, t) for v in arr.to_pylist()]
    got_list = got_arr.to_pylist()
    if kind(t) in ("signed", "unsigned") and op in MATH and op not in EXACT:
        # Truncating a float64 result: libdevice and libm may differ by an ulp across an
        # integer boundary.
        for g, e in zip(got_list, exp, strict=True):
            assert (g is None and e is None) or abs(g - e) <= 1, (g, e)
    else:
        assert got_list == exp


@pytest.mark.parametrize("op", list(U), ids=lambda o: o.name)
@pytest.mark.parametrize("t", OPERAND_TYPES, ids=type_id)
def test_unary_operation(op, t):
    arr = input_array(t)
    if not supported(op, t):
        with pytest.raises(TypeError, match="unary_operation"):
            plc.unary.unary_operation(plc.Column.from_arrow(arr), op)
        return
    check(op, arr)
    check(op, arr.slice(3))


@pytest.mark.parametrize("op", [U.SIN, U.ABS, U.BIT_COUNT, U.NOT, U.NEGATE], ids=lambda o: o.name)
def test_unary_empty(op):
    got = plc.unary.unary_operation(plc.Column.from_arrow(pa.array([], pa.int32())), op)
    assert got.size() == 0
    assert got.to_arrow().type == out_type(op, pa.int32())


DECIMALS = [
    pa.decimal128(38, 2),
    pa.decimal128(20, 0),
    *([pa.decimal32(9, 3), pa.decimal64(18, 1)] if hasattr(pa, "decimal32") else []),
]


def decimal_expected(op: U, d: decimal.Decimal | None, scale: int):
    if d is None:
        return None
    q = decimal.Decimal(1).scaleb(-scale)
    if op == U.CEIL:
        return decimal.Decimal(math.ceil(d)).quantize(q)
    if op == U.FLOOR:
        return decimal.Decimal(math.floor(d)).quantize(q)
    if op == U.ABS:
        return abs(d)
    return -d


@pytest.mark.parametrize("op", [U.CEIL, U.FLOOR, U.ABS, U.NEGATE, U.SIN], ids=lambda o: o.name)
@pytest.mark.parametrize("t", DECIMALS, ids=type_id)
def test_unary_decimal(op, t):
    arr = make_array(t, 30, seed=5)
    col = plc.Column.from_arrow(arr)
    if op == U.SIN:
        with pytest.raises(TypeError, match="unary_operation Sin is not supported for"):
            plc.unary.unary_operation(col, op)
        return
    with decimal.localcontext() as ctx:
        ctx.prec = 80
        for a in (arr, arr.slice(4)):
            got = plc.unary.unary_operation(plc.Column.from_arrow(a), op)
            assert got.type() == col.type()
            exp = [decimal_expected(op, d, t.scale) for d in a.to_pylist()]
            assert got.to_arrow().to_pylist() == exp


def test_unary_durations_and_unsupported_types():
    d = pa.array([5, None, -7, 0], pa.duration("ms"))
    got = plc.unary.unary_operation(plc.Column.from_arrow(d), U.NEGATE)
    assert_column_eq(got, pa.array([-5, None, 7, 0], pa.duration("ms")))
    for arr, op in [
        (pa.array([1, 2], pa.timestamp("s")), U.NEGATE),
        (pa.array([1, 2], pa.duration("s")), U.ABS),
        (pa.array(["a", None]), U.NOT),
        (pa.array([1, 2], pa.uint32()), U.NEGATE),
    ]:
        with pytest.raises(TypeError, match="unary_operation"):
            plc.unary.unary_operation(plc.Column.from_arrow(arr), op)
    with pytest.raises(ValueError, match="99 is not a valid UnaryOperator; valid values"):
        plc.unary.unary_operation(plc.Column.from_arrow(pa.array([1])), 99)


VALIDITY_TYPES = [
    pa.int64(),
    pa.float32(),
    pa.bool_(),
    pa.string(),
    pa.list_(pa.int64()),
    pa.timestamp("ms"),
    pa.decimal128(38, 2),
]


@pytest.mark.parametrize("t", VALIDITY_TYPES, ids=type_id)
@pytest.mark.parametrize("nulls", [True, False], ids=["nulls", "no_nulls"])
def test_is_null_is_valid(t, nulls):
    arr = make_array(t, 29, nulls=nulls, seed=1)
    for a in (arr, arr.slice(5), arr.slice(0, 0)):
        col = plc.Column.from_arrow(a)
        assert_column_eq(plc.unary.is_null(col), pc.is_null(a))
        assert_column_eq(plc.unary.is_valid(col), pc.is_valid(a))
        assert plc.unary.is_null(col).null_count() == 0


def test_is_null_of_null_type():
    col = plc.Column.from_arrow(pa.nulls(6))
    assert plc.unary.is_null(col).to_arrow().to_pylist() == [True] * 6
    assert plc.unary.is_valid(col).to_arrow().to_pylist() == [False] * 6


@pytest.mark.parametrize("t", [pa.float32(), pa.float64()], ids=type_id)
def test_is_nan_is_not_nan(t):
    arr = pa.array([1.0, float("nan"), None, float("inf"), float("nan"), None, -0.0] * 5, t)
    for a in (arr, arr.slice(3)):
        col = plc.Column.from_arrow(a)
        assert_column_eq(plc.unary.is_nan(col), pc.is_nan(a).fill_null(False))
        assert_column_eq(plc.unary.is_not_nan(col), pc.invert(pc.is_nan(a)).fill_null(True))


@pytest.mark.parametrize("arr", [pa.array([1, 2]), pa.array(["x"]), pa.array([True])])
def test_is_nan_needs_floats(arr):
    with pytest.raises(TypeError, match="is_nan needs a FLOAT32 or FLOAT64 column, got"):
        plc.unary.is_nan(plc.Column.from_arrow(arr))
    with pytest.raises(TypeError, match="is_not_nan needs a FLOAT32 or FLOAT64 column, got"):
        plc.unary.is_not_nan(plc.Column.from_arrow(arr))


@given(
    st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=80),
    st.integers(0, 10),
)
def test_negate_and_bit_invert_property(values, offset):
    arr = pa.array(values, pa.int64()).slice(min(offset, len(values)))
    col = plc.Column.from_arrow(arr)
    neg = plc.unary.unary_operation(col, U.NEGATE).to_arrow().to_pylist()
    inv = plc.unary.unary_operation(col, U.BIT_INVERT).to_arrow().to_pylist()
    t = pa.int64()
    assert neg == [None if v is None else wrap(-v, t) for v in arr.to_pylist()]
    assert inv == [None if v is None else ~v for v in arr.to_pylist()]
