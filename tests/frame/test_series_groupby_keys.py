"""``Series.groupby(key_series)`` aligns the key on the labels, as pandas (it paired the
keys by position)."""

from __future__ import annotations

import pandas as pd
import pytest

import ferrodf

PS = pd.Series([1, 2, 3, 4], index=["a", "b", "c", "d"], name="v")
KEYS = {
    "same order": pd.Series(["x", "x", "y", "y"], index=["a", "b", "c", "d"]),
    "permuted": pd.Series(["x", "x", "y", "z"], index=["d", "b", "a", "c"]),
    "partial": pd.Series(["x", "y"], index=["c", "a"]),
    "superset": pd.Series(["x", "y", "x", "y", "z"], index=["e", "d", "c", "b", "a"]),
}


@pytest.mark.parametrize("dropna", [True, False])
@pytest.mark.parametrize("agg", ["sum", "count", "max"])
@pytest.mark.parametrize("key", list(KEYS))
def test_key_series_align_as_in_pandas(key, agg, dropna):
    want = getattr(PS.groupby(KEYS[key], dropna=dropna), agg)()
    got = getattr(ferrodf.Series(PS).groupby(ferrodf.Series(KEYS[key]), dropna=dropna), agg)()
    pd.testing.assert_series_equal(got.to_pandas(), want)


def test_sliced_series_and_key():
    s, k = ferrodf.Series(PS).iloc[1:], ferrodf.Series(KEYS["permuted"]).iloc[:3]
    want = PS.iloc[1:].groupby(KEYS["permuted"].iloc[:3]).sum()
    pd.testing.assert_series_equal(s.groupby(k).sum().to_pandas(), want)


@pytest.mark.parametrize("name", [None, "k", "v"])
def test_the_groups_are_named_after_the_key(name):
    """The keys are temporary columns of `to_frame()`; their labels (`__key0__`) named the
    result's index where pandas names it after the key Series (GroupBy::with_key_names)."""
    pk = KEYS["same order"].rename(name)
    got = ferrodf.Series(PS).groupby(ferrodf.Series(pk)).sum().to_pandas()
    pd.testing.assert_series_equal(got, PS.groupby(pk).sum())


@pytest.mark.parametrize("name", [None, "v"])
def test_results_are_named_after_the_series(name):
    """An unnamed Series gives unnamed results, as pandas (not a temporary label)."""
    ps = pd.Series([1.0, 2.0, None, 4.0], index=[7, 8, 7, 8], name=name)
    pk = pd.Series(["a", "b", "a", "b"], index=[7, 8, 7, 8], name="k")
    s, k = ferrodf.Series(ps), ferrodf.Series(pk)
    for got, expected in [
        (s.groupby(k).sum(), ps.groupby(pk).sum()),
        (s.groupby(k).size(), ps.groupby(pk).size()),
        (s.groupby(k).cumsum(), ps.groupby(pk).cumsum()),
        (s.groupby(level=0).mean(), ps.groupby(level=0).mean()),
        (s.groupby(level=[0], sort=False).max(), ps.groupby(level=[0], sort=False).max()),
    ]:
        pd.testing.assert_series_equal(got.to_pandas(), expected)


def test_series_groupby_needs_keys_or_levels():
    s = ferrodf.Series([1, 2])
    with pytest.raises(TypeError, match="one of 'by' and 'level'"):
        s.groupby()
    with pytest.raises(TypeError, match="unexpected keyword"):
        s.groupby(level=0, squeeze=True)
    with pytest.raises((KeyError, IndexError), match="level"):
        s.groupby(level="nope").sum()
