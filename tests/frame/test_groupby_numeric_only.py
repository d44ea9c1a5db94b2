"""``groupby(...).<agg>(numeric_only=True)``: the frontend leaves non-numeric value
columns out before aggregating (``GroupBy::numeric_only``), against pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from ferrodf import DataFrame


@pytest.fixture
def pdf():
    return pd.DataFrame(
        {
            "k": [1, 1, 2, 2, 3],
            "x": [1.5, None, 3.0, 4.0, 5.0],
            "b": [True, False, True, True, False],
            "s": ["a", "b", None, "d", "e"],
            "n": [1, 2, 3, 4, 5],
        }
    )


@pytest.mark.parametrize("how", ["sum", "mean", "min", "max", "prod", "median"])
def test_frame_groups_keep_numeric_columns(pdf, how):
    plain = pdf
    expected = getattr(plain.groupby("k"), how)(numeric_only=True)
    got = getattr(DataFrame(plain).groupby("k"), how)(numeric_only=True).to_pandas()
    pd.testing.assert_frame_equal(got, expected)
    assert list(got.columns) == list(expected.columns)


def test_sliced_and_empty_frames(pdf):
    plain = pdf.drop(columns=["b"])
    part = plain.iloc[1:]
    got = DataFrame(plain).iloc[1:].groupby("k").sum(numeric_only=True).to_pandas()
    pd.testing.assert_frame_equal(got, part.groupby("k").sum(numeric_only=True))
    empty = plain.iloc[:0]
    got = DataFrame(empty).groupby("k").sum(numeric_only=True).to_pandas()
    assert list(got.columns) == list(empty.groupby("k").sum(numeric_only=True).columns)


def test_a_non_numeric_column_refuses(pdf):
    plain = pdf.drop(columns=["b"])
    # pandas' own error (the oracle): only a fragment stable across pandas versions
    with pytest.raises(TypeError, match="numeric_only"):
        plain.groupby("k")["s"].sum(numeric_only=True)
    with pytest.raises(TypeError, match="numeric_only=True on the groups of column 's'"):
        DataFrame(plain).groupby("k")["s"].sum(numeric_only=True)
    got = DataFrame(plain).groupby("k")["x"].sum(numeric_only=True).to_pandas()
    pd.testing.assert_series_equal(got, plain.groupby("k")["x"].sum(numeric_only=True))
