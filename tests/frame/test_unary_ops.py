"""Unary `-s` and `~s` (``Neg``/``Not for &Series``) and `DataFrame.sort_index(na_position=)`,
against pandas."""

from __future__ import annotations

import operator

import numpy as np
import pandas as pd
import pytest

import ferrodf

SERIES = {
    "bool": pd.Series([True, False, True]),
    "int64": pd.Series([1, -2, 0], dtype="int64"),
    "int8": pd.Series([1, -128, 127], dtype="int8"),
    "uint8": pd.Series([0, 1, 255], dtype="uint8"),
    "float64": pd.Series([1.5, np.nan, -0.0]),
    "duration": pd.Series(pd.to_timedelta([1, None, -3], unit="s")),
    "timestamp": pd.Series(pd.to_datetime(["2024-01-01", None, "2024-03-01"])),
    "str": pd.Series(["a", None, "b"]),
}


@pytest.mark.parametrize("op", [operator.neg, operator.invert], ids=["neg", "invert"])
@pytest.mark.parametrize("kind", list(SERIES))
def test_unary_operators_match_pandas(op, kind):
    ps = SERIES[kind]
    s = ferrodf.Series(ps)
    try:
        want = op(ps)
    except TypeError:
        with pytest.raises(TypeError, match="bad operand type for unary"):
            op(s)
        return
    pd.testing.assert_series_equal(op(s).to_pandas(), want)


def test_unary_operators_on_a_slice_and_an_empty_series():
    ps = SERIES["int64"]
    pd.testing.assert_series_equal((-ferrodf.Series(ps).iloc[1:]).to_pandas(), -ps.iloc[1:])
    empty = pd.Series([], dtype="int64")
    assert len(~ferrodf.Series(empty)) == 0


@pytest.mark.parametrize("na_position", ["first", "last"])
@pytest.mark.parametrize("ascending", [True, False])
def test_frame_sort_index_places_missing_labels_as_pandas(na_position, ascending):
    pdf = pd.DataFrame({"x": [1, 2, 3, 4]}, index=pd.Index([2.0, np.nan, 1.0, 3.0]))
    got = ferrodf.DataFrame(pdf).sort_index(ascending=ascending, na_position=na_position)
    want = pdf.sort_index(ascending=ascending, na_position=na_position)
    pd.testing.assert_frame_equal(got.to_pandas(), want)
