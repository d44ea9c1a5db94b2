"""DataFrame, Series and Index against pandas on the same data."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from frame_dtypes import as_ferrodf_would, assert_same_dtypes

import ferrodf
from ferrodf import DataFrame, Index, MultiIndex, RangeIndex, Series


@pytest.fixture
def pdf():
    return pd.DataFrame(
        {
            "i": pd.array([1, 2, None, 4, 5], dtype="Int64"),
            "f": [1.5, np.nan, 3.25, -1.0, 0.0],
            "s": ["a", "bb", None, "dddd", "e"],
            "b": [True, False, True, True, False],
            "t": pd.to_datetime(["2020-01-01", "2021-06-30", None, "1999-12-31", "2020-02-29"]),
        },
        index=pd.Index([10, 20, 30, 40, 50], name="k"),
    )


@pytest.fixture
def df(pdf):
    return DataFrame(pdf)


def to_pd(obj):
    return obj.to_pandas() if hasattr(obj, "to_pandas") else obj


def norm(obj):
    """Missing values as None in object columns: pandas' NaN, NA and None compare equal."""
    obj = obj.astype(object)
    return obj.where(obj.notna(), None)


def assert_frame(got, expected):
    assert_same_dtypes(to_pd(got), expected)  # norm's object cast hides them
    pd.testing.assert_frame_equal(
        norm(to_pd(got)),
        norm(expected),
        check_index_type=False,
        check_column_type=False,
    )


def assert_series(got, expected):
    assert_same_dtypes(to_pd(got), expected)  # norm's object cast hides them
    pd.testing.assert_series_equal(norm(to_pd(got)), norm(expected), check_index_type=False)


def test_round_trip(df, pdf):
    assert df.shape == pdf.shape
    assert_frame(df, pdf)
    assert list(df.columns) == list(pdf.columns)
    assert df.index.name == "k"


@pytest.mark.parametrize(
    "source",
    [
        lambda p: p.reset_index(drop=True),
        lambda p: pa.Table.from_pandas(p.reset_index(drop=True), preserve_index=False),
        lambda p: {c: p[c].tolist() for c in ["f", "s"]},
        lambda p: p.reset_index(drop=True).to_dict("records"),
    ],
)
def test_construction_sources(pdf, source):
    got = DataFrame(source(pdf))
    expected = (
        pd.DataFrame(source(pdf))
        if not isinstance(source(pdf), pa.Table)
        else source(pdf).to_pandas()
    )
    assert got.shape == expected.shape
    assert list(got.columns) == list(expected.columns)
    assert got["s"].tolist() == [None if v is None or v is np.nan else v for v in pdf["s"].tolist()]


def test_from_numpy_and_polars():
    arr = np.arange(12, dtype="int32").reshape(4, 3)
    got = DataFrame(arr, columns=["a", "b", "c"])
    assert_frame(got, pd.DataFrame(arr, columns=["a", "b", "c"]))
    pl = pytest.importorskip("polars")
    pldf = pl.DataFrame({"x": [1, None, 3], "y": ["a", "b", None]})
    assert DataFrame(pldf).to_pandas()["y"].isna().tolist() == [False, False, True]


@pytest.mark.parametrize("na_value", [None, -1.0])
def test_to_numpy_matches_pandas(na_value):
    pdf = pd.DataFrame({"a": [1.0, None, 3.0], "b": [4.0, 5.0, 6.0]})
    kwargs = {} if na_value is None else {"na_value": na_value}
    got = DataFrame(pdf).to_numpy(**kwargs)
    np.testing.assert_array_equal(got, pdf.to_numpy(**kwargs))
    ints = pd.DataFrame({"x": [1, 2], "y": [3, 4]})
    np.testing.assert_array_equal(
        DataFrame(ints).to_numpy(dtype="float32"), ints.to_numpy(dtype="float32")
    )
    assert DataFrame(pd.DataFrame()).to_numpy().shape == (0, 0)


@pytest.mark.parametrize(
    "key", ["f", ["s", "i"], slice(1, 4), slice(None, None, -2), slice(20, 40)]
)
def test_getitem(df, pdf, key):
    got, expected = df[key], pdf[key]
    if isinstance(expected, pd.Series):
        assert_series(got, expected)
    else:
        assert_frame(got, expected)


def test_boolean_mask(df, pdf):
    assert_frame(df[df["b"]], pdf[pdf["b"]])
    assert_frame(
        df[np.array([True, False, False, True, True])],
        pdf[np.array([True, False, False, True, True])],
    )
    assert_frame(df[df["f"] > 0.5], pdf[pdf["f"] > 0.5])


@pytest.mark.parametrize(
    "key",
    [
        (slice(1, 3), slice(None)),
        ([0, 4, -1], slice(None)),
        (slice(None), [0, 2]),
        (slice(None, None, 2), slice(1, 3)),
    ],
)
def test_iloc(df, pdf, key):
    assert_frame(df.iloc[key], pdf.iloc[key])


@pytest.mark.parametrize(
    "key",
    [
        (slice(20, 40), slice(None)),
        ([50, 10], slice(None)),
        (slice(None), ["s", "f"]),
        (slice(20, None), slice("f", "b")),
    ],
)
def test_loc(df, pdf, key):
    assert_frame(df.loc[key], pdf.loc[key])


def test_scalar_access(df, pdf):
    assert df.loc[20, "s"] == pdf.loc[20, "s"]
    assert df.iloc[3, 1] == pdf.iloc[3, 1]
    assert df["s"].iloc[0] == "a"
    assert df["f"].loc[30] == 3.25
    with pytest.raises(KeyError, match="'99 not found in the index'"):
        df.loc[99]
    with pytest.raises(IndexError, match="row position 5 is out of bounds for 5 rows"):
        df.iloc[5]


def test_setitem_assign_drop_rename_insert(df, pdf):
    df["g"] = df["f"] * 2
    pdf["g"] = pdf["f"] * 2
    df["c"] = 7
    pdf["c"] = 7
    assert_frame(df, pdf)
    assert_frame(df.drop(columns=["g", "s"]), pdf.drop(columns=["g", "s"]))
    assert_frame(df.drop(index=[20, 40]), pdf.drop(index=[20, 40]))
    assert_frame(df.rename(columns={"f": "F"}), pdf.rename(columns={"f": "F"}))
    assert_frame(df.assign(h=lambda d: d["i"] + 1), pdf.assign(h=lambda d: d["i"] + 1))
    df.insert(0, "z", [1, 2, 3, 4, 5])
    pdf.insert(0, "z", [1, 2, 3, 4, 5])
    assert_frame(df, pdf)
    with pytest.raises(ValueError, match="already exists"):
        df.insert(0, "z", [1, 2, 3, 4, 5])
    with pytest.raises(ValueError, match="length"):
        df["bad"] = [1, 2]
    with pytest.raises(KeyError, match="'nope' not found; the labels are"):
        df.drop(columns=["nope"])
    del df["z"]
    assert "z" not in df


def test_series_alignment():
    a = pd.Series([1.0, 2.0, 3.0], index=["x", "y", "z"])
    b = pd.Series([10.0, 20.0, 30.0], index=["z", "y", "w"])
    assert_series(Series(a) + Series(b), a + b)
    df = pd.DataFrame({"v": [1, 2, 3]}, index=["x", "y", "z"])
    fdf = DataFrame(df)
    fdf["w"] = Series(b)
    df["w"] = b
    assert_frame(fdf, df)


@pytest.mark.parametrize(
    "op", ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "eq", "ne", "lt", "ge"]
)
@pytest.mark.parametrize("other", [3, 2.5, "series"])
def test_series_arithmetic(op, other):
    left = pd.Series([1, 5, None, -4, 9], dtype="float64")
    right = pd.Series([2.0, 0.5, 3.0, None, -2.0]) if other == "series" else other
    got = getattr(Series(left), f"__{op}__")(Series(right) if other == "series" else right)
    expected = getattr(left, f"__{op}__")(right)
    got_pd = got.to_pandas()
    if op in ("eq", "ne", "lt", "ge"):  # False where a side is missing, as in pandas
        pd.testing.assert_series_equal(got_pd, expected, check_names=False)
        return
    mask = left.isna() | (right.isna() if other == "series" else False)
    assert got_pd[~mask].astype(float).tolist() == pytest.approx(
        expected[~mask].astype(float).tolist(), nan_ok=True
    )
    assert got_pd[mask].isna().all()


@pytest.mark.parametrize(
    "how",
    ["sum", "prod", "min", "max", "mean", "std", "var", "median", "count", "nunique", "any", "all"],
)
@pytest.mark.parametrize("values", [[3, 1, 2, 2], [1.5, None, -2.0, 4.0], [], [None, None]])
def test_series_reductions(how, values, host_if_missing):
    p = pd.Series(values, dtype="float64")
    got = host_if_missing(lambda: getattr(Series(p), how)())
    expected = getattr(p, how)()
    if isinstance(expected, float) and np.isnan(expected):
        assert got is None or np.isnan(got)
    else:
        assert got == pytest.approx(expected)


def test_skipna_idx_and_cumulative(host_if_missing):
    p = pd.Series([4.0, None, 1.0, 9.0], index=list("abcd"))
    s = Series(p)
    assert np.isnan(s.sum(skipna=False))
    assert s.idxmin() == p.idxmin() and s.idxmax() == p.idxmax()
    assert host_if_missing(lambda: s.quantile(0.25)) == pytest.approx(p.quantile(0.25))
    for how in ["cumsum", "cummin", "cummax", "cumprod"]:
        assert_series(getattr(s, how)(), getattr(p, how)())


def test_frame_reductions_and_ops(pdf):
    num = pdf[["i", "f"]]
    df = DataFrame(num)
    for how in ["sum", "min", "max", "mean", "count"]:
        got = getattr(df, how)()
        assert isinstance(got, ferrodf.Series)  # a ferrodf Series, indexed by the columns
        # the fixture's pandas columns are nullable (Int64, Float64); ferrodf's are NumPy's
        got = got.to_pandas()
        pd.testing.assert_series_equal(got, as_ferrodf_would(getattr(num, how)(), got))
    assert_frame(df * 2, num * 2)
    assert_frame(df + df, num + num)
    # a comparison with a missing value is False, as in pandas
    assert_frame(df > 1, num.astype("float64") > 1)


def test_multiindex_columns():
    cols = pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("b", "x")], names=["top", "sub"])
    pdf = pd.DataFrame(np.arange(6).reshape(2, 3), columns=cols)
    df = DataFrame.from_pandas(pdf)
    pd.testing.assert_index_equal(df.columns.to_pandas(), pdf.columns)
    assert_frame(df["a"], pdf["a"])
    assert_series(df[("b", "x")], pdf[("b", "x")])
    assert_frame(df.loc[:, (slice(None), "x")], pdf.loc[:, (slice(None), "x")])


def test_index_types():
    assert RangeIndex(5).to_pandas().equals(pd.RangeIndex(5))
    r = RangeIndex(2, 20, 3)
    assert len(r) == len(range(2, 20, 3))
    assert r[1:4].to_pandas().equals(pd.RangeIndex(2, 20, 3)[1:4])
    idx = Index(["a", "b", None], name="n")
    assert idx.to_pandas().equals(pd.Index(["a", "b", None], name="n"))
    assert repr(idx) == "Index(['a', 'b', <NA>], dtype='str', name='n')"
    mi = MultiIndex.from_tuples([("a", 1), ("b", 2)], names=["x", "y"])
    assert mi.to_pandas().equals(pd.MultiIndex.from_tuples([("a", 1), ("b", 2)], names=["x", "y"]))
    df = DataFrame({"v": [1, 2]}, index=mi)
    assert df.loc[("b", 2)]["v"] == 2


def test_empty_frames():
    empty = DataFrame()
    assert empty.shape == (0, 0) and empty.empty
    cols_only = DataFrame(columns=["a", "b"])
    assert cols_only.shape == (0, 2)
    assert "Empty DataFrame" in repr(cols_only)
    df = DataFrame({"a": [1, 2, 3]})
    assert df.head(0).shape == (0, 1) and df.tail(0).shape == (0, 1)
    assert df[df["a"] > 5].shape == (0, 1)


def test_from_pandas_function(pdf):
    assert isinstance(ferrodf.from_pandas(pdf), DataFrame)
    assert isinstance(ferrodf.from_pandas(pdf["f"]), Series)
    with pytest.raises(TypeError, match="from_pandas takes a pandas DataFrame, Series or"):
        ferrodf.from_pandas([1, 2])


def test_completions_and_attribute_access(df):
    assert df._ipython_key_completions_() == ["i", "f", "s", "b", "t"]
    assert "s" in dir(df)
    assert df.f.tolist() == df["f"].tolist()
    with pytest.raises(AttributeError, match="'DataFrame' object has no attribute 'nope'"):
        df.nope  # noqa: B018


def test_frame_alignment():
    a = pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [4.0, 5.0, 6.0]}, index=[0, 1, 2])
    b = pd.DataFrame({"y": [10.0, 20.0], "z": [1.0, 2.0]}, index=[2, 5])
    assert_frame(DataFrame(a) + DataFrame(b), a + b)
    assert_frame(DataFrame(a) * DataFrame(a), a * a)
    # A Series aligns on the columns: here its labels (the row labels 0..2) match none.
    assert_frame(DataFrame(a) + Series(a["x"]), a + a["x"])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"index": {"a": "z", 3: 30}},
        {"index": {1: 10, "a": "q"}, "level": 1},
        {"index": {"b": "y"}, "level": "k"},
        {"index": str},
        {"index": {("a", 1): "ignored"}},  # tuples are not labels of one level
    ],
    ids=["both-levels", "level-1", "level-name", "callable", "tuple-key"],
)
def test_rename_multiindex_rows_as_pandas(kwargs):
    idx = pd.MultiIndex.from_tuples([("a", 1), ("b", 2), ("a", 3)], names=["k", "n"])
    p = pd.DataFrame({"v": [1.5, 2.5, 3.5], "w": [1, 2, 3]}, index=idx)
    got = DataFrame(p).rename(**kwargs).to_pandas()
    pd.testing.assert_frame_equal(got, p.rename(**kwargs), check_index_type=False)


def test_rename_flat_rows_as_pandas():
    p = pd.DataFrame({"v": [1, 2, 3]}, index=["x", "y", "z"])
    for mapper in ({"y": "Y"}, str.upper):
        pd.testing.assert_frame_equal(
            DataFrame(p).rename(index=mapper).to_pandas(), p.rename(index=mapper)
        )


def _same_cells(df, p, **kw):
    """The frame equals pandas' cell by cell (nulls as None), index types aside."""
    got = df.to_pandas()
    assert_same_dtypes(got, p)  # the object casts below hide them
    pd.testing.assert_frame_equal(
        got.astype(object).where(got.notna(), None),
        p.astype(object).where(p.notna(), None),
        check_index_type=False,
        **kw,
    )


def _loc_frames():
    p = pd.DataFrame(
        {"x": [1.0, 2.0, 3.0, 4.0], "y": [1, 2, 3, 4], "s": ["a", "b", "c", "d"]},
        index=["p", "q", "r", "t"],
    )
    return p, DataFrame(p)


#: One assignment each through ``.iloc`` (by position) or ``.loc`` (by label).
ASSIGNMENTS = {
    "iloc-cell": ("iloc", (1, 0), 9.5),
    "iloc-negative": ("iloc", (-1, 1), 40),
    "iloc-slice": ("iloc", (slice(1, 3), 0), [7.0, 8.0]),
    "iloc-stepped": ("iloc", (slice(None, None, 2), [0, 1]), 0),
    "iloc-strings": ("iloc", ([0, 3], 2), ["P", "T"]),
    "iloc-row": ("iloc", (2, slice(None)), [5.5, 6, "z"]),
    "iloc-mask": ("iloc", (np.array([True, False, True, False]), 1), 11),
    "loc-cell": ("loc", ("q", "x"), 9.5),
    "loc-rows-list": ("loc", (["p", "t"], "y"), [10, 40]),
    # a label slice includes both ends
    "loc-slice-scalar": ("loc", (slice("q", "r"), ["x", "y"]), 0),
    "loc-slice-2d": ("loc", (slice("q", "r"), ["x", "y"]), [[7.0, 70], [8.0, 80]]),
    "loc-row": ("loc", ("r", slice(None)), [5.5, 6, "z"]),
    "loc-strings": ("loc", (["t", "p"], "s"), ["T", None]),  # and a null
    # a Series value aligns on the labels
    "loc-series": ("loc", (["p", "q"], "x"), pd.Series([20.0, 10.0], index=["q", "p"])),
}


@pytest.mark.parametrize(("indexer", "key", "value"), ASSIGNMENTS.values(), ids=ASSIGNMENTS.keys())
def test_assignment_matches_pandas(indexer, key, value):
    p, df = _loc_frames()
    getattr(p, indexer)[key] = value
    getattr(df, indexer)[key] = value
    _same_cells(df, p)


def test_loc_assignment_with_a_boolean_mask():
    p, df = _loc_frames()
    p.loc[p["x"] > 2.5, "y"] = 0
    df.loc[df["x"] > 2.5, "y"] = 0
    assert_frame(df, p)
    p.loc[[True, False, True, False], ["x", "y"]] = 1
    df.loc[[True, False, True, False], ["x", "y"]] = 1
    assert_frame(df, p)


@pytest.mark.parametrize(
    "key,value",
    [
        ("u", [5.0, 5, "e"]),  # a new row, every column
        ("u", 0),  # a new row from a scalar (numeric columns only)
        (("u", "x"), 9.5),  # a new row, one column (the others missing)
        (("u", ["x", "s"]), [1.5, "z"]),
        (("q", "new"), 2.5),  # a new column, one row (the others missing)
        ((["p", "t"], "new"), [1.5, 2.5]),
        ((slice("q", "r"), "new"), 7.0),
    ],
    ids=["row", "row-scalar", "row-cell", "row-some", "column-cell", "column-rows", "column-slice"],
)
def test_loc_setting_with_enlargement(key, value):
    p, df = _loc_frames()
    if key == "u" and value == 0:
        p, df = p[["x", "y"]], df[["x", "y"]]
    p.loc[key] = value
    df.loc[key] = value
    _same_cells(df, p)


INDEX_PAIRS = [
    ([1.0, float("nan"), None, 3.0], [1.0, float("nan"), None, 3.0]),
    ([1.0, float("nan"), 2.0], [1.0, 2.0, float("nan")]),
    (["a", None, "c"], ["a", None, "c"]),
    (["a", None, "c"], ["a", "b", "c"]),
    ([0, 1, 2, 3], range(4)),
    ([1, 2, 3], range(3)),
    ([1, 2], [1.0, 2.0]),  # different types: pandas' rule (1 == 1.0)
    ([1, 2], [1, 2, 3]),
    ([], []),
]


@pytest.mark.parametrize(("left", "right"), INDEX_PAIRS)
def test_index_equals_vs_pandas(left, right):
    """Index.equals (and the alignment checks built on it) against pandas, with NaN, nulls,
    ranges against columns, and mixed types."""

    def both(v):
        if isinstance(v, range):
            return RangeIndex(v.start, v.stop, v.step), pd.RangeIndex(v.start, v.stop, v.step)
        return Index(v), pd.Index(v)

    (a, pa_), (b, pb) = both(left), both(right)
    assert a.equals(b) == pa_.equals(pb)
    assert b.equals(a) == pb.equals(pa_)
    # Sliced labels (offset != 0) compare by value too.
    if len(pa_) > 1:
        assert a[1:].equals(b[1:]) == pa_[1:].equals(pb[1:])


def test_index_equals_other_label_types_vs_pandas():
    # Categories go to pandas; timestamps (with a null) compare where they live.
    cats = pd.Categorical(["a", "b", "a"])
    times = pd.to_datetime(["2020-01-01", None, "2021-05-06"])
    for left, right in [
        (cats, cats),
        (cats, pd.Categorical(["a", "b", "b"])),
        (times, times),
        (times, pd.to_datetime(["2020-01-01", None, "2021-05-07"])),
    ]:
        assert Index(left).equals(Index(right)) == pd.Index(left).equals(pd.Index(right))
    df = DataFrame({"v": [1, 2, 3]}, index=pd.CategoricalIndex(["x", "y", "z"]))
    assert df[df["v"] > 1].to_pandas()["v"].tolist() == [2, 3]


def _label_pairs():
    cats = pd.Categorical(["a", "b", None, "a"])
    secs = pd.DatetimeIndex(["2020-01-01", None, "2021-05-06", "2022-01-01"]).as_unit("s")
    days = pd.TimedeltaIndex(["1D", None, "2D", "3D"])
    return [
        (cats, pd.Categorical(["a", "b", None, "a"], categories=["b", "a"])),
        (cats, pd.Index(["a", "b", None, "a"])),
        (pd.Index(["a", "b", None, "a"]), cats),
        (cats, pd.Categorical(["a", "b", "b", "a"])),
        (pd.Index([True, False, True, False]), pd.Index([1, 0, 1, 0])),
        (pd.Index([True, False, True, False]), pd.Index([1.0, 0.0, 1.0, 0.0])),
        (pd.Index([True, False, True, False]), pd.Index([1, 0, 2, 0])),
        (secs, secs.as_unit("ns")),
        (secs, secs.as_unit("ms").shift(1, "ms")),
        (days, days.as_unit("ms")),
        (secs, days),
        (pd.Index(["1", "2", "3", "4"]), pd.Index([1, 2, 3, 4])),
        (pd.Index(["2020-01-01"] * 4), secs),
    ]


@pytest.mark.parametrize(("left", "right"), _label_pairs())
def test_index_equals_across_label_types_vs_pandas(left, right):
    """Labels of two types compare as pandas compares them, in Rust: categories by their
    values, booleans as numbers, date-times and durations of two units by value; also on
    sliced labels."""
    a, b = pd.Index(left), pd.Index(right)
    assert Index(a).equals(Index(b)) == a.equals(b)
    assert Index(a)[1:].equals(Index(b)[1:]) == a[1:].equals(b[1:])
    assert Index(a)[:0].equals(Index(b)[:0]) == a[:0].equals(b[:0])


def test_index_equals_multiindex():
    a = MultiIndex.from_tuples([("a", 1), ("b", 2)])
    assert a.equals(MultiIndex.from_tuples([("a", 1), ("b", 2)]))
    assert not a.equals(MultiIndex.from_tuples([("a", 1), ("b", 3)]))
    assert not a.equals(Index(["a", "b"]))


def test_boolean_filter_after_sort_keeps_rows():
    """A mask computed from a sorted frame selects rows of that frame (its index is a
    permuted column: the alignment check compares it on the device)."""
    pdf = pd.DataFrame({"k": [3, 1, 2, 1, 3, 2], "v": [0.5, 1.5, 2.5, 3.5, 4.5, 5.5]})
    df = DataFrame(pdf)
    s, ps = df.sort_values("v", ascending=False), pdf.sort_values("v", ascending=False)
    got = s[s["k"] > 1].to_pandas()
    pd.testing.assert_frame_equal(got, ps[ps["k"] > 1])
    got = s.groupby("k").head(1).to_pandas()
    pd.testing.assert_frame_equal(got, ps.groupby("k").head(1))


def test_loc_enlargement_on_a_range_index():
    p = pd.DataFrame({"a": [1, 2]})
    df = DataFrame(p)
    p.loc[2] = 5
    df.loc[2] = 5
    assert_frame(df, p)


def test_loc_assignment_errors():
    p, df = _loc_frames()
    with pytest.raises(TypeError, match="Invalid value"):
        p.loc["p", "y"] = 1.5  # the oracle: pandas refuses a float in an int column
    with pytest.raises(TypeError, match="invalid value for column 'y'"):
        df.loc["p", "y"] = 1.5
    with pytest.raises(KeyError, match=r"labels \['zz'\] not found in the index"):
        df.loc[["p", "zz"], "x"] = 1.0  # a list with a missing label: no enlargement
    with pytest.raises(ValueError, match="one value per selected row"):
        df.loc[["p", "q"], "x"] = [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="one value per column"):
        df.loc["new"] = [1.0, 2.0]
    with pytest.raises(TypeError, match="invalid value for column 'y'"):
        df.loc["new"] = [1.0, 2.5, "s"]  # 2.5 into the int column: the row is not added
    assert_frame(df, _loc_frames()[0])  # a failed assignment changes nothing


@pytest.mark.parametrize("how", ["idxmin", "idxmax"])
def test_frame_idxmin_idxmax_as_pandas(how):
    p = pd.DataFrame(
        {"a": [3, 1, 2, 1], "b": [0.5, np.nan, 2.5, -1.0], "c": [1.5, 1.5, 0.0, 9.0]},
        index=["w", "x", "y", "z"],
    )
    df = DataFrame(p)
    got = getattr(df, how)()
    assert isinstance(got, Series)
    pd.testing.assert_series_equal(got.to_pandas(), getattr(p, how)())
    sliced, psliced = df.iloc[1:], p.iloc[1:]  # offset != 0
    assert getattr(sliced, how)().to_pandas().tolist() == getattr(psliced, how)().tolist()
    empty = pd.DataFrame({"e": [np.nan] * 2}, index=["u", "v"])
    for frame, pframe, kw in [
        (df, p, {"skipna": False}),  # b has a missing value
        (DataFrame(empty), empty, {}),  # a column without values
    ]:
        with pytest.raises(ValueError, match="Encountered"):
            getattr(pframe, how)(**kw)
        with pytest.raises(ValueError, match="Encountered"):
            getattr(frame, how)(**kw)
