"""``GroupBy.groups`` and ``get_group`` (``ferrodf::GroupBy::groups`` / ``get_group``)
against pandas: one and several keys, null keys with ``dropna`` on and off, a sliced frame,
a labelled index, a selected column, and pandas' KeyError."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ferrodf

PDF = pd.DataFrame(
    {
        "k": [2, 1, 2, None, 1, 3],
        "s": pd.array(["b", "a", "b", "a", None, "c"], dtype="str"),
        "x": [1.0, 2.0, np.nan, 4.0, 5.0, 6.0],
    },
    index=[10, 11, 12, 13, 14, 15],
)


@pytest.fixture(params=["whole", "sliced"])
def frames(request: pytest.FixtureRequest) -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    f = ferrodf.from_pandas(PDF)
    if request.param == "sliced":
        return PDF.iloc[1:], f.iloc[1:]
    return PDF, f


def _groups_as_lists(groups: dict) -> dict:
    return {k: list(v.tolist()) for k, v in groups.items()}


@pytest.mark.parametrize("by", ["k", "s", ["k", "s"]])
@pytest.mark.parametrize("dropna", [True, False])
def test_groups_match_pandas(frames, by, dropna: bool) -> None:
    p, f = frames
    expected = _groups_as_lists(p.groupby(by, dropna=dropna).groups)
    got = _groups_as_lists(f.groupby(by, dropna=dropna).groups)

    def norm(d: dict) -> dict:
        # pandas keys a missing key by NaN; ferrodf by None (both mean "missing")
        def fix(k):
            if isinstance(k, tuple):
                return tuple(fix(x) for x in k)
            return None if (k is None or (isinstance(k, float) and np.isnan(k))) else k

        return {fix(k): v for k, v in d.items()}

    assert norm(got) == norm(expected)


@pytest.mark.parametrize("by,key", [("k", 2.0), ("k", 1), ("s", "b"), (["k", "s"], (2.0, "b"))])
def test_get_group_matches_pandas(frames, by, key) -> None:
    p, f = frames
    expected = p.groupby(by).get_group(key)
    got = f.groupby(by).get_group(key).to_pandas()
    pd.testing.assert_frame_equal(got, expected)
    pd.testing.assert_series_equal(
        f.groupby(by)["x"].get_group(key).to_pandas(), p.groupby(by)["x"].get_group(key)
    )


def test_get_group_errors(frames) -> None:
    _, f = frames
    with pytest.raises(KeyError, match="no group has this key"):
        f.groupby("k").get_group(99)
    with pytest.raises(KeyError, match="takes a tuple of 2 values"):
        f.groupby(["k", "s"]).get_group(2)
    with pytest.raises(KeyError, match="missing key form no group"):
        f.groupby("k").get_group(None)


def test_groups_empty_frame() -> None:
    p = PDF.iloc[:0]
    f = ferrodf.from_pandas(p)
    assert f.groupby("k").groups == {}
    assert len(p.groupby("k").groups) == 0
