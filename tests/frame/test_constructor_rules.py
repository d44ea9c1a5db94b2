"""``DataFrame(dict, index=...)``: the alignment, length and broadcast rules decided in
Rust (``ferrodf::DataFrame::from_entries``), against pandas given the same inputs."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ferrodf import DataFrame, Series


def to_ferrodf(value):
    return Series(value) if isinstance(value, pd.Series) else value


def both(data, **kwargs):
    """``DataFrame(data, **kwargs)`` in pandas and in ferrodf (Series given as ferrodf
    Series): equal frames, or the same exception type."""
    try:
        expected = pd.DataFrame(data, **kwargs)
    except Exception as e:  # the oracle decides which inputs are errors
        # no match=: the type is pandas' (the oracle), the wording depends on the input
        with pytest.raises(type(e)):
            DataFrame({k: to_ferrodf(v) for k, v in data.items()}, **kwargs)
        return
    got = DataFrame({k: to_ferrodf(v) for k, v in data.items()}, **kwargs)
    pd.testing.assert_frame_equal(got.to_pandas(), expected, check_column_type=False)


a = pd.Series([1.0, 2.0, 3.0], index=[10, 20, 30])
b = pd.Series([5.0, 6.0], index=[30, 40])


@pytest.mark.parametrize(
    ("data", "kwargs"),
    [
        ({"a": a, "b": b}, {}),  # the sorted union of the labels
        ({"a": a, "b": a * 2}, {}),  # the same labels: kept
        ({"a": a, "k": 7}, {}),  # a scalar next to a Series
        ({"a": a, "b": b}, {"index": [40, 10, 99]}),  # aligned on the index given
        ({"x": [1, 2], "k": 1.5}, {}),
        ({"x": [1, 2], "y": [1, 2, 3]}, {}),  # unequal lengths
        ({"k": 1}, {}),  # only scalars and no index
        ({"k": 1, "s": "t"}, {"index": ["p", "q"]}),
        ({"x": [1, 2]}, {"index": ["p", "q", "r"]}),  # wrong length for the index
        ({}, {}),
        ({"a": a.iloc[1:], "b": b.iloc[:1]}, {}),  # sliced Series
        ({"a": pd.Series([], dtype="float64"), "b": b}, {}),
        ({"a": pd.Series([np.nan, None, 1.0], index=[3, 1, 2])}, {}),
    ],
    ids=lambda v: repr(v)[:40],
)
def test_dict_rules(data, kwargs):
    both(data, **kwargs)


def test_columns_without_data_make_missing_rows():
    got = DataFrame(columns=["a", "b"], index=[1, 2])
    assert got.shape == (2, 2)
    assert got.isna().to_pandas().all().all()
    assert DataFrame(columns=["a"]).shape == (0, 1)


def test_pandas_multiindex_columns_keep_level_names():
    pdf = pd.DataFrame(
        [[1, 2], [3, 4]],
        columns=pd.MultiIndex.from_tuples([("a", "x"), ("a", "y")], names=["top", "sub"]),
    )
    pd.testing.assert_frame_equal(DataFrame(pdf).to_pandas(), pdf, check_column_type=False)


def test_duplicate_series_labels_cannot_align():
    dup = pd.Series([1.0, 2.0], index=[1, 1])
    with pytest.raises(ValueError, match="duplicate labels"):
        DataFrame({"a": Series(dup), "b": Series(b)})


@given(
    left=st.lists(st.integers(0, 9), unique=True, max_size=6),
    right=st.lists(st.integers(0, 9), unique=True, max_size=6),
    scalar=st.none() | st.integers(-5, 5),
)
def test_series_union_matches_pandas(left, right, scalar):
    data = {
        "l": pd.Series(np.arange(len(left), dtype="float64"), index=pd.Index(left, dtype="int64")),
        "r": pd.Series(np.arange(len(right), dtype="int64"), index=pd.Index(right, dtype="int64")),
    }
    if scalar is not None:
        data["k"] = scalar
    both(data)
