"""``.loc`` rules decided in Rust (``ferrodf::loc``: ``Index::locate``,
``DataFrame::loc_get``, ``Series::loc_get``/``loc_set``/``iloc_set``,
``DataFrame::drop_labels``), against pandas: result shapes, MultiIndex prefixes, stepped
label slices, assignment through a Series, nulls, empty and sliced inputs, errors."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ferrodf
from ferrodf import DataFrame, Series


def same(got, expected):
    """``got`` (a ferrodf result) equals pandas' ``expected``: frames and Series with
    their index and dtypes, scalars by value (missing as missing)."""
    if isinstance(expected, pd.DataFrame):
        pd.testing.assert_frame_equal(got.to_pandas(), expected)
    elif isinstance(expected, pd.Series):
        got = got if isinstance(got, pd.Series) else got.to_pandas()
        pd.testing.assert_series_equal(got, expected)
    elif pd.isna(expected):
        assert got is None or pd.isna(got)
    else:
        assert got == expected


def both(f, fd, pdf):
    """``f`` on ferrodf's ``fd`` and pandas' ``pdf``: equal results, or the same
    exception type from both."""
    try:
        expected = f(pdf)
    except Exception as e:  # the oracle decides which errors are right
        # no match=: the type is pandas' (the oracle), the wording depends on the key
        with pytest.raises(type(e)):
            f(fd)
        return
    same(f(fd), expected)


@pytest.fixture
def multi():
    idx = pd.MultiIndex.from_tuples(
        [("a", 1), ("a", 2), ("b", 1), ("b", 2), ("c", 1)], names=["k", "n"]
    )
    return pd.DataFrame({"x": [1, 2, 3, 4, 5], "y": [0.5, None, 2.5, 3.5, 4.5]}, index=idx)


@pytest.mark.parametrize(
    "key",
    [
        "a",  # a prefix: the rows under it, the level dropped
        ("b", 2),  # one whole label: the row
        (("b", 2), "y"),  # a label and a column: one value
        (("a", 2), "y"),  # a missing cell
        ("a", "x"),  # a prefix and a column: a Series, level dropped
        [("a", 1), ("c", 1)],  # labels as tuples
        (slice(None), "x"),
        ("zz", 1),  # missing
    ],
    ids=repr,
)
def test_multiindex_keys(multi, key):
    both(lambda d: d.loc[key], DataFrame(multi), multi)


def test_multiindex_series_prefix(multi):
    s = multi["x"]
    both(lambda d: d.loc["b"], Series(s), s)
    both(lambda d: d.loc[("b", 1)], Series(s), s)


@pytest.fixture
def flat():
    return pd.DataFrame(
        {"x": [1, 2, 3, 4, 5], "s": ["v", None, "x", "y", "z"], "f": [0.5, np.nan, 2, 3, 4]},
        index=pd.Index([10, 20, 30, 40, 50], name="k"),
    )


@pytest.mark.parametrize(
    "key",
    [
        slice(20, 50, 2),
        slice(None, None, 2),
        slice(50, 20, -1),
        slice(None, None, -1),
        slice(40, None, -2),
        slice(20, 10, -1),
        slice(20, 40, 0),
    ],
    ids=repr,
)
def test_stepped_label_slices(flat, key):
    both(lambda d: d.loc[key], DataFrame(flat), flat)
    both(lambda d: d["x"].loc[key], DataFrame(flat), flat)


@pytest.mark.parametrize(
    "key",
    [
        30,
        (30, "s"),
        (20, "s"),  # a missing string
        (20, "f"),  # a missing float
        ([10, 30], "x"),
        (slice(20, 40), ["x", "f"]),
        [True, False, True, False, True],
        [True, False],  # wrong length
        np.array([False] * 5),
        99,
        "x",  # a column label is no row label
    ],
    ids=repr,
)
def test_flat_keys(flat, key):
    both(lambda d: d.loc[key], DataFrame(flat), flat)


@pytest.mark.parametrize("key", [slice(None, 25), slice(25, None), slice(45, 15), slice(5, 99)])
def test_missing_bounds_on_a_decreasing_index(key):
    """pandas finds a missing slice bound in a decreasing index too (found by the
    Hypothesis test below)."""
    pdf = pd.DataFrame({"x": [1, 2, 3, 4]}, index=[40, 30, 20, 10])
    both(lambda d: d.loc[key], DataFrame(pdf), pdf)
    both(lambda d: d["x"].loc[key], DataFrame(pdf), pdf)


def test_mixed_row_is_an_object_row(flat):
    got = DataFrame(flat).loc[30]
    pd.testing.assert_series_equal(got, flat.loc[30])


def test_boolean_series_over_other_labels_is_refused(flat):
    mask = Series([True] * 5)
    with pytest.raises(ValueError, match="unalignable boolean Series"):
        DataFrame(flat).loc[mask]


def test_sliced_frame(flat):
    # a zero-copy slice (offset 2) of a ferrodf frame, against the same rows in pandas
    fd = DataFrame(flat).iloc[2:]
    pdf = flat.iloc[2:]
    for key in [40, slice(30, 50), [50, 30], (40, "s"), slice(None, None, -1)]:
        same(fd.loc[key], pdf.loc[key])


def test_empty_frame():
    pdf = pd.DataFrame({"x": pd.Series([], dtype="int64")}, index=pd.Index([], dtype="int64"))
    fd = DataFrame(pdf)
    same(fd.loc[[]], pdf.loc[[]])
    same(fd.loc[:], pdf.loc[:])
    with pytest.raises(KeyError, match="0 not found in the index"):
        fd.loc[0]


# -- Series assignment -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        (20, 7),
        ([10, 50], 0),
        (slice(20, 40), -1),
        (60, 9),  # a new label appends
        (20, None),
        (20, 1.5),  # an int Series cannot hold 1.5: TypeError in pandas 3
        ([10, 20], [8, 9]),
    ],
    ids=repr,
)
def test_series_loc_set(key, value):
    ps = pd.Series([1, 2, 3, 4, 5], index=[10, 20, 30, 40, 50], name="v", dtype="float64")
    pi = ps.astype("int64")
    for p in (ps, pi):
        s = Series(p)
        expected = p.copy()
        try:
            expected.loc[key] = value
        except Exception as e:  # pandas decides
            # no match=: the type is pandas' (the oracle), the wording depends on the key
            with pytest.raises(type(e)):
                s.loc[key] = value
            pd.testing.assert_series_equal(s.to_pandas(), p)  # unchanged
            continue
        s.loc[key] = value
        pd.testing.assert_series_equal(s.to_pandas(), expected)


def test_series_loc_set_by_mask_and_series():
    p = pd.Series([1.0, 2.0, 3.0], index=["a", "b", "c"])
    s = Series(p)
    s.loc[s > 1.5] = 0.0
    expected = p.copy()
    expected.loc[p > 1.5] = 0.0
    pd.testing.assert_series_equal(s.to_pandas(), expected)
    s.loc[["c", "a"]] = Series(pd.Series([7.0, 9.0], index=["a", "c"]))
    expected.loc[["c", "a"]] = pd.Series([7.0, 9.0], index=["a", "c"])
    pd.testing.assert_series_equal(s.to_pandas(), expected)


@pytest.mark.parametrize(
    ("key", "value"),
    [(0, 5), (slice(1, 3), 0), ([0, -1], 4), (slice(None, None, 2), 1), (7, 1)],
    ids=repr,
)
def test_series_iloc_set_and_setitem(key, value):
    p = pd.Series([1, 2, 3, 4], name="n")
    for setter in ("iloc", "item"):
        s = Series(p)
        expected = p.copy()
        try:
            if setter == "iloc":
                expected.iloc[key] = value
            else:
                expected[key] = value
        except Exception as e:  # pandas decides
            # no match=: the type is pandas' (the oracle), the wording depends on the key
            with pytest.raises(type(e)):
                if setter == "iloc":
                    s.iloc[key] = value
                else:
                    s[key] = value
            continue
        if setter == "iloc":
            s.iloc[key] = value
        else:
            s[key] = value
        pd.testing.assert_series_equal(s.to_pandas(), expected)


def test_series_setitem_on_a_slice_leaves_the_source():
    p = pd.Series([1, 2, 3, 4])
    whole = Series(p)
    part = whole.iloc[1:]
    part.loc[2] = 9
    expected = p.iloc[1:].copy()
    expected.loc[2] = 9
    pd.testing.assert_series_equal(part.to_pandas(), expected)
    pd.testing.assert_series_equal(whole.to_pandas(), p)


# -- drop(index=) ------------------------------------------------------------------------


@pytest.mark.parametrize("labels", ["a", ["a", "c"], [("b", 1)], "zz"], ids=repr)
def test_drop_index_labels_multiindex(multi, labels):
    both(lambda d: d.drop(index=labels), DataFrame(multi), multi)


@pytest.mark.parametrize("labels", [20, [10, 50], [10, 10], [], 99], ids=repr)
def test_drop_index_labels(flat, labels):
    both(lambda d: d.drop(index=labels), DataFrame(flat), flat)


# -- property ----------------------------------------------------------------------------

keys = st.one_of(
    st.integers(0, 6),
    st.lists(st.integers(0, 6), max_size=4),
    st.tuples(st.none() | st.integers(0, 6), st.none() | st.integers(0, 6)).map(
        lambda t: slice(*t)
    ),
)


@given(
    labels=st.lists(st.integers(0, 5), min_size=0, max_size=8, unique=True),
    key=keys,
    sort=st.booleans(),
)
def test_loc_matches_pandas(labels, key, sort):
    labels = sorted(labels) if sort else labels
    pdf = pd.DataFrame({"x": np.arange(len(labels), dtype="int64")}, index=labels)
    pdf.index = pdf.index.astype("int64")
    both(lambda d: d.loc[key], DataFrame(pdf), pdf)
    both(lambda d: d["x"].loc[key], DataFrame(pdf), pdf)


def test_rust_objects_are_returned():
    df = ferrodf.DataFrame({"a": [1, 2]}, index=["p", "q"])
    assert isinstance(df.loc["p"], Series)
    assert isinstance(df.loc[["p"]], DataFrame)
    assert df.loc["q", "a"] == 2
