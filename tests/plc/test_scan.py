"""plc.reduce.scan and plc.reduce.minmax against plain-Python oracles (pyarrow's
cumulative functions propagate nulls differently: libcudf skips them)."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import FLOAT_TYPES, assert_column_eq, type_id, wrap
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import INT_SAMPLE, col, data

import ferrodf.plc as plc

agg = plc.aggregation
ScanType = plc.reduce.ScanType

SCAN_TYPES = [*INT_SAMPLE, *FLOAT_TYPES]
AGGS = {"sum": agg.sum, "product": agg.product, "min": agg.min, "max": agg.max}


def oracle(vals, name, t, inclusive):
    floating = pa.types.is_floating(t)
    cast = (lambda v: float(np.float32(v))) if t == pa.float32() else (lambda v: v)
    if floating:
        identity = {"sum": 0.0, "product": 1.0, "min": math.inf, "max": -math.inf}[name]
    else:
        info = np.iinfo(t.to_pandas_dtype())
        identity = {"sum": 0, "product": 1, "min": int(info.max), "max": int(info.min)}[name]

    def f(a, b):
        if name == "sum":
            r = a + b
        elif name == "product":
            r = a * b
        elif name == "min":
            r = b if b < a else a
        else:
            r = b if b > a else a
        return cast(r) if floating else wrap(r, t)

    acc, out = identity, []
    for v in vals:
        before = acc
        acc = f(acc, identity if v is None else v)
        out.append(None if v is None else (acc if inclusive else before))
    return out


@pytest.mark.parametrize("t", SCAN_TYPES, ids=type_id)
@pytest.mark.parametrize("name", list(AGGS))
@pytest.mark.parametrize("inclusive", [ScanType.INCLUSIVE, ScanType.EXCLUSIVE])
@pytest.mark.parametrize("offset", [0, 3])
def test_scan(t, name, inclusive, offset):
    a = data(t, 30 + offset)[offset:]
    if name == "product" and pa.types.is_floating(t):
        a = pc.divide(a, pa.scalar(1000.0, t))  # keep products finite
    got = plc.reduce.scan(col(a), AGGS[name](), inclusive)
    expect = oracle(a.to_pylist(), name, t, inclusive == ScanType.INCLUSIVE)
    assert_column_eq(got, pa.array(expect, t))


@pytest.mark.parametrize("t", [pa.timestamp("ms"), pa.duration("s")], ids=type_id)
def test_scan_chrono(t):
    a = data(t, 20)
    ints = a.cast(pa.int64()).to_pylist()
    got = plc.reduce.scan(col(a), agg.max(), ScanType.INCLUSIVE)
    assert_column_eq(got, pa.array(oracle(ints, "max", pa.int64(), True), pa.int64()).cast(t))


def test_scan_empty_and_errors():
    got = plc.reduce.scan(col(pa.array([], pa.int32())), agg.sum(), ScanType.INCLUSIVE)
    assert got.size() == 0
    with pytest.raises(TypeError, match="scan with MAX is not supported for STRING columns"):
        plc.reduce.scan(col(data(pa.string(), 3)), agg.max(), ScanType.INCLUSIVE)
    with pytest.raises(TypeError, match="scan with SUM is not supported for"):
        plc.reduce.scan(col(data(pa.timestamp("s"), 3)), agg.sum(), ScanType.INCLUSIVE)
    with pytest.raises(NotImplementedError, match="scan with MEAN is not implemented; supported"):
        plc.reduce.scan(col(data(pa.int32(), 3)), agg.mean(), ScanType.INCLUSIVE)


@given(st.lists(st.one_of(st.none(), st.integers(-(2**62), 2**62)), max_size=60))
def test_scan_property(vals):
    got = plc.reduce.scan(col(pa.array(vals, pa.int64())), agg.sum(), ScanType.INCLUSIVE)
    assert got.to_arrow().to_pylist() == oracle(vals, "sum", pa.int64(), True)


@pytest.mark.parametrize("t", SCAN_TYPES, ids=type_id)
@pytest.mark.parametrize("offset", [0, 4])
def test_minmax(t, offset):
    a = data(t, 30 + offset)[offset:]
    lo, hi = plc.reduce.minmax(col(a))
    vals = [
        v for v in a.to_pylist() if v is not None and not (isinstance(v, float) and math.isnan(v))
    ]
    assert lo.to_py() == min(vals) and hi.to_py() == max(vals)
    assert lo.type() == hi.type() == col(a).type()
    lo, hi = plc.reduce.minmax(col(pa.array([None, None], t)))
    assert not lo.is_valid() and not hi.is_valid()


ORDERED_TYPES = [
    pa.timestamp("ms"),
    pa.timestamp("ns"),
    pa.date32(),
    pa.duration("us"),
    pa.decimal128(12, 2),
    pa.decimal128(18, -3),
    pa.decimal128(30, 4),
    pa.string(),
]


@pytest.mark.parametrize("t", ORDERED_TYPES, ids=type_id)
@pytest.mark.parametrize("offset", [0, 5])
def test_minmax_ordered_types(t, offset):
    """Timestamps, durations, decimals (32/64/128-bit storage) and strings keep their type."""
    a = data(t, 40 + offset)[offset:]
    lo, hi = plc.reduce.minmax(col(a))
    # A Python oracle: pyarrow's min_max lacks durations in some versions. Strings order
    # by their UTF-8 bytes.
    key = (lambda v: v.encode()) if pa.types.is_string(t) else None
    valid = [v for v in a.to_pylist() if v is not None]
    want = {"min": min(valid, key=key), "max": max(valid, key=key)}
    assert (lo.to_py(), hi.to_py()) == (want["min"], want["max"])
    assert lo.type() == hi.type() == col(a).type()
    for kind in ("min", "max"):
        got = plc.reduce.reduce(col(a), getattr(agg, kind)(), col(a).type())
        assert got.to_py() == want[kind] and got.type() == col(a).type()
        assert plc.reduce.is_valid_reduce_aggregation(col(a).type(), getattr(agg, kind)())


@pytest.mark.parametrize("t", ORDERED_TYPES, ids=type_id)
@pytest.mark.parametrize("rows", [0, 3], ids=["empty", "all-null"])
def test_minmax_ordered_types_without_values(t, rows):
    lo, hi = plc.reduce.minmax(col(pa.array([None] * rows, t)))
    assert not lo.is_valid() and not hi.is_valid()
    assert lo.type() == col(pa.array([], t)).type()


def test_min_of_strings_is_bytewise():
    a = pa.array(["b", "", None, "ab", "\u00e9", "B", "a\x00"])
    lo, hi = plc.reduce.minmax(col(a))
    want = sorted(v.encode() for v in a.to_pylist() if v is not None)
    assert (lo.to_py().encode(), hi.to_py().encode()) == (want[0], want[-1])


@pytest.mark.parametrize("t", [pa.timestamp("s"), pa.decimal128(10, 2), pa.string()], ids=type_id)
def test_min_of_ordered_type_needs_its_own_output_type(t):
    c = col(data(t, 10))
    with pytest.raises(TypeError, match="output type must be the input type"):
        plc.reduce.reduce(c, agg.max(), plc.DataType(plc.TypeId.INT64))


@pytest.mark.parametrize("t", [pa.int32(), pa.int64(), pa.uint8()], ids=type_id)
@pytest.mark.parametrize("name", ["sum", "min", "max"])
@pytest.mark.parametrize("inclusive", [ScanType.INCLUSIVE, ScanType.EXCLUSIVE])
def test_scan_many_tiles(t, name, inclusive):
    """Enough rows for the device scan's look-back across many tiles (3840 rows each),
    sliced, with nulls."""
    rng = np.random.default_rng(5)
    n = 100_003
    info = np.iinfo(t.to_pandas_dtype())
    vals = rng.integers(max(int(info.min), -(10**6)), min(int(info.max), 10**6), n + 7)
    a = pa.array(vals, t, mask=rng.random(n + 7) < 0.1)[7:]
    got = plc.reduce.scan(col(a), AGGS[name](), inclusive)
    expect = oracle(a.to_pylist(), name, t, inclusive == ScanType.INCLUSIVE)
    assert_column_eq(got, pa.array(expect, t))


def test_scan_many_tiles_float():
    rng = np.random.default_rng(6)
    a = pa.array(rng.random(200_000))
    got = np.asarray(plc.reduce.scan(col(a), agg.sum(), ScanType.INCLUSIVE).to_arrow())
    np.testing.assert_allclose(got, np.cumsum(a.to_numpy()), rtol=1e-9)
