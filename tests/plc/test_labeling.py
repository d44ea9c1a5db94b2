"""plc.labeling.label_bins. Oracles: pandas.cut (with an IntervalIndex of the bins) and a
plain Python loop over the bins for the inclusivity combinations pandas cannot express."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import assert_column_eq, type_id
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc

Inc = plc.labeling.Inclusive


def col(values, t) -> plc.Column:
    return plc.Column.from_arrow(pa.array(values, t))


def loop_labels(values, left, left_inc, right, right_inc) -> list:
    """The first bin (of sorted, disjoint bins) that holds each value."""
    out = []
    for v in values:
        label = None
        if v is not None and not (isinstance(v, float) and math.isnan(v)):
            for k, (lo, hi) in enumerate(zip(left, right, strict=True)):
                if (lo <= v if left_inc else lo < v) and (v <= hi if right_inc else v < hi):
                    label = k
                    break
        out.append(label)
    return out


TYPES = [pa.int8(), pa.int32(), pa.int64(), pa.uint16(), pa.uint64(), pa.float32(), pa.float64()]


@pytest.mark.parametrize("t", TYPES, ids=type_id)
@pytest.mark.parametrize("li", [Inc.YES, Inc.NO])
@pytest.mark.parametrize("ri", [Inc.YES, Inc.NO])
def test_label_bins(t, li, ri):
    values = [0, 1, 5, 10, 11, 19, 20, None, 25, 30, 31, 40, 100, 3, None]
    if pa.types.is_floating(t):
        values += [float("nan"), 10.5, 19.999]
    left, right = [0, 10, 20, 30], [5, 19, 25, 40]
    got = plc.labeling.label_bins(col(values, t), col(left, t), li, col(right, t), ri)
    want = loop_labels(values, left, li == Inc.YES, right, ri == Inc.YES)
    assert_column_eq(got, pa.array(want, pa.int32()))


def test_label_bins_matches_pandas_cut():
    rng = np.random.default_rng(0)
    values = rng.uniform(-5, 105, 200).round(1)
    edges = [0.0, 12.5, 40.0, 41.0, 100.0]
    got = plc.labeling.label_bins(
        col(values, pa.float64()),
        col(edges[:-1], pa.float64()),
        Inc.NO,
        col(edges[1:], pa.float64()),
        Inc.YES,
    )
    want = pd.cut(values, edges, labels=False, right=True)
    expected = pa.array([None if math.isnan(w) else int(w) for w in want], pa.int32())
    assert_column_eq(got, expected)


def test_label_bins_sliced_and_empty():
    values = pa.array([None, 3, 7, 12, 1, 9, None, 15], pa.int32()).slice(1, 6)
    left, right = [0, 5, 10], [5, 10, 15]
    got = plc.labeling.label_bins(
        plc.Column.from_arrow(values),
        col(left, pa.int32()),
        Inc.YES,
        col(right, pa.int32()),
        Inc.NO,
    )
    assert_column_eq(
        got, pa.array(loop_labels(values.to_pylist(), left, True, right, False), pa.int32())
    )
    empty = plc.labeling.label_bins(
        col([], pa.int32()), col(left, pa.int32()), Inc.YES, col(right, pa.int32()), Inc.NO
    )
    assert_column_eq(empty, pa.array([], pa.int32()))
    no_bins = plc.labeling.label_bins(
        col([1, 2], pa.int32()), col([], pa.int32()), Inc.YES, col([], pa.int32()), Inc.NO
    )
    assert_column_eq(no_bins, pa.array([None, None], pa.int32()))


def test_label_bins_timestamps():
    t = pa.timestamp("s")
    values = pa.array([0, 50, 100, 150, None], pa.int64()).cast(t)
    left, right = pa.array([0, 100], pa.int64()).cast(t), pa.array([100, 200], pa.int64()).cast(t)
    got = plc.labeling.label_bins(
        plc.Column.from_arrow(values),
        plc.Column.from_arrow(left),
        Inc.YES,
        plc.Column.from_arrow(right),
        Inc.NO,
    )
    want = loop_labels(
        pa.array([0, 50, 100, 150, None]).to_pylist(), [0, 100], True, [100, 200], False
    )
    assert_column_eq(got, pa.array(want, pa.int32()))


def test_label_bins_errors():
    i32 = [1, 2]
    with pytest.raises(TypeError, match="must have the same type"):
        plc.labeling.label_bins(
            col(i32, pa.int32()), col([0], pa.int64()), Inc.YES, col([3], pa.int32()), Inc.YES
        )
    with pytest.raises(ValueError, match="as many left edges as right edges"):
        plc.labeling.label_bins(
            col(i32, pa.int32()), col([0, 1], pa.int32()), Inc.YES, col([3], pa.int32()), Inc.YES
        )
    with pytest.raises(ValueError, match="cannot contain nulls"):
        plc.labeling.label_bins(
            col(i32, pa.int32()), col([None], pa.int32()), Inc.YES, col([3], pa.int32()), Inc.YES
        )
    with pytest.raises(TypeError, match="must be numeric"):
        plc.labeling.label_bins(
            col(["a"], pa.string()),
            col(["a"], pa.string()),
            Inc.YES,
            col(["b"], pa.string()),
            Inc.YES,
        )
    with pytest.raises(ValueError, match="7 is not a valid Inclusive"):
        plc.labeling.label_bins(
            col(i32, pa.int32()), col([0], pa.int32()), 7, col([3], pa.int32()), Inc.YES
        )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-50, 50)), max_size=40),
    st.lists(st.integers(-60, 60), min_size=0, max_size=12, unique=True),
    st.booleans(),
    st.booleans(),
)
def test_label_bins_property(values, points, li, ri):
    points = sorted(points)
    # disjoint bins between consecutive points (every other gap)
    left, right = points[0:-1:2], points[1::2]
    got = plc.labeling.label_bins(
        col(values, pa.int64()),
        col(left, pa.int64()),
        Inc.YES if li else Inc.NO,
        col(right, pa.int64()),
        Inc.YES if ri else Inc.NO,
    )
    assert got.to_arrow().to_pylist() == loop_labels(values, left, li, right, ri)
