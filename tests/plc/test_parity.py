"""The host and device paths give the same results.

Runs each operation twice, with device='cpu' and device='gpu', and compares. Skipped
without a GPU (CI); the GPU run of the suite (scripts/gpu_check.sh) exercises it.
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pytest
from conftest import run_both

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")

BinOp = plc.binaryop.BinaryOperator
T = plc.TypeId

NUMERIC = {
    "int8": (pa.int8(), T.INT8),
    "int32": (pa.int32(), T.INT32),
    "int64": (pa.int64(), T.INT64),
    "uint8": (pa.uint8(), T.UINT8),
    "uint64": (pa.uint64(), T.UINT64),
    "float32": (pa.float32(), T.FLOAT32),
    "float64": (pa.float64(), T.FLOAT64),
    "bool": (pa.bool_(), T.BOOL8),
}


def make(pa_type: pa.DataType, n: int = 1000, seed: int = 0, nulls: bool = True) -> pa.Array:
    rng = np.random.default_rng(seed)
    if pa.types.is_boolean(pa_type):
        values = rng.integers(0, 2, n).astype(bool)
    elif pa.types.is_floating(pa_type):
        values = rng.normal(0, 50, n).astype(pa_type.to_pandas_dtype())
        values[::97] = np.nan
        values[::89] = 0.0
    else:
        info = np.iinfo(pa_type.to_pandas_dtype())
        values = rng.integers(max(info.min, -100), min(info.max, 100), n, endpoint=True)
        values = values.astype(pa_type.to_pandas_dtype())
        values[::7] = 0
        values[::11] = info.max
        values[::13] = info.min
    mask = (rng.random(n) < 0.1) if nulls else None
    return pa.array(values, type=pa_type, mask=mask)


def same(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    if isinstance(a, float):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    return a == b


@pytest.mark.parametrize("name", list(NUMERIC))
@pytest.mark.parametrize("agg", ["sum", "product", "min", "max", "sum_of_squares", "mean"])
@pytest.mark.parametrize("sliced", [False, True])
def test_reduce_parity(name, agg, sliced):
    pa_type, _ = NUMERIC[name]
    arr = make(pa_type, 5000)
    if sliced:
        arr = arr.slice(3, 4000)
    col = plc.Column.from_arrow(arr)
    out = plc.DataType(T.FLOAT64 if agg == "mean" or name.startswith("float") else T.INT64)
    if agg in ("min", "max"):
        out = col.type()
    host, dev = run_both(lambda: plc.reduce.reduce(col, getattr(plc.aggregation, agg)(), out))
    assert host.is_valid() == dev.is_valid()
    assert same(host.to_py(), dev.to_py()), (host.to_py(), dev.to_py())


OPS = [
    BinOp.ADD,
    BinOp.SUB,
    BinOp.MUL,
    BinOp.DIV,
    BinOp.TRUE_DIV,
    BinOp.FLOOR_DIV,
    BinOp.MOD,
    BinOp.PYMOD,
    BinOp.POW,
    BinOp.EQUAL,
    BinOp.NOT_EQUAL,
    BinOp.LESS,
    BinOp.GREATER,
    BinOp.LESS_EQUAL,
    BinOp.GREATER_EQUAL,
]
PAIRS = [
    ("int32", "int32", T.INT32),
    ("int64", "uint64", T.INT64),
    ("int8", "float32", T.FLOAT32),
    ("float64", "float64", T.FLOAT64),
    ("uint8", "int8", T.INT16),
    ("bool", "int64", T.INT64),
    ("float64", "int32", T.INT32),
]


@pytest.mark.parametrize("op", OPS, ids=lambda o: o.name)
@pytest.mark.parametrize("lt,rt,ot", PAIRS, ids=lambda p: str(p))
@pytest.mark.parametrize("form", ["col-col", "col-scalar", "scalar-col", "sliced"])
def test_binaryop_parity(op, lt, rt, ot, form):
    out = plc.DataType(T.BOOL8 if op >= BinOp.EQUAL else ot)
    la, ra = make(NUMERIC[lt][0], 2000, 1), make(NUMERIC[rt][0], 2000, 2)
    if form == "sliced":
        la, ra = la.slice(5, 1500), ra.slice(9, 1500)
    lhs, rhs = plc.Column.from_arrow(la), plc.Column.from_arrow(ra)
    if form == "col-scalar":
        rhs = plc.Scalar.from_arrow(ra[1] if ra[1].is_valid else ra[2])
    if form == "scalar-col":
        lhs = plc.Scalar.from_arrow(la[1] if la[1].is_valid else la[2])
    host, dev = run_both(lambda: plc.binaryop.binary_operation(lhs, rhs, op, out))
    assert dev.residency() in ("device", "host+device")
    h, d = host.to_pylist(), dev.to_pylist()
    assert len(h) == len(d)
    bad = [(i, x, y) for i, (x, y) in enumerate(zip(h, d, strict=True)) if not same(x, y)]
    # POW goes through pow() in float64, whose last bits may differ between CUDA and libm:
    # only those are forgiven (a relative error of a few ulps), not a null or a wrong value.
    if op == BinOp.POW and out.id() in (T.FLOAT32, T.FLOAT64):
        rtol = 1e-6 if out.id() == T.FLOAT32 else 1e-14
        bad = [
            b
            for b in bad
            if not (
                b[1] is not None and b[2] is not None and math.isclose(b[1], b[2], rel_tol=rtol)
            )
        ]
    assert not bad, bad[:10]


def test_device_data_round_trip():
    arr = make(pa.int64(), 10_000)
    col = plc.Column.from_arrow(arr)
    with ferrodf.option_context(device="gpu"):
        doubled = plc.binaryop.binary_operation(col, col, BinOp.ADD, plc.DataType(T.INT64))
    assert doubled.residency() == "device"
    assert doubled.null_count() == arr.null_count
    expected = pa.compute.add(arr, arr)
    assert doubled.to_arrow().equals(expected)
