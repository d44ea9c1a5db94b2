"""plc.reduce.scan and plc.reduce.minmax against plain-Python oracles (pyarrow's
cumulative functions propagate nulls differently: libcudf skips them)."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import assert_column_eq, type_id
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import col, data

import ferrodf.plc as plc

agg = plc.aggregation
ScanType = plc.reduce.ScanType

SCAN_TYPES = [
    pa.int8(),
    pa.int32(),
    pa.int64(),
    pa.uint16(),
    pa.uint64(),
    pa.float32(),
    pa.float64(),
]
AGGS = {"sum": agg.sum, "product": agg.product, "min": agg.min, "max": agg.max}


def wrap(v: int, t: pa.DataType) -> int:
    info = np.iinfo(t.to_pandas_dtype())
    span = int(info.max) - int(info.min) + 1
    return (v - int(info.min)) % span + int(info.min)


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
    with pytest.raises(TypeError):
        plc.reduce.scan(col(data(pa.string(), 3)), agg.max(), ScanType.INCLUSIVE)
    with pytest.raises(TypeError):
        plc.reduce.scan(col(data(pa.timestamp("s"), 3)), agg.sum(), ScanType.INCLUSIVE)
    with pytest.raises(NotImplementedError):
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
