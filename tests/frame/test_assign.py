"""Assignments (``ferrodf::assign``) and row-label edits against pandas: ``.iloc`` and
``.loc`` setters, Series alignment in ``df[col] = s``, the constructor and ``insert``,
``drop(index=)``, ``rename(index=)`` and ``dtypes``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ferrodf import DataFrame, Index, MultiIndex, Series


def _frames():
    p = pd.DataFrame(
        {"x": [1.0, 2.0, 3.0, 4.0], "y": [1, 2, 3, 4], "s": ["a", "b", "c", "d"]},
        index=["p", "q", "r", "t"],
    )
    return p, DataFrame(p)


def _same(df, p):
    got = df.to_pandas()
    pd.testing.assert_frame_equal(got, p, check_index_type=False)


def test_iloc_assignment_errors_change_nothing():
    p, df = _frames()
    with pytest.raises(TypeError, match="invalid value for column 'y'"):
        df.iloc[0, 1] = 1.5
    with pytest.raises(IndexError, match=r"the map has entries outside \[-4, 4\) for 4 rows"):
        df.iloc[10, 0] = 1.0
    with pytest.raises(ValueError, match="one value per selected row"):
        df.iloc[0:2, 0] = [1.0, 2.0, 3.0]
    _same(df, p)  # unchanged


def _int_kept(p: pd.DataFrame, column: str) -> pd.DataFrame:
    """pandas 3.0 turns an int column into float64 when a float row Series is written into
    it, even with whole values; pandas 3.1 keeps int64 then, and so does ferrodf (the GPU
    machine's pandas is older than the development machine's)."""
    col = p[column]
    if col.dtype == np.float64 and col.notna().all() and (col == col.round()).all():
        return p.astype({column: "int64"})
    return p


def test_loc_row_from_a_series_aligns_on_the_columns():
    p, df = _frames()
    p, df = p[["x", "y"]], df[["x", "y"]]
    value = pd.Series({"y": 7.0, "x": 0.5})  # another order than the columns
    p.loc["q"] = value
    df.loc["q"] = Series(value)
    _same(df, _int_kept(p, "y"))
    p.loc["new"] = value  # a new row, aligned the same way
    df.loc["new"] = value
    _same(df, _int_kept(p, "y"))


def test_loc_assignment_on_a_sliced_frame_and_nulls():
    p, df = _frames()
    p, df = p.iloc[1:], df.iloc[1:]  # offset != 0
    p.loc[["r", "t"], "x"] = [np.nan, 1.25]
    df.loc[["r", "t"], "x"] = [np.nan, 1.25]
    _same(df, p)
    p.loc["q", "x"] = np.nan
    df.loc["q", "x"] = np.nan
    _same(df, p)


def test_loc_assignment_into_an_empty_frame():
    p = pd.DataFrame({"x": pd.Series([], dtype="float64")})
    df = DataFrame(p)
    p.loc["a"] = 1.5
    df.loc["a"] = 1.5
    _same(df, p)


def test_setitem_constructor_and_insert_align_a_series():
    p, df = _frames()
    s = pd.Series([10, 30, 99], index=["p", "r", "zz"])
    p["n"] = s
    df["n"] = Series(s)
    _same(df, p)
    p.insert(0, "m", s)
    df.insert(0, "m", Series(s))
    _same(df, p)
    idx = ["r", "p", "new"]
    got = DataFrame({"v": Series(s)}, index=idx)
    pd.testing.assert_frame_equal(got.to_pandas(), pd.DataFrame({"v": s}, index=idx))
    # an empty frame takes the Series' labels, as pandas
    empty, pempty = DataFrame(), pd.DataFrame()
    empty["v"] = Series(s)
    pempty["v"] = s
    _same(empty, pempty)
    dup = pd.Series([1, 2], index=["p", "p"])
    with pytest.raises(ValueError, match="duplicate"):
        df["d"] = Series(dup)


@pytest.mark.parametrize("labels", [["q"], ["t", "p"], "r", []])
def test_drop_rows_by_label(labels):
    p, df = _frames()
    _same(df.drop(index=labels), p.drop(index=labels))
    _same(
        df.iloc[1:].drop(index=labels if labels != ["t", "p"] else ["t"]),
        p.iloc[1:].drop(index=labels if labels != ["t", "p"] else ["t"]),
    )


def test_drop_missing_row_label_is_a_key_error():
    p, df = _frames()
    with pytest.raises(KeyError, match=r"\['nope'\] not found in axis"):
        p.drop(index=["nope"])
    with pytest.raises(KeyError, match="nope"):
        df.drop(index=["nope"])


def test_drop_multiindex_rows():
    idx = pd.MultiIndex.from_tuples([("a", 1), ("b", 2), ("a", 3)], names=["k", "n"])
    p = pd.DataFrame({"v": [1.5, 2.5, 3.5]}, index=idx)
    got = DataFrame(p).drop(index=[("b", 2)]).to_pandas()
    pd.testing.assert_frame_equal(got, p.drop(index=[("b", 2)]), check_index_type=False)


@pytest.mark.parametrize(
    "mapper",
    [{"q": "Q", "zz": "ZZ"}, {1: 2}, str.upper, {}],
    ids=["dict", "other-type", "fn", "empty"],
)
def test_rename_rows_as_pandas(mapper):
    p, df = _frames()
    _same(df.rename(index=mapper), p.rename(index=mapper))


def test_rename_rows_to_another_type_is_a_type_error():
    _, df = _frames()
    with pytest.raises(TypeError, match="rename"):
        df.rename(index={"p": 1})


def test_dtypes_name_each_column_as_pandas():
    p = pd.DataFrame(
        {
            "i": [1, 2],
            "f": [0.5, 1.5],
            "s": ["a", "b"],
            "b": [True, False],
            "t": pd.to_datetime(["2020-01-01", "2021-01-01"]),
        }
    )
    got = DataFrame(p).dtypes
    assert isinstance(got, Series)
    assert got.to_pandas().tolist() == [str(t) for t in p.dtypes]
    assert got.index.tolist() == p.columns.tolist()
    for name in p.columns:
        assert p.dtypes[name] == got[name]  # names compare equal to pandas' dtypes
    assert len(DataFrame().dtypes) == 0


def test_columns_are_a_ferrodf_index():
    p, df = _frames()
    got = df.columns
    assert isinstance(got, Index)
    pd.testing.assert_index_equal(got.to_pandas(), p.columns)
    assert list(df.keys()) == list(p.keys())
    assert "x" in df.columns and "nope" not in df.columns
    cols = pd.MultiIndex.from_tuples([("a", 1), ("a", 2), ("b", 1)], names=["top", "n"])
    pm = pd.DataFrame([[1, 2, 3]], columns=cols)
    got = DataFrame(pm).columns
    assert isinstance(got, MultiIndex)
    pd.testing.assert_index_equal(got.to_pandas(), pm.columns)
    # labels of mixed types: no ferrodf Index holds them, pandas' comes back
    mixed = pd.DataFrame({"a": [1], 0: [2]})
    assert list(DataFrame(mixed).columns) == list(mixed.columns)


def test_rename_rows_with_a_function_as_pandas():
    """The function is called on each label (date-times too) and may change the type;
    its exception propagates as it is."""
    p = pd.DataFrame({"v": [1, 2, 3]}, index=pd.date_range("2024-01-30", periods=3, name="d"))

    def day(t):
        return t.day

    def boom(_):
        raise ZeroDivisionError("from the mapper")

    got = DataFrame(p).rename(index=day).to_pandas()
    pd.testing.assert_frame_equal(got, p.rename(index=day), check_index_type=False)
    with pytest.raises(ZeroDivisionError, match="from the mapper"):
        DataFrame(p).rename(index=boom)
    q = pd.DataFrame({"v": [1, 2]}, index=pd.MultiIndex.from_tuples([("a", 1), ("b", 2)]))
    got = DataFrame(q).rename(index=lambda x: x * 2, level=1).to_pandas()
    pd.testing.assert_frame_equal(
        got, q.rename(index=lambda x: x * 2, level=1), check_index_type=False
    )
