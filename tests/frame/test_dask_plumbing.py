"""The pandas arguments and small methods added because Dask calls them on partitions
(reductions with ``axis``/``numeric_only``, ``astype(errors=)``, ``merge(indicator=)``,
groupby options passed as None, ``select_dtypes``, ``Series.groupby/items/quantile``,
``Index.to_frame/min/max/astype``, a dict of Series keeping its index): pandas is the
oracle, with nulls, empty and sliced inputs and the errors for what is not supported."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ferrodf


@pytest.fixture(params=["whole", "sliced", "empty"])
def frames(request: pytest.FixtureRequest) -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    pdf = pd.DataFrame(
        {
            "k": [1, 2, 1, 3, 2, 1, 3, 2],
            "x": [1.5, np.nan, 2.0, 3.25, -1.0, np.nan, 0.5, 4.0],
            "s": pd.Series(["a", "b", None, "a", "c", "b", "a", None], dtype="str"),
        }
    )
    f = ferrodf.from_pandas(pdf)
    if request.param == "sliced":
        return pdf.iloc[2:], f.iloc[2:]
    if request.param == "empty":
        return pdf.iloc[:0], f.iloc[:0]
    return pdf, f


def test_series_reductions_take_axis_and_numeric_only(frames) -> None:
    p, f = frames
    for how in ("sum", "min", "max", "mean", "std", "var", "median", "prod"):
        want = getattr(p["x"], how)(axis=0, numeric_only=False)
        got = getattr(f["x"], how)(axis=0, numeric_only=False)
        assert (pd.isna(want) and pd.isna(got)) or got == pytest.approx(want)
    with pytest.raises(NotImplementedError, match="axis=1"):
        f["x"].sum(axis=1)
    with pytest.raises(TypeError, match="numeric_only=True"):
        f["s"].min(numeric_only=True)


def test_frame_reductions_take_axis(frames) -> None:
    p, f = frames
    got = f[["k", "x"]].sum(axis=0).to_pandas()
    pd.testing.assert_series_equal(got, p[["k", "x"]].sum(axis=0))
    assert f.count(axis="index").tolist() == p.count(axis="index").tolist()
    with pytest.raises(NotImplementedError, match="axis=1"):
        f.sum(axis=1)


def test_astype_errors(frames) -> None:
    p, f = frames
    pd.testing.assert_frame_equal(
        f[["k", "x"]].astype("float64", errors="raise").to_pandas(),
        p[["k", "x"]].astype("float64"),
    )
    # a failed cast leaves the frame as is; an empty string column becomes int64, as pandas
    kept = f.astype({"s": "int64"}, errors="ignore")
    expected = p.astype({"s": "int64"}, errors="ignore")
    assert kept.to_pandas()["s"].dtype == expected["s"].dtype or (
        len(p) and kept.to_pandas()["s"].tolist() == f.to_pandas()["s"].tolist()
    )
    assert f["x"].astype("float32", errors="ignore").dtype == np.dtype("float32")
    with pytest.raises(ValueError, match="'raise' or 'ignore'"):
        f.astype("int64", errors="coerce")


def test_merge_indicator_and_groupby_none_options(frames) -> None:
    p, f = frames
    got = f.merge(f[["k"]].drop_duplicates(), on="k", indicator=False)
    assert len(got) == len(p.merge(p[["k"]].drop_duplicates(), on="k"))
    with pytest.raises(NotImplementedError, match="indicator"):
        f.merge(f, on="k", indicator=True)
    got = f.groupby("k", sort=None, observed=None, dropna=None).agg({"x": "sum"}).to_pandas()
    pd.testing.assert_frame_equal(got, p.groupby("k").agg({"x": "sum"}))
    with pytest.raises(NotImplementedError, match="append"):
        f.set_index("k", append=True)


def test_groupby_numeric_only(frames) -> None:
    p, f = frames
    got = f[["k", "x"]].groupby("k").sum(numeric_only=True).to_pandas()
    pd.testing.assert_frame_equal(got, p[["k", "x"]].groupby("k").sum(numeric_only=True))


def test_select_dtypes(frames) -> None:
    p, f = frames
    for include in ("number", ["float64"], "str"):
        got = f.select_dtypes(include=include)
        assert list(got.columns) == list(p.select_dtypes(include=include).columns)
    assert list(f.select_dtypes(exclude="number").columns) == ["s"]


def test_series_items_groupby_quantile(frames) -> None:
    p, f = frames
    assert list(f["k"].items()) == list(p["k"].items())
    want = p["x"].groupby(p["k"]).sum()
    got = f["x"].groupby(f["k"]).sum().to_pandas()
    pd.testing.assert_series_equal(got, want, check_names=False)
    by_level = f.set_index("k")["x"].groupby(level=0).max().to_pandas()
    pd.testing.assert_series_equal(by_level, p.set_index("k")["x"].groupby(level=0).max())
    with pytest.raises(NotImplementedError, match="key Series"):
        f["x"].groupby("k")
    qs = [0.0, 0.3, 0.5, 1.0]
    for interpolation in ("linear", "nearest", "lower", "higher", "midpoint"):
        got = f["x"].quantile(qs, interpolation=interpolation).to_pandas()
        want = p["x"].quantile(qs, interpolation=interpolation)
        np.testing.assert_allclose(got.to_numpy(float), want.to_numpy(float))
        assert got.index.tolist() == qs
    one = f["x"].quantile(0.3, interpolation="nearest")
    want = p["x"].quantile(0.3, interpolation="nearest")
    assert (pd.isna(want) and pd.isna(one)) or one == want
    with pytest.raises(ValueError, match="interpolation"):
        f["x"].quantile([0.5], interpolation="cubic")


def test_series_drop_duplicates_value_counts_reset_index(frames) -> None:
    p, f = frames
    got = f["k"].drop_duplicates(ignore_index=True).to_pandas()
    pd.testing.assert_series_equal(got, p["k"].drop_duplicates(ignore_index=True))
    counts = f["k"].value_counts(sort=None, dropna=None).to_pandas().sort_index()
    pd.testing.assert_series_equal(counts, p["k"].value_counts().sort_index())
    got = f["k"].reset_index(name="key").to_pandas()
    pd.testing.assert_frame_equal(got, p["k"].reset_index(name="key"))


def test_index_methods(frames) -> None:
    p, f = frames
    ix_f, ix_p = f.set_index("x").index, p.set_index("x").index
    if len(ix_p.dropna()):
        assert ix_f.min() == ix_p.min() and ix_f.max() == ix_p.max()
    assert ix_f.astype("float32").dtype == np.dtype("float32")
    frame = f.set_index("s").index.to_frame(name="lab").to_pandas()
    pd.testing.assert_frame_equal(frame, p.set_index("s").index.to_frame(name="lab"))
    assert f.index.to_frame(index=False).to_pandas().columns.tolist() == [0]
    assert f.columns.inferred_type == p.columns.inferred_type == "string"
    assert list(f.columns[1:]) == ["x", "s"]  # a selection of column labels still iterates
    with pytest.raises(NotImplementedError, match="MultiIndex"):
        f.set_index(["k", "s"]).index.to_frame()


def test_frame_from_dict_of_series_keeps_their_index(frames) -> None:
    p, f = frames
    fs, ps = f.set_index("s")["x"], p.set_index("s")["x"]
    got = ferrodf.DataFrame({"a": fs, "b": fs * 2}).to_pandas()
    pd.testing.assert_frame_equal(got, pd.DataFrame({"a": ps, "b": ps * 2}))
    # an index column set from an Index (Dask assigns df.index as a column)
    got = f.assign(i=f.index).to_pandas()
    pd.testing.assert_frame_equal(got, p.assign(i=p.index))
    assert f["x"]._constructor is ferrodf.Series and f._constructor_sliced is ferrodf.Series
