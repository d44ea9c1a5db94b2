"""Constructors with ``dtype=`` and MultiIndex constructors, against pandas. The casts are
the Rust frontend's (``Series::astype``, ``Index::astype``, ``Index::from_codes``), not
pandas' (they went through ``pd.Series(data, dtype=...)`` before)."""

from __future__ import annotations

import datetime

import numpy as np
import pandas as pd
import pytest

import ferrodf


@pytest.mark.parametrize(
    ("data", "dtype"),
    [
        ([1, 2, None], "float64"),
        ([1, 2, 3], np.float32),
        ([1.0, 2.0], "int64"),
        ([True, False], "int8"),
        ([1, 0, 2], bool),
        (["2024-01-01", "2024-06-30"], "datetime64[ns]"),
        ([1, 2], "str"),
        ([], "int64"),
        (["b", "a", None, "b"], "category"),
        ([3, 1, 3], "category"),
    ],
    ids=repr,
)
def test_series_dtype_as_pandas(data, dtype):
    got = ferrodf.Series(data, dtype=dtype).to_pandas()
    expected = pd.Series(data, dtype=dtype)
    if str(dtype) == "category":
        assert got.dtype == "category"
        assert list(got.cat.categories) == list(expected.cat.categories)
        assert (
            got.astype(object).where(got.notna(), None).tolist()
            == expected.astype(object).where(expected.notna(), None).tolist()
        )
        return
    pd.testing.assert_series_equal(got, expected)
    assert got.dtype == expected.dtype or str(expected.dtype) in ("str", "object")


def test_string_dates_in_gpu_mode():
    """Strings to date-times parse on the device (strings.convert.to_timestamps)."""
    if ferrodf.gpu_info() is None:
        pytest.skip("needs a GPU: gpu mode without one refuses every operation")
    data = ["2024-01-01", None, "1969-12-31"]
    with ferrodf.option_context(device="gpu"):
        got = ferrodf.Series(data, dtype="datetime64[ns]").to_pandas()
    pd.testing.assert_series_equal(got, pd.Series(data, dtype="datetime64[ns]"))


def test_series_from_pandas_with_dtype_and_sliced_input():
    ps = pd.Series([5, 6, 7, 8], index=list("abcd"), name="v")[1:]
    pd.testing.assert_series_equal(
        ferrodf.Series(ps, dtype="float32").to_pandas(), ps.astype("float32")
    )


def test_series_dtype_errors():
    with pytest.raises(TypeError, match="not understood"):
        ferrodf.Series([1], dtype="complex128")
    with pytest.raises(ValueError, match='could not convert string to an integer: "x"'):
        ferrodf.Series(["x"], dtype="int64")


@pytest.mark.parametrize(
    ("data", "dtype"), [([1, 2], "float64"), ([3, 1], "int32"), (["x", "y"], "str")], ids=repr
)
def test_index_dtype_as_pandas(data, dtype):
    got = ferrodf.Index(data, dtype=dtype, name="k").to_pandas()
    pd.testing.assert_index_equal(got, pd.Index(data, dtype=dtype, name="k"), exact=False)


LEVELS = [["a", "b", "c"], [10, 20]]


@pytest.mark.parametrize(
    "codes",
    [[[0, 1, 2, 0], [1, 1, 0, 0]], [[2, -1, 0], [0, 1, -1]], [[], []]],
    ids=["plain", "missing", "empty"],
)
def test_multiindex_from_levels_and_codes(codes):
    got = ferrodf.MultiIndex(levels=LEVELS, codes=codes, names=["x", "y"]).to_pandas()
    expected = pd.MultiIndex(levels=LEVELS, codes=codes, names=["x", "y"])
    assert got.names == expected.names
    assert _labels(got) == _labels(expected)


def _labels(index):
    """The keys of a MultiIndex with every missing value as None."""
    return [tuple(None if pd.isna(v) else v for v in t) for t in index]


def test_multiindex_codes_out_of_range():
    with pytest.raises(ValueError, match="code"):
        ferrodf.MultiIndex(levels=LEVELS, codes=[[0, 3], [0, 0]])
    with pytest.raises(ValueError, match="code"):
        ferrodf.MultiIndex(levels=LEVELS, codes=[[0, -2], [0, 0]])
    with pytest.raises(ValueError, match="levels"):
        ferrodf.MultiIndex(levels=LEVELS, codes=[[0, 1]])


@pytest.mark.parametrize(
    "tuples",
    [
        [("a", 1), ("a", 2), ("b", 1)],
        [("a", 1.5, True), ("b", None, False)],
        [(datetime.date(2024, 1, 1), "x"), (datetime.date(2024, 1, 2), "y")],
    ],
    ids=["str-int", "three-levels", "dates"],
)
def test_multiindex_from_tuples_as_pandas(tuples):
    got = ferrodf.MultiIndex.from_tuples(tuples, names=None).to_pandas()
    expected = pd.MultiIndex.from_tuples(tuples)
    assert got.nlevels == expected.nlevels
    assert _labels(got) == _labels(expected)
    with pytest.raises(TypeError, match="empty list"):
        ferrodf.MultiIndex.from_tuples([])
