"""plc.unary.cast and is_supported_cast against Python-loop oracles of libcudf's rules.

Rules (core/src/ops/cast.rs): number -> number is C++'s conversion with float -> integer
saturating (NaN -> 0) and -> BOOL8 being != 0; chrono unit changes floor; timestamp <->
number is unsupported (TypeError); decimals rescale by truncation (fewer digits) or exact
multiplication (more digits); decimal -> integer truncates; integer -> decimal is exact;
float -> decimal rounds half away from zero and turns NaN/inf into null.
"""

from __future__ import annotations

import decimal
import math

import numpy as np
import pyarrow as pa
import pytest
from conftest import OPERAND_TYPES, assert_column_eq, make_array, saturate, type_id, wrap
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

T = plc.TypeId
ALL = [t for t in T if t != T.NUM_TYPE_IDS]


def dt(t: pa.DataType) -> plc.DataType:
    return plc.DataType.from_arrow(t)


def numeric_expected(arr: pa.Array, to: pa.DataType) -> pa.Array:
    src = arr.type
    vals = arr.to_pylist()
    if pa.types.is_floating(to):
        # NumPy's C casts round once, like the kernels.
        filled = np.array(
            [0 if v is None else v for v in vals], dtype=src.to_pandas_dtype() if vals else None
        )
        out = filled.astype(to.to_pandas_dtype()) if vals else np.array([], to.to_pandas_dtype())
        return pa.array(
            [None if v is None else float(o) for v, o in zip(vals, out, strict=True)], to
        )
    res = []
    for v in vals:
        if v is None:
            res.append(None)
        elif pa.types.is_boolean(to):
            res.append(bool(v) if not isinstance(v, float) else v != 0.0)
        elif isinstance(v, float):
            res.append(saturate(v, to))
        else:
            res.append(wrap(int(v), to))
    return pa.array(res, to)


def source(t: pa.DataType) -> pa.Array:
    arr = make_array(t, 40, seed=2)
    if pa.types.is_floating(t):
        extra = [float("nan"), float("inf"), -float("inf"), 1e30, -1e30, 2.9, -2.9, None]
        arr = pa.concat_arrays([arr, pa.array(extra, t)])
    return arr


@pytest.mark.parametrize("to", OPERAND_TYPES, ids=type_id)
@pytest.mark.parametrize("frm", OPERAND_TYPES, ids=type_id)
def test_cast_numeric(frm, to):
    arr = source(frm)
    for a in (arr, arr.slice(5), arr.slice(0, 0)):
        got = plc.unary.cast(plc.Column.from_arrow(a), dt(to))
        assert_column_eq(got, numeric_expected(a, to))


UNIT_NS = {"D": 86400 * 10**9, "s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1}


def chrono_type(kind: str, unit: str) -> pa.DataType:
    if kind == "timestamp":
        return pa.date32() if unit == "D" else pa.timestamp(unit)
    return pa.duration(unit)


def chrono_array(kind: str, unit: str) -> pa.Array:
    rng = np.random.default_rng(7)
    ticks = [int(v) for v in rng.integers(-(10**9), 10**9, 30)] + [-1, 0, 1, -86401]
    ticks = [None if i % 5 == 2 else v for i, v in enumerate(ticks)]
    if kind == "duration" and unit == "D":
        pytest.skip("pyarrow has no day durations")
    storage = pa.int32() if unit == "D" else pa.int64()
    if unit == "D":
        ticks = [None if v is None else v // 100000 for v in ticks]
    return pa.array(ticks, storage).cast(chrono_type(kind, unit))


def ticks_of(a: pa.Array) -> list:
    storage = pa.int32() if pa.types.is_date32(a.type) else pa.int64()
    return a.view(storage).to_pylist()


CHRONO = [("timestamp", "D"), ("timestamp", "s"), ("timestamp", "ns"), ("duration", "ms")]
CHRONO += [("duration", "us"), ("timestamp", "us")]


@pytest.mark.parametrize("to", CHRONO, ids=lambda k: f"{k[0]}[{k[1]}]")
@pytest.mark.parametrize("frm", CHRONO, ids=lambda k: f"{k[0]}[{k[1]}]")
def test_cast_chrono_units(frm, to):
    arr = chrono_array(*frm)
    to_t = chrono_type(*to)
    got = plc.unary.cast(plc.Column.from_arrow(arr.slice(1)), dt(to_t))
    a, b = UNIT_NS[frm[1]], UNIT_NS[to[1]]
    exp = [None if v is None else (v * a) // b for v in ticks_of(arr.slice(1))]
    storage = pa.int32() if to[1] == "D" else pa.int64()
    got_arrow = got.to_arrow()
    assert got_arrow.null_count == arr.slice(1).null_count
    assert got_arrow.view(storage).to_pylist() == exp


@pytest.mark.parametrize("num", [pa.int64(), pa.int8(), pa.float64(), pa.bool_()], ids=type_id)
def test_cast_number_duration(num):
    arr = source(num)
    got = plc.unary.cast(plc.Column.from_arrow(arr), dt(pa.duration("ms")))
    exp = numeric_expected(arr, pa.int64())
    assert got.to_arrow().view(pa.int64()).to_pylist() == exp.to_pylist()
    back = plc.unary.cast(got, dt(num))
    assert back.null_count() == arr.null_count


@pytest.mark.parametrize(
    "frm,to",
    [
        (pa.timestamp("s"), pa.int64()),
        (pa.int64(), pa.timestamp("ms")),
        (pa.float64(), pa.date32()),
        (pa.string(), pa.int32()),
        (pa.int32(), pa.string()),
        (pa.timestamp("s"), pa.decimal128(20, 2)),
    ],
    ids=str,
)
def test_cast_unsupported(frm, to):
    col = plc.Column.from_arrow(pa.array([], frm))
    assert not plc.unary.is_supported_cast(col.type(), dt(to))
    with pytest.raises(TypeError, match="cannot cast"):
        plc.unary.cast(col, dt(to))


def test_is_supported_cast_matrix():
    fixed = [t for t in ALL if t not in (T.EMPTY, T.STRING, T.LIST, T.STRUCT, T.DICTIONARY32)]

    def kind(t):
        if t in (T.DECIMAL32, T.DECIMAL64, T.DECIMAL128):
            return "dec"
        if t.name.startswith("TIMESTAMP"):
            return "ts"
        if t.name.startswith("DURATION"):
            return "dur"
        return "num"

    for a in ALL:
        for b in ALL:
            want = a in fixed and b in fixed
            ka, kb = kind(a), kind(b)
            if want and "dec" in (ka, kb):
                want = {ka, kb} <= {"dec", "num"}
            if want and {ka, kb} == {"ts", "num"}:
                want = False
            assert plc.unary.is_supported_cast(plc.DataType(a), plc.DataType(b)) == want, (a, b)


# --- decimals ------------------------------------------------------------------------

CTX = decimal.Context(prec=100)


def dec(t: T, scale: int) -> plc.DataType:
    return plc.DataType(t, scale)


def unscaled(d: decimal.Decimal, scale: int) -> int:
    return int(CTX.scaleb(d, -scale))


def trunc_div(u: int, p: int) -> int:
    """Integer division truncating towards zero."""
    q = abs(u) // p
    return q if u >= 0 else -q


def decimal_array() -> pa.Array:
    vals = ["1.2345", "-1.2345", "0", "99999.9999", "-0.0001", None, "123.4560", "-5.5000"]
    vals += [None, "0.5", "-0.5"]
    return pa.array([None if v is None else decimal.Decimal(v) for v in vals], pa.decimal128(20, 4))


@pytest.mark.parametrize(
    "tid,scale", [(T.DECIMAL128, -2), (T.DECIMAL128, -6), (T.DECIMAL64, -4), (T.DECIMAL32, 1)]
)
def test_cast_decimal_rescale(tid, scale):
    arr = decimal_array()
    for a in (arr, arr.slice(2)):
        got = plc.unary.cast(plc.Column.from_arrow(a), dec(tid, scale))
        assert got.type() == dec(tid, scale)
        exp = []
        for d in a.to_pylist():
            if d is None:
                exp.append(None)
                continue
            u = unscaled(d, -4)
            k = scale - (-4)  # > 0: fewer digits (truncate), < 0: more digits (multiply)
            u = trunc_div(u, 10**k) if k > 0 else u * 10**-k
            exp.append(CTX.scaleb(decimal.Decimal(u), scale))
        assert got.to_arrow().to_pylist() == exp


@pytest.mark.parametrize("to", [pa.int32(), pa.int64(), pa.uint8(), pa.bool_()], ids=type_id)
def test_cast_decimal_to_integer(to):
    arr = decimal_array()
    got = plc.unary.cast(plc.Column.from_arrow(arr), dt(to))
    exp = []
    for d in arr.to_pylist():
        if d is None:
            exp.append(None)
        elif pa.types.is_boolean(to):
            exp.append(int(d) != 0)
        else:
            exp.append(wrap(int(d), to))
    assert got.to_arrow().to_pylist() == exp


@pytest.mark.parametrize("to", [pa.float32(), pa.float64()], ids=type_id)
def test_cast_decimal_to_float(to):
    arr = decimal_array()
    got = plc.unary.cast(plc.Column.from_arrow(arr.slice(1)), dt(to))
    exp = [None if d is None else float(d) for d in arr.slice(1).to_pylist()]
    g = got.to_arrow().to_pylist()
    for x, e in zip(g, exp, strict=True):
        assert (x is None) == (e is None)
        if x is not None:
            assert math.isclose(x, e, rel_tol=1e-7 if to == pa.float32() else 1e-15)


@pytest.mark.parametrize("frm", [pa.int8(), pa.int64(), pa.uint64(), pa.bool_()], ids=type_id)
@pytest.mark.parametrize("scale", [-3, 0, 2])
def test_cast_integer_to_decimal(frm, scale):
    arr = make_array(frm, 30, seed=4)
    got = plc.unary.cast(plc.Column.from_arrow(arr.slice(2)), dec(T.DECIMAL128, scale))
    exp = []
    for v in arr.slice(2).to_pylist():
        if v is None:
            exp.append(None)
            continue
        v = int(v)
        u = v * 10**-scale if scale <= 0 else trunc_div(v, 10**scale)
        exp.append(CTX.scaleb(decimal.Decimal(u), scale))
    assert got.to_arrow().to_pylist() == exp


@pytest.mark.parametrize("frm", [pa.float32(), pa.float64()], ids=type_id)
@pytest.mark.parametrize("tid,scale", [(T.DECIMAL64, -2), (T.DECIMAL128, -5), (T.DECIMAL32, 1)])
def test_cast_float_to_decimal(frm, tid, scale):
    vals = [1.25, -1.25, 2.675, 0.005, -0.015, None, float("nan"), float("inf"), 123.456, 1e-9]
    arr = pa.array(vals, frm)
    got = plc.unary.cast(plc.Column.from_arrow(arr), dec(tid, scale))
    exp = []
    for v in arr.to_pylist():
        if v is None or not math.isfinite(v):
            exp.append(None)
            continue
        y = v * 10.0**-scale if scale <= 0 else v / 10.0**scale
        u = int(decimal.Decimal(y).quantize(decimal.Decimal(1), rounding=decimal.ROUND_HALF_UP))
        exp.append(CTX.scaleb(decimal.Decimal(u), scale))
    assert got.null_count() == sum(e is None for e in exp)
    assert got.to_arrow().to_pylist() == exp


@given(
    st.lists(st.one_of(st.none(), st.integers(-(10**15), 10**15)), max_size=50),
    st.integers(-6, 6),
)
def test_decimal_roundtrip_property(values, scale):
    """int64 -> decimal at scale <= 0 -> int64 is the identity (no overflow in range)."""
    scale = -abs(scale)
    arr = pa.array(values, pa.int64())
    d = plc.unary.cast(plc.Column.from_arrow(arr), dec(T.DECIMAL128, scale))
    back = plc.unary.cast(d, plc.DataType(T.INT64))
    assert back.to_arrow().to_pylist() == values


def test_bit_cast():
    arr = pa.array([1.0, None, -2.5], pa.float64()).slice(1)
    col = plc.unary.bit_cast(plc.Column.from_arrow(arr), plc.DataType(T.INT64))
    raw = np.array([-2.5]).view(np.int64)[0]
    assert col.to_arrow().to_pylist() == [None, int(raw)]
    back = plc.unary.bit_cast(col, plc.DataType(T.DURATION_NANOSECONDS))
    assert back.to_arrow().view(pa.int64()).to_pylist() == [None, int(raw)]
    with pytest.raises(TypeError, match="cannot bit_cast INT64 to INT32: both types must"):
        plc.unary.bit_cast(col, plc.DataType(T.INT32))
    with pytest.raises(TypeError, match="cannot bit_cast STRING to INT64: both types must"):
        plc.unary.bit_cast(plc.Column.from_arrow(pa.array(["a"])), plc.DataType(T.INT64))
