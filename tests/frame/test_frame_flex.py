"""The flex methods (DataFrame.add/sub/.../eq, Series.add/...) against pandas: axis,
fill_value, alignment on rows and columns, reflected forms and errors."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from frame_dtypes import assert_same_dtypes

import ferrodf
from ferrodf import DataFrame, Series

LEFT = pd.DataFrame(
    {"a": [1.0, None, 3.0, 4.0], "b": [4.0, 5.0, None, 1.5], "c": [1, 2, 3, 4]},
    index=[10, 11, 12, 13],
)
RIGHT = pd.DataFrame(
    {"b": [1.0, None, 2.0], "c": [7, 8, 9], "d": [0.5, 1.5, None]}, index=[11, 12, 14]
)
BY_COLUMNS = pd.Series([1.0, 2.0, np.nan], index=["a", "c", "z"])
BY_ROWS = pd.Series([2.0, None, 4.0], index=[10, 12, 99])
ARITH = ["add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "div", "rdiv"]
MORE = ["floordiv", "rfloordiv", "mod", "rmod", "pow", "rpow", "subtract", "multiply", "divide"]
COMPARE = ["eq", "ne", "lt", "le", "gt", "ge"]


def same(got, expected):
    got = got.to_pandas()
    assert_same_dtypes(got, expected)  # the float64 cast below hides them
    pd.testing.assert_frame_equal(
        got.astype("float64"), expected.astype("float64"), check_names=False
    )


@pytest.mark.parametrize("method", ARITH + MORE)
@pytest.mark.parametrize("fill", [None, 0.5])
def test_frame_with_frame(method, fill):
    got = getattr(DataFrame(LEFT), method)(DataFrame(RIGHT), fill_value=fill)
    expected = getattr(LEFT, method)(RIGHT, fill_value=fill)
    if fill is None:
        # A missing operand gives a missing result (docs/frame.md), where NumPy's
        # 1 ** NaN and NaN ** 0 are 1: pandas' answer, missing where an operand is.
        left, right = LEFT.align(RIGHT)
        expected = expected.where(left.notna() & right.notna())
    same(got, expected)


@pytest.mark.parametrize("method", ARITH)
@pytest.mark.parametrize("fill", [None, 10.0])
def test_frame_with_series_on_columns(method, fill):
    # Some pandas 3 releases raise NotImplementedError for fill_value with a Series; the
    # oracle broadcasts the Series to a frame (pandas' definition of the alignment).
    broadcast = pd.DataFrame({k: [v] * len(LEFT) for k, v in BY_COLUMNS.items()}, index=LEFT.index)
    expected = getattr(LEFT, method)(broadcast, fill_value=fill)
    got = getattr(DataFrame(LEFT), method)(Series(BY_COLUMNS), fill_value=fill)
    same(got, expected)
    got = getattr(DataFrame(LEFT), method)(BY_COLUMNS, axis=1, fill_value=fill)  # pandas in
    same(got, expected)


@pytest.mark.parametrize("method", ARITH)
@pytest.mark.parametrize("fill", [None, 10.0])
@pytest.mark.parametrize("axis", [0, "index", "rows"])
def test_frame_with_series_on_rows(method, fill, axis):
    got = getattr(DataFrame(LEFT), method)(Series(BY_ROWS), axis=axis, fill_value=fill)
    # Some pandas 3 releases raise NotImplementedError for fill_value with a Series on the
    # rows; the oracle is then built column by column with Series' flex method.
    expected = pd.DataFrame({c: getattr(LEFT[c], method)(BY_ROWS, fill_value=fill) for c in LEFT})
    same(got, expected)


@pytest.mark.parametrize("method", ARITH + COMPARE)
def test_frame_with_scalar_and_list(method):
    same(getattr(DataFrame(LEFT), method)(2), getattr(LEFT, method)(2))
    kw = {} if method in COMPARE else {"fill_value": 7}
    same(getattr(DataFrame(LEFT), method)(2, **kw), getattr(LEFT, method)(2, **kw))
    same(getattr(DataFrame(LEFT), method)([1, 2, 3]), getattr(LEFT, method)([1, 2, 3]))
    same(
        getattr(DataFrame(LEFT), method)([1, 2, 3, 4], axis=0),
        getattr(LEFT, method)([1, 2, 3, 4], axis=0),
    )


@pytest.mark.parametrize("method", COMPARE)
def test_frame_comparisons(method):
    """Comparisons align (the operators refuse to) and give False where a side is missing
    (``ne``: True), a label only the Series has ("z") included."""
    same(getattr(DataFrame(LEFT), method)(Series(BY_COLUMNS)), getattr(LEFT, method)(BY_COLUMNS))
    same(getattr(DataFrame(LEFT), method)(DataFrame(RIGHT)), getattr(LEFT, method)(RIGHT))
    same(
        getattr(DataFrame(LEFT), method)(Series(BY_ROWS), axis=0),
        getattr(LEFT, method)(BY_ROWS, axis=0),
    )


@pytest.mark.parametrize("method", ARITH + COMPARE)
@pytest.mark.parametrize("fill", [None, 3.0])
def test_series_flex(method, fill):
    left = LEFT["a"]
    right = RIGHT["b"]
    kw = {} if method in COMPARE else {"fill_value": fill}
    got = getattr(Series(left), method)(Series(right), **kw).to_pandas()
    pd.testing.assert_series_equal(
        got.astype("float64"),
        getattr(left, method)(right, **kw).astype("float64"),
        check_names=False,
    )
    got = getattr(Series(left), method)(2, **kw).to_pandas()
    pd.testing.assert_series_equal(
        got.astype("float64"), getattr(left, method)(2, **kw).astype("float64"), check_names=False
    )


def test_multiindex_columns_and_empty():
    cols = pd.MultiIndex.from_tuples([("x", "a"), ("x", "b"), ("y", "a")])
    pdf = pd.DataFrame(np.arange(6.0).reshape(2, 3), columns=cols)
    same(DataFrame(pdf).add(DataFrame(pdf), fill_value=1), pdf.add(pdf, fill_value=1))
    same(DataFrame(pdf).mul(Series([1.0, 2.0]), axis=0), pdf.mul(pd.Series([1.0, 2.0]), axis=0))
    empty = pd.DataFrame({"a": pd.Series([], dtype="float64")})
    same(DataFrame(empty).add(1, fill_value=0), empty.add(1, fill_value=0))


def test_flex_errors():
    df = DataFrame(LEFT)
    with pytest.raises(NotImplementedError, match="level"):
        df.add(df, level=0)
    with pytest.raises(ValueError, match="No axis named"):
        df.add(1, axis="diagonal")
    with pytest.raises(ValueError, match="length must be 3"):
        df.add([1, 2])
    with pytest.raises(ValueError, match="duplicate"):
        df.add(Series(pd.Series([1, 2], index=["a", "a"])))
    with pytest.raises(NotImplementedError, match="level"):
        Series(LEFT["a"]).add(1, level=0)
    assert ferrodf.DataFrame.add.__doc__ and "fill_value" in ferrodf.DataFrame.add.__doc__
