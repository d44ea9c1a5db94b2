"""Reshaping, cleaning and grouped scans of frames against pandas."""

from __future__ import annotations

import operator

import numpy as np
import pandas as pd
import pytest
from frame_dtypes import assert_same_dtypes

import ferrodf
from ferrodf import DataFrame, Series


def norm(obj):
    obj = obj.astype(object)
    return obj.where(obj.notna(), None)


def frame_equal(got, expected, **kw):
    assert_same_dtypes(got.to_pandas(), expected)  # norm's object cast hides them
    pd.testing.assert_frame_equal(
        norm(got.to_pandas()), norm(expected), check_index_type=False, **kw
    )


def series_equal(got, expected, **kw):
    assert_same_dtypes(got.to_pandas(), expected)  # norm's object cast hides them
    pd.testing.assert_series_equal(
        norm(got.to_pandas()), norm(expected), check_index_type=False, **kw
    )


@pytest.fixture
def pdf():
    return pd.DataFrame(
        {
            "g": ["a", "b", "a", None, "b", "a"],
            "x": [1.0, None, 3.0, 4.0, 1.0, 1.0],
            "y": [1, 2, 1, 2, 2, 1],
        },
        index=[5, 4, 3, 2, 1, 0],
    )


def test_concat_rows_and_columns(pdf):
    a, b = pdf.iloc[:3], pdf.iloc[3:][["x", "g"]]
    frame_equal(ferrodf.concat([DataFrame(a), DataFrame(b)]), pd.concat([a, b]))
    frame_equal(
        ferrodf.concat([DataFrame(a), DataFrame(b)], ignore_index=True),
        pd.concat([a, b], ignore_index=True),
    )
    left, right = pdf[["x"]], pdf[["y"]]
    frame_equal(
        ferrodf.concat([DataFrame(left), DataFrame(right)], axis=1),
        pd.concat([left, right], axis=1),
    )
    with pytest.raises(ValueError, match="rows"):
        ferrodf.concat([DataFrame(a), DataFrame(pdf)], axis=1)
    with pytest.raises(ValueError, match="concat needs at least one object"):
        ferrodf.concat([])


@pytest.mark.parametrize("keep", ["first", "last", False])
@pytest.mark.parametrize("subset", [None, ["x"], ["g", "y"]])
def test_drop_duplicates(pdf, keep, subset):
    frame_equal(
        DataFrame(pdf).drop_duplicates(subset, keep=keep), pdf.drop_duplicates(subset, keep=keep)
    )


@pytest.mark.parametrize("how", ["any", "all"])
def test_dropna_fillna_isna(pdf, how):
    frame_equal(DataFrame(pdf).dropna(how=how), pdf.dropna(how=how))
    frame_equal(DataFrame(pdf).dropna(subset=["g"]), pdf.dropna(subset=["g"]))
    frame_equal(DataFrame(pdf).fillna({"x": 0.5, "g": "?"}), pdf.fillna({"x": 0.5, "g": "?"}))
    frame_equal(DataFrame(pdf).isna(), pdf.isna())
    frame_equal(DataFrame(pdf).notna(), pdf.notna())


def test_where_mask_clip_round():
    p = pd.Series([1.26, -3.5, None, 8.04, 0.0])
    s = Series(p)
    series_equal(s.where(s > 0), p.where(p > 0))
    series_equal(s.where(s > 0, -1.0), p.where(p > 0, -1.0))
    series_equal(s.mask(s > 0, 9.0), p.mask(p > 0, 9.0))
    series_equal(s.clip(-1.0, 2.0), p.clip(-1.0, 2.0))
    series_equal(s.round(1), p.round(1))


def test_sorting_helpers(pdf):
    frame_equal(DataFrame(pdf).sort_index(), pdf.sort_index())
    frame_equal(DataFrame(pdf).sort_index(ascending=False), pdf.sort_index(ascending=False))
    frame_equal(DataFrame(pdf).nlargest(2, "y"), pdf.nlargest(2, "y", keep="first"))
    frame_equal(DataFrame(pdf).nsmallest(3, "x"), pdf.nsmallest(3, "x", keep="first"))
    p = pdf["x"]
    series_equal(Series(p).sort_values(), p.sort_values(kind="stable"))
    series_equal(Series(p).nlargest(2), p.nlargest(2))


def test_unique_value_counts_describe(pdf, host_if_missing):
    p = pdf["g"]
    assert Series(p).unique().tolist() == [v if isinstance(v, str) else None for v in p.unique()]
    series_equal(Series(pdf["y"]).value_counts(), pdf["y"].value_counts())
    vc = Series(p).value_counts()
    assert dict(zip(vc.index.tolist(), vc.tolist(), strict=True)) == p.value_counts().to_dict()
    got = host_if_missing(lambda: Series(pdf["x"]).describe()).to_pandas()
    pd.testing.assert_series_equal(got, pdf["x"].describe(), check_exact=False)
    described = host_if_missing(lambda: DataFrame(pdf).describe())
    assert isinstance(described, DataFrame)
    pd.testing.assert_frame_equal(described.to_pandas(), pdf.describe(), check_exact=False)


@pytest.mark.parametrize("how", ["cumsum", "cummin", "cummax", "cumprod"])
def test_groupby_cumulative(pdf, how, host_if_missing):
    got = host_if_missing(lambda: getattr(DataFrame(pdf).groupby("g")["x"], how)())
    series_equal(got, getattr(pdf.groupby("g")["x"], how)())


def test_groupby_cumcount_head_transform(pdf, host_if_missing):
    g, pg = DataFrame(pdf).groupby("g"), pdf.groupby("g")
    series_equal(g.cumcount(), pg.cumcount().astype(object).where(pdf["g"].notna(), None))
    frame_equal(g.head(2), pg.head(2))
    series_equal(host_if_missing(lambda: g["x"].transform("sum")), pg["x"].transform("sum"))
    got = host_if_missing(lambda: g[["x", "y"]].transform("max"))
    frame_equal(got, pg[["x", "y"]].transform("max"))


def test_merge_variants():
    left = pd.DataFrame({"a": [1, 2, 3, 4], "v": [10, 20, 30, 40]}, index=["w", "x", "y", "z"])
    right = pd.DataFrame({"b": [3, 1, 5], "u": [0.5, 1.5, 2.5]}, index=["y", "w", "q"])
    fl, fr = DataFrame(left), DataFrame(right)
    frame_equal(
        fl.merge(fr, left_on="a", right_on="b"), left.merge(right, left_on="a", right_on="b")
    )
    frame_equal(fl.join(fr), left.join(right))
    frame_equal(
        fl.merge(fr, left_index=True, right_index=True, how="inner"),
        left.merge(right, left_index=True, right_index=True, how="inner"),
    )
    semi = fl.merge(DataFrame({"a": [2, 4, 9]}), on="a", how="leftsemi")
    assert semi["a"].tolist() == [2, 4]
    anti = fl.merge(DataFrame({"a": [2, 4, 9]}), on="a", how="leftanti")
    assert anti["a"].tolist() == [1, 3]
    with pytest.raises(ValueError, match="how must be"):
        fl.merge(fl, on="a", how="sideways")


def test_no_implicit_host_iteration():
    s = Series([1, 2, 3])
    with pytest.raises(TypeError, match="not iterable"):
        list(s)
    with pytest.raises(TypeError, match="implicit conversion"):
        np.asarray(s)
    with pytest.raises(TypeError, match="not iterable"):
        list(s.index.rename("i"))
    assert s.tolist() == [1, 2, 3]
    assert list(DataFrame({"a": [1]})) == ["a"]  # iterating a frame gives its column labels


def test_arrow_stream_and_polars():
    df = DataFrame({"a": [1, None], "b": ["x", "y"]})
    import pyarrow as pa

    assert pa.table(df).equals(df.to_arrow())
    pl = pytest.importorskip("polars")
    assert df.to_polars().equals(pl.DataFrame({"a": [1, None], "b": ["x", "y"]}))


def test_cupy_interop():
    if ferrodf.gpu_info() is None:
        pytest.skip("needs a GPU (CuPy arrays live in device memory)")
    cp = pytest.importorskip("cupy")
    s = Series(cp.arange(5, dtype="float64"))
    assert s.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    back = s.to_cupy()
    assert isinstance(back, cp.ndarray) and back.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    sliced = s.iloc[2:]
    assert cp.asarray(sliced).tolist() == [2.0, 3.0, 4.0]
    df = DataFrame({"a": cp.arange(3), "b": cp.ones(3)})
    assert df.to_cupy().shape == (3, 2)
    with pytest.raises(ValueError, match="nulls"):
        Series([1.0, None]).to_cupy()


@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "eq", "lt", "ge"])
@pytest.mark.parametrize(
    "labels,values",
    [
        (["x", "y"], [2.0, None]),  # the columns, in order; a null value
        (["y", "x"], [10, 3]),  # another order
        (["x", "z"], [1.5, 2.0]),  # one label missing on each side
    ],
    ids=["same", "reordered", "union"],
)
def test_frame_op_series_aligns_on_columns(op, labels, values):
    # pandas' default dtypes: a comparison with a missing value is False, as in ferrodf.
    p = pd.DataFrame({"x": [1.0, None, 3.0, 4.5], "y": [1, 2, 3, 4]}, index=[9, 8, 7, 6])
    ps = pd.Series(values, index=labels, dtype="float64")
    df, s = DataFrame(p), Series(ps)
    fn = getattr(operator, op)
    try:
        expected = fn(p, ps)
    except ValueError:  # pandas compares only aligned operands
        with pytest.raises(ValueError, match="not aligned"):
            fn(df, s)
        return
    frame_equal(fn(df, s), expected)
    frame_equal(fn(s, df), fn(ps, p))  # series <op> frame: the frame's reflected operation


def test_frame_minus_its_means():
    p = pd.DataFrame({"a": [1.0, 2.0, 6.0], "b": [3.0, 5.0, 7.0]})
    frame_equal(DataFrame(p) - DataFrame(p).mean(), p - p.mean())


def test_frame_op_series_with_duplicate_labels_raises():
    with pytest.raises(ValueError, match="duplicate labels"):
        DataFrame({"a": [1]}) + Series([1, 2], index=["a", "a"])
