"""``Series.searchsorted`` (``ferrodf::Series::searchsorted``) and ``DataFrame.transpose``
/ ``T`` (``ferrodf::DataFrame::transpose``), which Dask needs for ``set_index`` and for
frame-wide reductions, against pandas: nulls, empty and sliced inputs, mixed types,
MultiIndex labels and pandas' exceptions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf


def _as_array(out: Any) -> np.ndarray:
    return np.asarray(out.get() if hasattr(out, "get") else out)


HAYSTACKS = {
    "int": pd.Series([1, 3, 3, 5, 9]),
    "float_nan": pd.Series([0.5, 1.0, 2.0, np.nan]),
    "str": pd.Series(["a", "b", "b", "d"], dtype="str"),
    "dates": pd.Series(pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01"])),
    "empty": pd.Series([], dtype="int64"),
}
NEEDLES = {
    "int": [0, 3, 4, 10],
    "float_nan": [0.5, 1.5, 3.0, np.nan],
    "str": ["", "b", "c", "z"],
    "dates": pd.to_datetime(["2023-12-31", "2024-02-01", "2024-05-01"]),
    "empty": [1, -1],
}


@pytest.mark.parametrize("kind", list(HAYSTACKS))
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_matches_pandas(kind: str, side: str) -> None:
    p = HAYSTACKS[kind]
    f = ferrodf.from_pandas(p)
    needles = NEEDLES[kind]
    got = _as_array(f.searchsorted(needles, side=side))
    expected = p.searchsorted(needles, side=side)
    np.testing.assert_array_equal(got, expected)
    assert got.dtype == np.int64
    scalar = needles[1]
    got_scalar = f.searchsorted(scalar, side=side)
    assert got_scalar == p.searchsorted(scalar, side=side)
    assert isinstance(got_scalar, np.integer)


def test_searchsorted_mixed_numeric_and_series_needles() -> None:
    p = pd.Series(np.array([1, 2, 4, 8], dtype="int32"))
    f = ferrodf.from_pandas(p)
    needles = pd.Series([1.5, 2.0, 8.5])
    np.testing.assert_array_equal(
        _as_array(f.searchsorted(ferrodf.from_pandas(needles), side="right")),
        p.searchsorted(needles, side="right"),
    )


def test_searchsorted_sliced_and_sorter() -> None:
    p = pd.Series([9, 1, 3, 3, 5, 7])
    f = ferrodf.from_pandas(p)
    np.testing.assert_array_equal(
        _as_array(f.iloc[1:].searchsorted([3, 6])), p.iloc[1:].searchsorted([3, 6])
    )
    unsorted = pd.Series([5, 1, 4, 2])
    sorter = unsorted.argsort().to_numpy()
    got = ferrodf.from_pandas(unsorted).searchsorted([3, 0, 6], sorter=sorter)
    np.testing.assert_array_equal(_as_array(got), unsorted.searchsorted([3, 0, 6], sorter=sorter))


def test_searchsorted_errors() -> None:
    f = ferrodf.Series([1, 2, 3])
    with pytest.raises(ValueError, match="side"):
        f.searchsorted(2, side="middle")
    with pytest.raises(TypeError, match="cannot be ordered"):
        f.searchsorted(["a"])
    with pytest.raises(IndexError, match="sorter holds positions outside"):
        f.searchsorted(2, sorter=[0, 1, 7])
    with pytest.raises(ValueError, match="sorter has 2 positions"):
        f.searchsorted(2, sorter=[0, 1])


@settings(max_examples=60, deadline=None)
@given(
    hay=st.lists(st.integers(-50, 50) | st.none(), max_size=30),
    needles=st.lists(st.integers(-60, 60), max_size=10),
    side=st.sampled_from(["left", "right"]),
)
def test_searchsorted_property(hay: list[int | None], needles: list[int], side: str) -> None:
    # pandas (NumPy) sorts NaN last; a sorted haystack with its missing values at the end
    p = pd.Series(
        sorted(v for v in hay if v is not None) + [None] * hay.count(None), dtype="Float64"
    )
    f = ferrodf.from_pandas(p)
    expected = p.astype("float64").to_numpy().searchsorted(np.array(needles, dtype=float), side)
    np.testing.assert_array_equal(_as_array(f.searchsorted(needles, side=side)), expected)


FRAMES = {
    "numeric_mixed": pd.DataFrame(
        {"a": [1, 2, 3], "b": [0.5, np.nan, 2.5], "c": np.array([1, 0, 1], dtype="int8")},
        index=["x", "y", "z"],
    ),
    "strings": pd.DataFrame({"a": ["p", None, "r"], "b": ["s", "t", ""]}, dtype="str"),
    "bools": pd.DataFrame({"a": [True, False], "b": [False, False]}),
    "one_row": pd.DataFrame({"a": [1.0], "b": [2.0]}, index=[7]),
    "no_rows": pd.DataFrame(
        {"a": pd.Series([], dtype="float64"), "b": pd.Series([], dtype="float64")}
    ),
    "dates": pd.DataFrame(
        {
            "a": pd.to_datetime(["2024-01-01", None]),
            "b": pd.to_datetime(["2024-05-01", "2024-06-01"]),
        }
    ),
}


@pytest.mark.parametrize("name", list(FRAMES))
@pytest.mark.parametrize("sliced", [False, True])
def test_transpose_matches_pandas(name: str, sliced: bool) -> None:
    p = FRAMES[name]
    f = ferrodf.from_pandas(p)
    if sliced:
        p, f = p.iloc[1:], f.iloc[1:]
    expected = p.T
    if name == "numeric_mixed":
        expected = expected.astype("float64")
    got = f.T.to_pandas()
    if name == "no_rows" or (sliced and len(p) == 0):
        # no values: pandas gives object columns, ferrodf float64 (docs/migration.md)
        assert got.shape == expected.shape
        assert list(got.index) == list(expected.index)
        return
    pd.testing.assert_frame_equal(got, expected, check_index_type=False, check_column_type=False)
    pd.testing.assert_frame_equal(f.transpose().to_pandas(), got)


def test_transpose_multiindex_labels_and_names() -> None:
    cols = pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("b", "x")], names=["up", "down"])
    idx = pd.Index([10, 20], name="row")
    p = pd.DataFrame([[1, 2, 3], [4, 5, 6]], columns=cols, index=idx)
    got = ferrodf.from_pandas(p).T.to_pandas()
    pd.testing.assert_frame_equal(got, p.T, check_index_type=False, check_column_type=False)
    assert list(got.index.names) == ["up", "down"]
    assert got.columns.name == "row"


def test_series_to_frame_transpose_is_one_row() -> None:
    # what Dask does with each partition's reduction
    p = pd.DataFrame({"x": [1.0, 2.0], "y": [3, 4]})
    f = ferrodf.from_pandas(p)
    got = f.sum().to_frame().T
    got = got.to_pandas() if hasattr(got, "to_pandas") else got
    pd.testing.assert_frame_equal(got, p.sum().to_frame().T, check_index_type=False)


def test_transpose_rejects_object_mix() -> None:
    f = ferrodf.DataFrame({"a": [1, 2], "s": ["x", "y"]})
    with pytest.raises(TypeError, match="transpose needs columns of one kind"):
        _ = f.T
    with pytest.raises(TypeError, match="no positional arguments"):
        f.transpose(1)
