"""plc.replace against pyarrow.compute and plain-Python oracles."""

from __future__ import annotations

import math
import struct

import pyarrow as pa
import pytest
from conftest import assert_column_eq, type_id
from movement_helpers import FIXED_TYPES, col, data, movement_fixtures, scalar

import ferrodf.plc as plc

rp = plc.replace


pa_type, offset = movement_fixtures(sliced_offset=3)


def test_replace_nulls_column(pa_type, offset):
    a = data(pa_type, 30 + offset)[offset:]
    r = data(pa_type, 30, seed=5)
    got = rp.replace_nulls(col(a), col(r))
    expect = [x if x is not None else y for x, y in zip(a.to_pylist(), r.to_pylist(), strict=True)]
    assert_column_eq(got, pa.array(expect, pa_type))


def test_replace_nulls_scalar(pa_type, offset):
    a = data(pa_type, 30 + offset)[offset:]
    v = data(pa_type, 3, seed=6, nulls=False)[0].as_py()
    got = rp.replace_nulls(col(a), scalar(v, pa_type))
    assert_column_eq(got, pa.array([x if x is not None else v for x in a.to_pylist()], pa_type))
    # A null scalar leaves the column as it is.
    assert_column_eq(rp.replace_nulls(col(a), scalar(None, pa_type)), a)


@pytest.mark.parametrize("policy", list(rp.ReplacePolicy))
def test_replace_nulls_policy(pa_type, offset, policy):
    vals = data(pa_type, 30 + offset)[offset:].to_pylist()
    vals[0] = vals[-1] = None  # leading and trailing nulls
    a = pa.array(vals, pa_type)
    got = rp.replace_nulls(col(a), policy)
    out, last = [None] * len(vals), None
    order = (
        range(len(vals)) if policy == rp.ReplacePolicy.PRECEDING else range(len(vals) - 1, -1, -1)
    )
    for i in order:
        if vals[i] is not None:
            last = vals[i]
        out[i] = vals[i] if vals[i] is not None else last
    assert_column_eq(got, pa.array(out, pa_type))


def test_replace_nulls_errors():
    c = col(data(pa.int32(), 5))
    with pytest.raises(TypeError, match="replace_nulls: the column is INT32 but the"):
        rp.replace_nulls(c, scalar(1, pa.int64()))
    with pytest.raises(ValueError, match="replace_nulls: the replacement has 4 rows but the"):
        rp.replace_nulls(c, col(data(pa.int32(), 4)))
    with pytest.raises(TypeError, match="replace_nulls: replacement must be a Column, a"):
        rp.replace_nulls(c, 3)


@pytest.mark.parametrize(
    "t",
    [pa.int32(), pa.int64(), pa.float64(), pa.timestamp("us"), pa.string(), pa.decimal128(30, 2)],
    ids=type_id,
)
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_find_and_replace_all(t, offset):
    a = data(t, 40 + offset)[offset:]
    present = [
        v for v in a.to_pylist() if v is not None and not (isinstance(v, float) and math.isnan(v))
    ]
    old = pa.array([*present[:3], present[0]], t)  # a repeated key: the first wins
    new = pa.array([*data(t, 4, seed=9, nulls=False).to_pylist()[:3], None], t)
    got = rp.find_and_replace_all(col(a), col(old), col(new))
    lookup = {}
    for k, v in zip(old.to_pylist(), new.to_pylist(), strict=True):
        lookup.setdefault(k, v)
    expect = [lookup[x] if x in lookup else x for x in a.to_pylist()]
    assert_column_eq(got, pa.array(expect, t))


def test_find_and_replace_all_errors():
    c = col(data(pa.int32(), 5))
    with pytest.raises(TypeError, match="find_and_replace_all: the column is INT32 but the"):
        rp.find_and_replace_all(c, col(data(pa.int64(), 2)), col(data(pa.int64(), 2)))
    with pytest.raises(ValueError, match="find_and_replace_all: 2 values to replace but 3"):
        rp.find_and_replace_all(c, col(data(pa.int32(), 2, nulls=False)), col(data(pa.int32(), 3)))
    with pytest.raises(ValueError, match="find_and_replace_all: the values to replace must"):
        rp.find_and_replace_all(c, col(pa.array([1, None], pa.int32())), col(data(pa.int32(), 2)))
    empty = rp.find_and_replace_all(c, col(pa.array([], pa.int32())), col(pa.array([], pa.int32())))
    assert_column_eq(empty, data(pa.int32(), 5))


@pytest.mark.parametrize(
    "t", [pa.int8(), pa.int64(), pa.uint32(), pa.float32(), pa.float64()], ids=type_id
)
def test_clamp(t, offset):
    a = data(t, 40 + offset)[offset:]
    finite = sorted(
        v for v in a.to_pylist() if v is not None and not (isinstance(v, float) and math.isnan(v))
    )
    lo, hi = finite[len(finite) // 4], finite[3 * len(finite) // 4]
    lo_r, hi_r = finite[0], finite[-1]
    for with_repl in (False, True):
        args = (scalar(lo_r, t), scalar(hi_r, t)) if with_repl else ()
        got = rp.clamp(col(a), scalar(lo, t), scalar(hi, t), *args)
        lr, hr = (lo_r, hi_r) if with_repl else (lo, hi)
        expect = [
            None if x is None else lr if x < lo else hr if x > hi else x for x in a.to_pylist()
        ]
        assert_column_eq(got, pa.array(expect, t))
    # A null bound means no bound on that side.
    got = rp.clamp(col(a), scalar(None, t), scalar(hi, t))
    expect = [None if x is None else hi if x > hi else x for x in a.to_pylist()]
    assert_column_eq(got, pa.array(expect, t))


def test_clamp_errors():
    c = col(data(pa.int32(), 5))
    with pytest.raises(TypeError, match="clamp: the column is INT32 but a bound or"):
        rp.clamp(c, scalar(1, pa.int64()), scalar(2, pa.int64()))
    with pytest.raises(ValueError, match="clamp: give both lo_replace and hi_replace, or"):
        rp.clamp(c, scalar(1, pa.int32()), scalar(2, pa.int32()), scalar(0, pa.int32()))


def bits(v: float, fmt: str) -> int:
    return struct.unpack("<Q" if fmt == "d" else "<I", struct.pack("<" + fmt, v))[0]


@pytest.mark.parametrize("t", [pa.float32(), pa.float64()], ids=type_id)
@pytest.mark.parametrize("inplace", [False, True])
def test_normalize_nans_and_zeros(t, inplace, offset):
    fmt = "f" if t == pa.float32() else "d"
    neg_nan = struct.unpack(
        "<" + fmt,
        struct.pack("<Q" if fmt == "d" else "<I", 0xFFF8000000000001 if fmt == "d" else 0xFFC00001),
    )[0]
    vals = [1.5, -0.0, neg_nan, None, 0.0, -2.0, float("nan")] * 3
    a = pa.array(vals, t)[offset:]
    c = col(a)
    out = rp.normalize_nans_and_zeros(c, inplace)
    if inplace:
        assert out is None
        out = c
    got = out.to_arrow().to_pylist()
    canonical = bits(float("nan"), fmt)
    for g, v in zip(got, a.to_pylist(), strict=True):
        if v is None:
            assert g is None
        elif math.isnan(v):
            assert bits(g, fmt) == canonical
        elif v == 0:
            assert bits(g, fmt) == 0
        else:
            assert g == v


@pytest.mark.parametrize("t", FIXED_TYPES[:3], ids=type_id)
def test_normalize_errors(t):
    if pa.types.is_floating(t):
        return
    with pytest.raises(TypeError, match="normalize_nans_and_zeros needs a floating-point"):
        rp.normalize_nans_and_zeros(col(data(t, 3)))
