"""``merge(sort=True)``: rows ordered by the join keys, equal keys in the order the
unsorted join gives (``ferrodf::Merge::sort``), against pandas."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf


def _same(got: ferrodf.DataFrame, want: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(
        got.to_pandas().reset_index(drop=True),
        want.reset_index(drop=True),
    )


def _frames(seed: int, n: int, m: int, with_nulls: bool) -> tuple[pd.DataFrame, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    keys = np.array(["d", "b", "a", "c", None if with_nulls else "e"], dtype=object)
    left = pd.DataFrame(
        {"k": keys[rng.integers(0, 5, n)], "j": rng.integers(0, 3, n), "x": np.arange(n)}
    )
    right = pd.DataFrame(
        {"k": keys[rng.integers(0, 5, m)], "j": rng.integers(0, 3, m), "y": np.arange(m) * 10}
    )
    return left, right


@pytest.mark.parametrize("how", ["inner", "left", "right", "outer"])
@pytest.mark.parametrize("on", ["k", ["k", "j"], "j"])
@pytest.mark.parametrize("with_nulls", [False, True])
def test_sorted_merge_matches_pandas(how, on, with_nulls):
    left, right = _frames(len(str(on)) + 7 * with_nulls, 23, 17, with_nulls)
    got = ferrodf.DataFrame(left).merge(ferrodf.DataFrame(right), how=how, on=on, sort=True)
    _same(got, left.merge(right, how=how, on=on, sort=True))


@pytest.mark.parametrize("how", ["inner", "left", "right", "outer"])
def test_unsorted_merge_keeps_pandas_order(how):
    left, right = _frames(3, 19, 11, False)
    got = ferrodf.merge(ferrodf.DataFrame(left), ferrodf.DataFrame(right), how=how, on="k")
    _same(got, pd.merge(left, right, how=how, on="k", sort=False))


@pytest.mark.parametrize("how", ["inner", "left", "right", "outer"])
def test_sorted_merge_on_the_indexes(how):
    left = pd.DataFrame({"x": [1, 2, 3, 4]}, index=[30, 10, 20, 10])
    right = pd.DataFrame({"y": [5, 6, 7]}, index=[20, 40, 10])
    got = ferrodf.DataFrame(left).merge(
        ferrodf.DataFrame(right), how=how, left_index=True, right_index=True, sort=True
    )
    want = left.merge(right, how=how, left_index=True, right_index=True, sort=True)
    pd.testing.assert_frame_equal(got.to_pandas(), want)


def _missing(label) -> bool:
    parts = label if isinstance(label, tuple) else (label,)
    return any(pd.isna(p) for p in parts)


def _same_rows_and_labels(got: pd.DataFrame, want: pd.DataFrame) -> None:
    """Values in order, and the row labels, a missing one (or a tuple with one) as None:
    where rows lack a MultiIndex label, pandas turns the index into an Index of tuples
    and ferrodf keeps a MultiIndex with missing levels (docs/migration.md)."""
    _same(ferrodf.from_pandas(got), want)
    labels = [None if _missing(x) else x for x in got.index]
    assert labels == [None if _missing(x) else x for x in want.index]


@pytest.mark.parametrize("how", ["inner", "left", "right", "outer"])
@pytest.mark.parametrize("labels", [[10, 20, 30, 40], ["a", "b", "c", "d"], "multi"])
def test_merge_of_a_key_column_with_an_index_keeps_the_column_sides_labels(how, labels):
    """left_on with right_index (and the mirror): the result's row labels are the column
    side's, missing for rows that only the index side has (pandas; Dask's p2p shuffle
    routes rows this way)."""
    if labels == "multi":
        labels = pd.MultiIndex.from_tuples([("p", 1), ("p", 2), ("q", 1), ("q", 2)])
    left = pd.DataFrame({"k": [1, 2, 3, 2], "x": [0.5, 1.5, 2.5, 3.5]}, index=labels)
    right = pd.DataFrame({"v": [5, 6]}, index=[2, 4])
    fl, fr = ferrodf.DataFrame(left), ferrodf.DataFrame(right)
    got = fl.merge(fr, left_on="k", right_index=True, how=how).to_pandas()
    _same_rows_and_labels(got, left.merge(right, left_on="k", right_index=True, how=how))
    got = fr.merge(fl, left_index=True, right_on="k", how=how).to_pandas()
    _same_rows_and_labels(got, right.merge(left, left_index=True, right_on="k", how=how))


def test_sorted_merge_of_empty_and_sliced_frames():
    left, right = _frames(5, 30, 12, True)
    empty = ferrodf.DataFrame(left.iloc[:0])
    got = empty.merge(ferrodf.DataFrame(right), on="k", how="outer", sort=True)
    _same(got, left.iloc[:0].merge(right, on="k", how="outer", sort=True))
    sliced = ferrodf.DataFrame(left).iloc[7:25]
    got = sliced.merge(ferrodf.DataFrame(right), on="k", how="left", sort=True)
    _same(got, left.iloc[7:25].merge(right, on="k", how="left", sort=True))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(-3, 3), min_size=0, max_size=15),
    st.lists(st.integers(-3, 3), min_size=0, max_size=15),
    st.sampled_from(["inner", "left", "right", "outer"]),
)
def test_sorted_merge_property(lk, rk, how):
    left = pd.DataFrame({"k": pd.Series(lk, dtype="int64"), "x": np.arange(len(lk))})
    right = pd.DataFrame({"k": pd.Series(rk, dtype="int64"), "y": np.arange(len(rk))})
    got = ferrodf.DataFrame(left).merge(ferrodf.DataFrame(right), on="k", how=how, sort=True)
    _same(got, left.merge(right, on="k", how=how, sort=True))
