"""The groupby and merge front ends (ferrodf::groupby, ferrodf::merge in Rust) against
pandas: aggregation spellings, selections, as_index, levels, head/tail, index joins."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ferrodf import DataFrame


@pytest.fixture
def pdf():
    rng = np.random.default_rng(1)
    n = 60
    return pd.DataFrame(
        {
            "k": rng.choice(["a", "b", "c"], n),
            "j": rng.integers(0, 3, n),
            "v": rng.normal(size=n),
            "w": rng.integers(0, 100, n),
        }
    )


def same(got, expected, **kw):
    if isinstance(expected, pd.Series):
        pd.testing.assert_series_equal(got.to_pandas(), expected, check_index_type=False, **kw)
    else:
        pd.testing.assert_frame_equal(got.to_pandas(), expected, check_index_type=False, **kw)


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.groupby("k")["v"].agg(["sum", "mean"]),
        lambda g: g.groupby("k")["w"].agg(total="sum", top="max"),
        lambda g: g.groupby("k", as_index=False)["w"].sum(),
        lambda g: g.groupby("k", as_index=False).size(),
        lambda g: g.groupby("k")["w"].size(),
        lambda g: g.groupby("k").agg("size"),
        lambda g: g.groupby(["k", "j"], sort=True)[["v", "w"]].agg(["min", "max"]),
        lambda g: g.groupby("k")[["w"]].agg({"w": "sum"}),
        lambda g: g.groupby("k")["w"].std(ddof=0),
        lambda g: g.groupby("k")[["v", "w"]].var(ddof=2),
    ],
)
def test_aggregation_spellings(pdf, call, host_if_missing):
    same(host_if_missing(lambda: call(DataFrame(pdf))), call(pdf), check_exact=False)


@pytest.mark.parametrize("n", [0, 2, 5, -1, -3])
@pytest.mark.parametrize("how", ["head", "tail"])
def test_head_tail(pdf, how, n, host_if_missing):
    same(
        host_if_missing(lambda: getattr(DataFrame(pdf).groupby("k"), how)(n)),
        getattr(pdf.groupby("k"), how)(n),
    )
    same(
        host_if_missing(lambda: getattr(DataFrame(pdf).groupby("k")["w"], how)(n)),
        getattr(pdf.groupby("k")["w"], how)(n),
    )


def test_head_tail_on_a_slice_with_a_label_index(pdf, host_if_missing):
    sliced = pdf.iloc[5:40].set_index("j")
    same(
        host_if_missing(lambda: DataFrame(sliced).groupby("k").tail(2)), sliced.groupby("k").tail(2)
    )


@pytest.mark.parametrize("level", [0, "k", -1, ["k", "j"]])
def test_groupby_level(pdf, level, host_if_missing):
    indexed = pdf.set_index(["k", "j"])
    same(
        host_if_missing(lambda: DataFrame(indexed).groupby(level=level).sum()),
        indexed.groupby(level=level).sum(),
        check_exact=False,
    )


def test_groupby_unnamed_level(pdf, host_if_missing):
    p = pdf.set_index("k").rename_axis(None)
    same(
        host_if_missing(lambda: DataFrame(p).groupby(level=0)["w"].max()),
        p.groupby(level=0)["w"].max(),
    )


def test_scans_and_transform_keep_the_index(pdf, host_if_missing):
    p = pdf.set_index("w")
    df = DataFrame(p)
    same(host_if_missing(lambda: df.groupby("k")["v"].cumsum()), p.groupby("k")["v"].cumsum())
    same(
        host_if_missing(lambda: df.groupby("k")[["v"]].transform("mean")),
        p.groupby("k")[["v"]].transform("mean"),
        check_exact=False,
    )
    same(host_if_missing(lambda: df.groupby("k").cumcount()), p.groupby("k").cumcount())


def test_empty_frame(host_if_missing):
    p = pd.DataFrame({"k": pd.Series([], dtype="int64"), "v": pd.Series([], dtype="float64")})
    same(host_if_missing(lambda: DataFrame(p).groupby("k").sum()), p.groupby("k").sum())
    same(host_if_missing(lambda: DataFrame(p).groupby("k").size()), p.groupby("k").size())


def test_groupby_argument_errors(pdf):
    df = DataFrame(pdf)
    with pytest.raises(TypeError, match="not both"):
        df.groupby("k", level=0)
    with pytest.raises(TypeError, match=r"by= .* or level="):
        df.groupby()
    with pytest.raises(KeyError, match="level 'nope' is not an index level"):
        df.groupby(level="nope")
    with pytest.raises(IndexError, match="level 3 is out of range for an index of 1 levels"):
        df.groupby(level=3)
    with pytest.raises(KeyError, match="Columns not found: 'nope'"):
        df.groupby("k")[["nope"]]
    with pytest.raises(TypeError, match="callables"):
        df.groupby("k").agg(np.sum)
    with pytest.raises(ValueError, match="nested renamer"):
        df.groupby("k")["v"].agg({"v": "sum"})
    with pytest.raises(TypeError, match="indexed further"):
        df.groupby("k")["v"]["w"]
    with pytest.raises(TypeError, match="needs a name"):
        df.groupby("k").agg()


@pytest.mark.parametrize("how", ["inner", "left", "right", "outer"])
def test_index_merges(how):
    left = pd.DataFrame({"a": [1, 2, 3], "x": [1.0, 2.0, 3.0]}, index=pd.Index([3, 1, 2], name="i"))
    right = pd.DataFrame({"b": [2, 3, 4], "y": [20.0, 30.0, 40.0]}, index=pd.Index([2, 3, 4]))
    fl, fr = DataFrame(left), DataFrame(right)
    both = fl.merge(fr, how=how, left_index=True, right_index=True).to_pandas()
    expected = left.merge(right, how=how, left_index=True, right_index=True)
    if how == "outer":
        both = both.sort_index()
    pd.testing.assert_frame_equal(both, expected, check_index_type=False)
    got = fl.merge(fr, how=how, left_on="a", right_index=True).to_pandas()
    exp = left.merge(right, how=how, left_on="a", right_index=True).reset_index(drop=True)
    if how == "outer":
        got = got.sort_values("a").reset_index(drop=True)
        exp = exp.sort_values("a").reset_index(drop=True)
    pd.testing.assert_frame_equal(got.reset_index(drop=True), exp)


def test_join_and_set_reset_index():
    left = pd.DataFrame({"x": [1, 2, 3]}, index=["a", "b", "c"])
    right = pd.DataFrame({"x": [10, 30]}, index=["a", "c"])
    got = DataFrame(left).join(DataFrame(right), lsuffix="_l", rsuffix="_r")
    same(got, left.join(right, lsuffix="_l", rsuffix="_r"))
    with pytest.raises(ValueError, match="overlap"):
        DataFrame(left).join(DataFrame(right))
    p = pd.DataFrame({"k": ["a", "b"], "j": [1, 2], "v": [1.5, 2.5]})
    same(DataFrame(p).set_index(["k", "j"]).reset_index(), p.set_index(["k", "j"]).reset_index())
    same(DataFrame(p).set_index("k", drop=False), p.set_index("k", drop=False))
    same(DataFrame(p).iloc[1:].reset_index(), p.iloc[1:].reset_index())
    same(DataFrame(p).reset_index(drop=True), p.reset_index(drop=True))
    with pytest.raises(KeyError, match="'nope' not found; the labels are"):
        DataFrame(p).set_index("nope")


def test_merge_argument_errors():
    a = DataFrame({"k": [1, 2]})
    with pytest.raises(ValueError, match="not both"):
        a.merge(a, on="k", left_on="k")
    with pytest.raises(ValueError, match="go together"):
        a.merge(a, left_on="k")
    with pytest.raises(ValueError, match="left_on/right_on for the side"):
        a.merge(a, left_index=True)


@pytest.mark.parametrize("dropna", [True, False])
def test_scans_and_head_many_rows_and_groups(dropna, host_if_missing):
    # More rows than one host task and thousands of groups, null keys and values, on a
    # sliced frame: the scans group by hash in row order (no sort of the keys).
    rng = np.random.default_rng(7)
    n = 150_000
    keys = rng.integers(0, 5_000, n).astype(float)
    keys[::97] = np.nan
    vals = rng.normal(size=n)
    vals[::31] = np.nan
    p = pd.DataFrame({"k": keys, "v": vals, "w": rng.integers(0, 9, n)}).iloc[11:]
    df = DataFrame(p)
    g, pg = df.groupby("k", dropna=dropna), p.groupby("k", dropna=dropna)
    same(host_if_missing(lambda: g["v"].cumsum()), pg["v"].cumsum(), check_exact=False)
    same(host_if_missing(lambda: g["w"].cummax()), pg["w"].cummax())
    got = host_if_missing(lambda: g.cumcount()).to_pandas()
    want = pg.cumcount()
    pd.testing.assert_series_equal(
        got.astype("float64"), want.astype("float64"), check_index_type=False, check_names=False
    )
    same(host_if_missing(lambda: g.head(2)), pg.head(2))
    same(host_if_missing(lambda: g.tail(1)), pg.tail(1))
