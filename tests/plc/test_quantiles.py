"""plc.quantiles against numpy.quantile and a plain-Python oracle of libcudf's rules.

quantile reads the column in the order of ordered_indices (row order without them), never
sorting: pos = q * (size - 1) with q clamped to [0, 1]; LINEAR, LOWER, HIGHER, MIDPOINT,
NEAREST (half to even) as numpy defines them; a result is null when a value it reads is
null. quantiles gathers whole rows at LOWER/HIGHER/NEAREST positions of the sorted order.
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

Interp = plc.types.Interpolation
Order = plc.types.Order
NullOrder = plc.types.NullOrder

NUMPY_METHOD = {
    Interp.LINEAR: "linear",
    Interp.LOWER: "lower",
    Interp.HIGHER: "higher",
    Interp.MIDPOINT: "midpoint",
    Interp.NEAREST: "nearest",
}

QS = [0.0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1.0, -0.5, 1.5]


def expected_quantile(vals, order, q, interp, exact=True):
    """libcudf's quantile of vals read in `order` (None entries are nulls)."""
    out = []
    size = len(order)
    for qv in q:
        qc = min(max(qv, 0.0), 1.0)
        pos = qc * (size - 1)
        lo, hi, near = math.floor(pos), math.ceil(pos), round(pos)
        frac = pos - lo
        vl, vh, vn = vals[order[lo]], vals[order[hi]], vals[order[near]]
        if interp == Interp.NEAREST:
            out.append(None if vn is None else float(vn))
            continue
        if interp == Interp.LOWER:
            out.append(None if vl is None else float(vl))
            continue
        if interp == Interp.HIGHER:
            out.append(None if vh is None else float(vh))
            continue
        if vl is None or vh is None:
            out.append(None)
        elif interp == Interp.LINEAR:
            out.append((1.0 - frac) * float(vl) + frac * float(vh))
        else:
            out.append(float(vl) / 2 + float(vh) / 2)
    return out


@pytest.mark.parametrize(
    "t", [pa.int32(), pa.int64(), pa.uint8(), pa.float32(), pa.float64()], ids=type_id
)
@pytest.mark.parametrize("interp", list(Interp), ids=lambda i: i.name)
def test_quantile_against_numpy(t, interp):
    arr = make_array(t, 51, nulls=False, seed=4)
    if pa.types.is_floating(t):
        # numpy's MIDPOINT of two infinities is NaN where libcudf's a/2 + b/2 is inf
        arr = pc.if_else(pc.is_finite(arr), arr, pa.scalar(1.0, t))
    srt = pc.sort_indices(arr)
    got = plc.quantiles.quantile(
        plc.Column.from_arrow(arr), QS[:8], interp, plc.Column.from_arrow(srt.cast(pa.int32()))
    )
    assert got.type().id() == plc.TypeId.FLOAT64
    want = np.quantile(arr.to_numpy().astype(np.float64), QS[:8], method=NUMPY_METHOD[interp])
    np.testing.assert_allclose(np.array(got.to_pylist()), want, rtol=1e-12)


@pytest.mark.parametrize("interp", list(Interp), ids=lambda i: i.name)
@pytest.mark.parametrize("with_order", [True, False], ids=["ordered", "row_order"])
def test_quantile_nulls_and_order(interp, with_order):
    arr = make_array(pa.float64(), 23, nulls=True, seed=8)
    vals = arr.to_pylist()
    order = list(range(len(vals)))
    if with_order:
        order = order[::-1][3:]  # any order, not all rows, with nulls in it
    ix = plc.Column.from_arrow(pa.array(order, pa.int32())) if with_order else None
    got = plc.quantiles.quantile(plc.Column.from_arrow(arr), QS, interp, ix)
    assert got.to_pylist() == pytest.approx(expected_quantile(vals, order, QS, interp))


@pytest.mark.parametrize("t", [pa.int16(), pa.int64(), pa.float32()], ids=type_id)
def test_quantile_not_exact_keeps_type(t):
    arr = make_array(t, 20, nulls=False, seed=2)
    srt = pc.sort_indices(arr).cast(pa.int32())
    got = plc.quantiles.quantile(
        plc.Column.from_arrow(arr), [0.3, 0.5], Interp.LINEAR, plc.Column.from_arrow(srt), False
    )
    assert got.type() == plc.Column.from_arrow(arr).type()
    want = expected_quantile(arr.to_pylist(), srt.to_pylist(), [0.3, 0.5], Interp.LINEAR)
    if pa.types.is_integer(t):
        want = [int(w) for w in want]  # C++ conversion truncates
        assert got.to_pylist() == want
    else:
        assert got.to_pylist() == pytest.approx(want, rel=1e-6)


def test_quantile_sliced_and_empty():
    arr = pa.array([100.0, 5.0, 1.0, None, 3.0, 7.0], pa.float64()).slice(1, 5)
    got = plc.quantiles.quantile(plc.Column.from_arrow(arr), [0.0, 0.5, 1.0])
    assert got.to_pylist() == expected_quantile(
        arr.to_pylist(), list(range(5)), [0.0, 0.5, 1.0], Interp.LINEAR
    )
    empty = plc.quantiles.quantile(plc.Column.from_arrow(pa.array([], pa.int32())), [0.5, 0.1])
    assert empty.to_pylist() == [None, None]
    none = plc.quantiles.quantile(plc.Column.from_arrow(arr), [])
    assert none.size() == 0


def test_quantile_errors():
    col = plc.Column.from_arrow(pa.array([1.0, 2.0]))
    with pytest.raises(TypeError, match="INT32"):
        plc.quantiles.quantile(col, [0.5], Interp.LINEAR, plc.Column.from_arrow(pa.array([0, 1])))
    with pytest.raises(TypeError, match="integer, float"):
        plc.quantiles.quantile(plc.Column.from_arrow(pa.array(["a"])), [0.5])
    with pytest.raises(TypeError, match="q must"):
        plc.quantiles.quantile(col, ["x"])


def table_rows(t: plc.Table) -> list[tuple]:
    cols = [c.to_arrow().to_pylist() for c in t.columns()]
    return list(zip(*cols, strict=True))


@pytest.mark.parametrize(
    "interp", [Interp.LOWER, Interp.HIGHER, Interp.NEAREST], ids=lambda i: i.name
)
def test_quantiles_table(interp):
    a = make_array(pa.int32(), 30, nulls=True, seed=5)
    b = make_array(pa.string(), 30, nulls=False, seed=6)
    tbl = pa.table({"a": a, "b": b})
    orders, nulls = [Order.DESCENDING, Order.ASCENDING], [NullOrder.AFTER, NullOrder.BEFORE]
    # DESCENDING with nulls AFTER (above every value) puts the nulls first
    keys = [("a", "descending", "at_start"), ("b", "ascending", "at_start")]
    srt = tbl.take(pc.sort_indices(tbl, sort_keys=keys))
    n = len(srt)
    positions = []
    for qv in QS:
        pos = min(max(qv, 0.0), 1.0) * (n - 1)
        positions.append(
            {
                Interp.LOWER: math.floor(pos),
                Interp.HIGHER: math.ceil(pos),
                Interp.NEAREST: round(pos),
            }[interp]
        )
    want = [tuple(r.values()) for r in srt.take(positions).to_pylist()]
    ptbl = plc.Table([plc.Column.from_arrow(a), plc.Column.from_arrow(b)])
    got = plc.quantiles.quantiles(ptbl, QS, interp, plc.types.Sorted.NO, orders, nulls)
    assert table_rows(got) == want
    presorted = plc.Table([plc.Column.from_arrow(c.combine_chunks()) for c in srt.columns])
    got = plc.quantiles.quantiles(presorted, QS, interp, plc.types.Sorted.YES)
    assert table_rows(got) == want


def test_quantiles_errors():
    t = plc.Table([plc.Column.from_arrow(pa.array([1, 2]))])
    with pytest.raises(ValueError, match="LOWER, HIGHER or NEAREST"):
        plc.quantiles.quantiles(t, [0.5], Interp.LINEAR)
    empty = plc.Table([plc.Column.from_arrow(pa.array([], pa.int64()))])
    with pytest.raises(ValueError, match="at least one"):
        plc.quantiles.quantiles(empty, [0.5])


@given(
    vals=st.lists(st.one_of(st.none(), st.integers(-1000, 1000)), min_size=1, max_size=60),
    q=st.lists(st.floats(-0.2, 1.2), max_size=8),
    interp=st.sampled_from(list(Interp)),
)
def test_property_quantile(vals, q, interp):
    arr = pa.array(vals, pa.int64())
    order = sorted(range(len(vals)), key=lambda i: (vals[i] is None, vals[i] or 0))
    ix = plc.Column.from_arrow(pa.array(order, pa.int32()))
    got = plc.quantiles.quantile(plc.Column.from_arrow(arr), q, interp, ix)
    assert got.to_pylist() == pytest.approx(expected_quantile(vals, order, q, interp))
