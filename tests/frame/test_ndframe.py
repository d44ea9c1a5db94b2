"""The methods DataFrame and Series share through ``NDFrame`` (``ferrodf/_ndframe.py``),
each checked on both classes against pandas: with nulls, on empty objects and on sliced
ones (a row offset), and the pandas keywords in their signatures."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest

from ferrodf import DataFrame, Series

PANDAS = pd.DataFrame(
    {"x": [3.5, None, -1.25, 2.0, None, 7.0], "y": [4, 1, 6, 2, 5, 3]},
    index=[30, 10, 60, 20, 50, 40],
)


def _pair(kind: str, rows: slice) -> tuple[pd.DataFrame | pd.Series, DataFrame | Series]:
    """pandas' and ferrodf's object of ``kind`` ("frame" or "series") over ``rows`` of the
    sample; ferrodf's is sliced after it is built, so its columns have a row offset."""
    ours = DataFrame(PANDAS).iloc[rows]
    theirs = PANDAS.iloc[rows]
    if kind == "series":
        return theirs["x"], ours["x"]
    return theirs, ours


def _same(got: DataFrame | Series, want: pd.DataFrame | pd.Series) -> None:
    got = got.to_pandas()
    if isinstance(want, pd.Series):
        pd.testing.assert_series_equal(got, want, check_index_type=False)
    else:
        pd.testing.assert_frame_equal(got, want, check_index_type=False)


KINDS = ["frame", "series"]
ROWS = {"whole": slice(None), "sliced": slice(2, None), "empty": slice(0, 0)}
CALLS = {
    "head": lambda o: o.head(2),
    "head-0": lambda o: o.head(0),
    "head-negative": lambda o: o.head(-2),
    "head-beyond": lambda o: o.head(50),
    "tail": lambda o: o.tail(2),
    "tail-0": lambda o: o.tail(0),
    "tail-negative": lambda o: o.tail(-2),
    "sort_index": lambda o: o.sort_index(),
    "sort_index-descending": lambda o: o.sort_index(ascending=False, kind="stable"),
    "sort_index-ignore_index": lambda o: o.sort_index(ignore_index=True),
    "cumsum": lambda o: o.cumsum(),
    "cumprod": lambda o: o.cumprod(),
    "cummin": lambda o: o.cummin(),
    "cummax": lambda o: o.cummax(),
    "clip": lambda o: o.clip(0, 3),
    "round": lambda o: o.round(1),
    "copy": lambda o: o.copy(),
    "copy-shallow": lambda o: o.copy(deep=False),
}


@pytest.mark.parametrize("rows", ROWS.values(), ids=ROWS.keys())
@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize("kind", KINDS)
def test_shared_method_matches_pandas(kind, call, rows):
    want, got = _pair(kind, rows)
    _same(call(got), call(want))


@pytest.mark.parametrize("kind", KINDS)
def test_sort_index_inplace_returns_none_and_sorts(kind):
    want, got = _pair(kind, ROWS["sliced"])
    want = want.copy()
    assert got.sort_index(inplace=True) is None
    want.sort_index(inplace=True)
    _same(got, want)


@pytest.mark.parametrize("kind", KINDS)
def test_index_and_indexers(kind):
    want, got = _pair(kind, ROWS["sliced"])
    assert got.index.tolist() == want.index.tolist()
    got.index = want.index = list("abcd")
    _same(got, want)
    assert type(got.iat) is type(got.iloc) and type(got.at) is type(got.loc)
    _same(got.iloc[1:3], want.iloc[1:3])
    _same(got.loc["b":"c"], want.loc["b":"c"])


@pytest.mark.parametrize("kind", KINDS)
def test_describe_matches_pandas(kind):
    want, got = _pair(kind, ROWS["sliced"])
    _same(got.describe(), want.describe())


@pytest.mark.parametrize("kind", KINDS)
def test_unhashable_as_in_pandas(kind):
    want, got = _pair(kind, ROWS["whole"])
    for obj in (want, got):
        with pytest.raises(TypeError, match="unhashable"):
            hash(obj)


@pytest.mark.parametrize("kind", KINDS)
def test_sort_index_rejects_what_pandas_rejects(kind):
    _, got = _pair(kind, ROWS["whole"])
    with pytest.raises(ValueError, match="kind must be"):
        got.sort_index(kind="bogus")
    with pytest.raises(ValueError, match="na_position must be"):
        got.sort_index(na_position="middle")
    with pytest.raises(NotImplementedError, match="axis=1"):
        got.sort_index(axis=1)


@pytest.mark.parametrize("kind", KINDS)
def test_flex_level_names_the_class(kind):
    _, got = _pair(kind, ROWS["whole"])
    name = type(got).__name__
    with pytest.raises(NotImplementedError, match=rf"{name}\.add\(level=\.\.\.\)"):
        got.add(1, level=0)


REDUCTIONS = ["sum", "prod", "min", "max", "mean", "median", "std", "var"]


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("cls", [DataFrame, Series])
def test_reduction_keywords_are_pandas_keywords(cls, name):
    """help() and type checkers see pandas' axis and numeric_only on every reduction."""
    ours = inspect.signature(getattr(cls, name)).parameters
    theirs = inspect.signature(getattr(getattr(pd, cls.__name__), name)).parameters
    assert {"axis", "numeric_only"} <= ours.keys()
    assert set(ours) <= set(theirs)


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_axis_checks(name):
    _, s = _pair("series", ROWS["sliced"])
    df = DataFrame({"x": s})
    assert np.isclose(getattr(s, name)(axis=0), getattr(s.to_pandas(), name)())
    with pytest.raises(NotImplementedError, match=rf"Series\.{name} with axis=1"):
        getattr(s, name)(axis=1)
    with pytest.raises(NotImplementedError, match=rf"DataFrame\.{name} with axis=1"):
        getattr(df, name)(axis=1)
    with pytest.raises(TypeError, match=rf"Series\.{name}\(numeric_only=True\)"):
        getattr(Series(["a", None]), name)(numeric_only=True)
