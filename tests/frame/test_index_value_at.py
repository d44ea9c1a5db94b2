"""``idx[i]``: one label read by position (``Index::value_at``), against pandas."""

from __future__ import annotations

import pandas as pd
import pytest

import ferrodf

INDEXES = {
    "range": pd.RangeIndex(10, 40, 3),
    "int": pd.Index([5, -2, 7, 7], dtype="int64"),
    "float": pd.Index([0.5, 1.5, -2.0]),
    "str": pd.Index(["a", "b", "c"]),
    "timestamp": pd.DatetimeIndex(["2024-01-01", "2024-06-01 12:00:00.000000001"]),
    "multi": pd.MultiIndex.from_tuples([("a", 1), ("b", 2), ("c", 3)]),
}


@pytest.mark.parametrize("kind", list(INDEXES))
def test_labels_by_position_match_pandas(kind):
    pidx = INDEXES[kind]
    idx = ferrodf.Index(pidx) if kind != "multi" else ferrodf.MultiIndex.from_pandas(pidx)
    for i in [0, len(pidx) - 1, -1, -len(pidx)]:
        assert idx[i] == pidx[i], (kind, i)
    if kind == "timestamp":
        assert isinstance(idx[1], pd.Timestamp) and idx[1].nanosecond == 1


@pytest.mark.parametrize("kind", list(INDEXES))
def test_out_of_bounds_is_an_index_error(kind):
    pidx = INDEXES[kind]
    idx = ferrodf.Index(pidx) if kind != "multi" else ferrodf.MultiIndex.from_pandas(pidx)
    for i in [len(pidx), -len(pidx) - 1]:
        # no match=: pandas' own error (the oracle); its wording differs between index types
        with pytest.raises(IndexError):
            pidx[i]
        with pytest.raises(IndexError, match="out of bounds"):
            idx[i]


def test_a_sliced_index_and_idxmin_read_one_label():
    ps = pd.Series([3.0, 1.0, 2.0, 0.5], index=pd.Index(["w", "x", "y", "z"]))
    s = ferrodf.Series(ps)
    assert s.iloc[1:3].index[0] == ps.iloc[1:3].index[0]
    assert s.idxmin() == ps.idxmin() and s.iloc[:3].idxmax() == ps.iloc[:3].idxmax()
