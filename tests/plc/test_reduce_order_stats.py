"""plc.reduce.reduce with the sort-based aggregations (median, quantile, argmin, argmax,
nunique) against pyarrow.compute and plain-Python loops.

median / quantile: the exact quantile of the valid values (NaN is the largest value) in
float64, converted to the output type; argmin / argmax: the first row holding the smallest
/ largest valid value (NaNs skipped unless all valid values are NaN); nunique: distinct
valid values, plus one for the nulls with NullPolicy.INCLUDE. No valid value: null (0 for
nunique).
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import make_array, type_id
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

T = plc.TypeId
agg = plc.aggregation
Interp = plc.types.Interpolation
NullPolicy = plc.types.NullPolicy

NUM_TYPES = [pa.int8(), pa.int32(), pa.int64(), pa.uint16(), pa.float32(), pa.float64()]


def reduce(arr, a, out=T.FLOAT64):
    return plc.reduce.reduce(plc.Column.from_arrow(arr), a, plc.DataType(out)).to_py()


@pytest.mark.parametrize("t", NUM_TYPES, ids=type_id)
@pytest.mark.parametrize("nulls", [True, False], ids=["nulls", "no_nulls"])
def test_median_and_quantile(t, nulls):
    arr = make_array(t, 41, nulls=nulls, seed=3)
    valid = np.array([v for v in arr.to_pylist() if v is not None], dtype=np.float64)
    assert reduce(arr, agg.median()) == pytest.approx(float(np.median(valid)))
    for q, interp, method in [
        (0.3, Interp.LINEAR, "linear"),
        (0.3, Interp.LOWER, "lower"),
        (0.7, Interp.HIGHER, "higher"),
        (0.45, Interp.MIDPOINT, "midpoint"),
        (0.45, Interp.NEAREST, "nearest"),
    ]:
        got = reduce(arr, agg.quantile([q], interp))
        assert got == pytest.approx(float(np.quantile(valid, q, method=method))), interp
    # pyarrow agrees for the linear quantile
    want = pc.quantile(arr, q=0.3).to_pylist()[0]
    assert reduce(arr, agg.quantile([0.3])) == pytest.approx(want)


def test_median_output_types_and_empty():
    arr = pa.array([1, 2, 3, 4, None], pa.int32())
    assert reduce(arr, agg.median(), T.FLOAT32) == 2.5
    assert reduce(arr, agg.median(), T.INT64) == 2  # converted like a cast
    assert reduce(pa.array([], pa.float64()), agg.median()) is None
    assert reduce(pa.array([None, None], pa.float64()), agg.median()) is None
    sliced = pa.array([100, 1, 2, 3, 100], pa.int64()).slice(1, 3)
    assert reduce(sliced, agg.median()) == 2.0


def test_quantile_needs_one_value():
    with pytest.raises(ValueError, match="exactly one"):
        reduce(pa.array([1.0]), agg.quantile([0.1, 0.2]))


def first_index(vals, pick):
    valid = [v for v in vals if v is not None]
    if not valid:
        return None
    non_nan = [v for v in valid if not (isinstance(v, float) and math.isnan(v))]
    target = pick(non_nan) if non_nan else None
    for i, v in enumerate(vals):
        if v is None:
            continue
        if target is None or v == target:
            return i
    return None


@pytest.mark.parametrize("t", [*NUM_TYPES, pa.string(), pa.timestamp("ms")], ids=type_id)
def test_argmin_argmax(t):
    arr = make_array(t, 37, nulls=True, seed=12)
    vals = arr.to_pylist()
    if pa.types.is_floating(t):
        vals[5] = float("nan")
        arr = pa.array(vals, t)
    key = (lambda v: v.encode()) if pa.types.is_string(t) else None
    assert reduce(arr, agg.argmin(), T.INT32) == first_index(vals, lambda v: min(v, key=key))
    assert reduce(arr, agg.argmax(), T.INT32) == first_index(vals, lambda v: max(v, key=key))
    if not pa.types.is_floating(t) and not pa.types.is_string(t):
        assert reduce(arr, agg.argmin(), T.INT64) == pc.index(arr, pc.min(arr)).as_py()
        assert reduce(arr, agg.argmax(), T.INT64) == pc.index(arr, pc.max(arr)).as_py()


def test_argmax_nan_only_and_empty():
    nan = float("nan")
    assert reduce(pa.array([None, nan, nan]), agg.argmax(), T.INT32) == 1
    assert reduce(pa.array([None, nan, 1.0]), agg.argmax(), T.INT32) == 2
    assert reduce(pa.array([], pa.int32()), agg.argmin(), T.INT32) is None
    assert reduce(pa.array([None], pa.int32()), agg.argmax(), T.INT32) is None
    sliced = pa.array([50, 3, 9, 9, 1], pa.int16()).slice(1, 3)
    assert reduce(sliced, agg.argmax(), T.INT32) == 1
    with pytest.raises(TypeError, match="integer"):
        reduce(pa.array([1.0]), agg.argmax(), T.FLOAT64)


def expected_nunique(arr, policy):
    def norm(v):
        if isinstance(v, float):
            return "nan" if math.isnan(v) else v + 0.0  # -0.0 == 0.0
        return v

    vals = arr.to_pylist()
    distinct = {norm(v) for v in vals if v is not None}
    has_null = any(v is None for v in vals)
    return len(distinct) + (1 if has_null and policy == NullPolicy.INCLUDE else 0)


@pytest.mark.parametrize("t", [*NUM_TYPES, pa.string(), pa.bool_()], ids=type_id)
@pytest.mark.parametrize("policy", list(NullPolicy), ids=lambda p: p.name)
def test_nunique(t, policy):
    arr = pc.take(make_array(t, 30, nulls=True, seed=1), pa.array([i % 12 for i in range(60)]))
    assert reduce(arr, agg.nunique(policy), T.INT32) == expected_nunique(arr, policy)
    sliced = arr.slice(7, 20)
    assert reduce(sliced, agg.nunique(policy), T.INT32) == expected_nunique(sliced, policy)
    if not pa.types.is_floating(t):  # pyarrow counts -0.0 and 0.0 apart
        mode = "all" if policy == NullPolicy.INCLUDE else "only_valid"
        want = pc.count_distinct(arr, mode=mode).as_py()
        assert reduce(arr, agg.nunique(policy), T.INT32) == want


def test_nunique_floats_and_empty():
    nan = float("nan")
    arr = pa.array([nan, 0.0, -0.0, nan, 1.0, None])
    assert reduce(arr, agg.nunique(), T.INT32) == 3  # NaN, 0, 1
    assert reduce(arr, agg.nunique(NullPolicy.INCLUDE), T.INT32) == 4
    assert reduce(pa.array([], pa.int64()), agg.nunique(), T.INT32) == 0
    assert reduce(pa.array([None, None], pa.int64()), agg.nunique(), T.INT32) == 0


def test_is_valid_reduce_aggregation():
    f64 = plc.DataType(T.FLOAT64)
    for a in (agg.median(), agg.quantile([0.5]), agg.argmin(), agg.argmax(), agg.nunique()):
        assert plc.reduce.is_valid_reduce_aggregation(f64, a)


@given(
    vals=st.lists(st.one_of(st.none(), st.integers(-20, 20)), max_size=50),
    policy=st.sampled_from(list(NullPolicy)),
)
def test_property_nunique_argmin(vals, policy):
    arr = pa.array(vals, pa.int64())
    mode = "all" if policy == NullPolicy.INCLUDE else "only_valid"
    assert reduce(arr, agg.nunique(policy), T.INT32) == pc.count_distinct(arr, mode=mode).as_py()
    assert reduce(arr, agg.argmin(), T.INT32) == first_index(vals, min)
