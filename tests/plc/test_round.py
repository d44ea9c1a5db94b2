"""plc.round.round and round_decimal against Python oracles of libcudf's formulas.

Floats (core/src/ops/round.rs): decimal_places == 0 is round-half-away-from-zero
(HALF_UP) or rint (HALF_EVEN); > 0 is trunc(x) + round(frac(x) * n) / n; < 0 is
round(x / n) * n, with n = 10^|decimal_places| in the column's float type (the oracle
repeats those IEEE operations with NumPy scalars of the same type). Integers and decimals
round exactly; decimals get scale -decimal_places. Nulls stay null.
"""

from __future__ import annotations

import decimal
import math

import numpy as np
import pyarrow as pa
import pytest
from conftest import make_array, type_id
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

RM = plc.round.RoundingMethod
METHODS = [RM.HALF_UP, RM.HALF_EVEN]


def round_half(x, half_even: bool):
    """C's round (ties away from zero) or rint (ties to even), exactly, in x's type."""
    typ = type(x)
    if not np.isfinite(x):
        return x
    if half_even:
        return typ(np.rint(x))
    f = math.floor(float(x))
    diff = float(x) - f  # exact for floats
    if diff > 0.5 or (diff == 0.5 and x > 0):
        f += 1
    return typ(f)


def float_expected(v, dp: int, half_even: bool, np_t):
    if v is None:
        return None
    x = np_t(v)
    n = np_t(float(f"1e{abs(dp)}"))
    with np.errstate(all="ignore"):
        if dp == 0:
            r = round_half(x, half_even)
        elif dp > 0:
            frac, ip = np.modf(x)
            r = ip + round_half(np_t(frac * n), half_even) / n
        else:
            r = round_half(np_t(x / n), half_even) * n
    return float(np_t(r))


FLOAT_VALUES = [2.5, -2.5, 0.125, 1.005, -1.005, 1234.5678, 0.5, -0.5, 1e20, float("nan")]
FLOAT_VALUES += [float("inf"), None, 0.0, 15.0, 25.0, -35.0, 3.14159, 1e-7]


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize("dp", [-2, -1, 0, 1, 3])
@pytest.mark.parametrize("t", [pa.float32(), pa.float64()], ids=type_id)
def test_round_float(t, dp, method):
    arr = pa.concat_arrays([pa.array(FLOAT_VALUES, t), make_array(t, 30, seed=9)])
    np_t = np.float32 if t == pa.float32() else np.float64
    for a in (arr, arr.slice(3)):
        got = plc.round.round(plc.Column.from_arrow(a), dp, method)
        exp = [float_expected(v, dp, method == RM.HALF_EVEN, np_t) for v in a.to_pylist()]
        g = got.to_arrow()
        assert g.type == t
        for x, e in zip(g.to_pylist(), exp, strict=True):
            assert (x is None and e is None) or x == e or (math.isnan(x) and math.isnan(e)), (
                x,
                e,
            )


def int_expected(v, dp: int, half_even: bool, t: pa.DataType):
    if v is None or dp >= 0:
        return v
    p = 10**-dp
    q = abs(v) // p
    r = abs(v) - q * p
    up = r * 2 > p or (r * 2 == p and (not half_even or q % 2 == 1))
    mag = (q + up) * p
    res = mag if v >= 0 else -mag
    bits = t.bit_width
    lo = -(1 << (bits - 1)) if pa.types.is_signed_integer(t) else 0
    return (res - lo) % (1 << bits) + lo


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize("dp", [-1, -2, -5, 0, 2, -40])
@pytest.mark.parametrize("t", [pa.int8(), pa.int32(), pa.int64(), pa.uint64()], ids=type_id)
def test_round_integer(t, dp, method):
    arr = make_array(t, 40, seed=11)
    lo = -(1 << (t.bit_width - 1)) if pa.types.is_signed_integer(t) else 0
    hi = (1 << (t.bit_width - 1 if pa.types.is_signed_integer(t) else t.bit_width)) - 1
    extra = [v for v in [15, 25, 35, 150, 250, 5, 45, 55, -15, -25, -150] if lo <= v <= hi]
    arr = pa.concat_arrays([arr, pa.array(extra, t)])
    for a in (arr, arr.slice(4)):
        got = plc.round.round(plc.Column.from_arrow(a), dp, method)
        assert got.to_arrow().type == t
        exp = [int_expected(v, dp, method == RM.HALF_EVEN, t) for v in a.to_pylist()]
        assert got.to_arrow().to_pylist() == exp


DEC_VALUES = ["1.2345", "-1.2345", "2.5000", "-2.5000", "3.5000", "0.0050", "-0.0150", None]
DEC_VALUES += ["12345.6789", "-99999.9999", "0"]


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize("dp", [2, 0, -1, 4, 6, -30])
@pytest.mark.parametrize(
    "t",
    [pa.decimal128(20, 4), *([pa.decimal64(18, 4)] if hasattr(pa, "decimal64") else [])],
    ids=type_id,
)
def test_round_decimal_type(t, dp, method):
    arr = pa.array([None if v is None else decimal.Decimal(v) for v in DEC_VALUES], t)
    mode = decimal.ROUND_HALF_EVEN if method == RM.HALF_EVEN else decimal.ROUND_HALF_UP
    q = decimal.Decimal(1).scaleb(-dp)
    for a in (arr, arr.slice(2)):
        col = plc.Column.from_arrow(a)
        got = plc.round.round(col, dp, method)
        assert got.type() == plc.DataType(col.type().id(), -dp)
        with decimal.localcontext() as ctx:
            ctx.prec = 100
            exp = [None if d is None else d.quantize(q, rounding=mode) for d in a.to_pylist()]
        # pyarrow cannot turn decimal32/64 values of a negative scale into Python
        # Decimals: compare through DECIMAL128 (a widening cast, exact).
        wide = plc.unary.cast(got, plc.DataType(plc.TypeId.DECIMAL128, -dp))
        assert wide.to_arrow().to_pylist() == exp


def test_round_defaults_and_empty():
    values = [0.5, 1.5, -0.5, None]
    col = plc.Column.from_arrow(pa.array(values))
    # the defaults: 0 decimal places, HALF_UP (ties away from zero)
    expected = [float_expected(v, 0, False, np.float64) for v in values]
    assert plc.round.round(col).to_arrow().to_pylist() == expected
    empty = plc.Column.from_arrow(pa.array([], pa.decimal128(10, 2)))
    r = plc.round.round(empty, 1)
    assert r.size() == 0 and r.type() == plc.DataType(plc.TypeId.DECIMAL128, -1)
    assert plc.round.round(plc.Column.from_arrow(pa.array([], pa.float32()))).size() == 0


@pytest.mark.parametrize("arr", [pa.array([True]), pa.array(["a"]), pa.array([1], pa.date32())])
def test_round_unsupported(arr):
    with pytest.raises(TypeError, match="round supports integers, floats and decimals, not"):
        plc.round.round(plc.Column.from_arrow(arr))


def test_round_decimal_function():
    values = [125, -125, None]
    col = plc.Column.from_arrow(pa.array(values, pa.int32()))
    got = plc.round.round_decimal(col, -1, RM.HALF_EVEN)
    assert got.to_arrow().to_pylist() == [int_expected(v, -1, True, pa.int32()) for v in values]
    with pytest.raises(ValueError, match="round_decimal supports integers and decimals, not"):
        plc.round.round_decimal(plc.Column.from_arrow(pa.array([1.5])), 0)
    with pytest.raises(ValueError, match="7 is not a valid RoundingMethod; valid values"):
        plc.round.round(col, 0, 7)


@given(st.lists(st.one_of(st.none(), st.integers(-(10**17), 10**17)), max_size=60))
def test_round_integer_property(values):
    """Rounding to hundreds gives a multiple of 100 within 50 of the input."""
    got = plc.round.round(plc.Column.from_arrow(pa.array(values, pa.int64())), -2)
    for v, r in zip(values, got.to_arrow().to_pylist(), strict=True):
        assert (v is None) == (r is None)
        if v is not None:
            assert r % 100 == 0 and abs(r - v) <= 50
