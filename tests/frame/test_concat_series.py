"""``ferrodf.concat`` of Series along the rows gives a Series (``Series::concat``), as
pandas; along the columns a DataFrame."""

from __future__ import annotations

import pandas as pd
import pytest

import ferrodf


def _parts():
    a = pd.Series([1, 2, None], index=["x", "y", "z"], name="v", dtype="float64")
    b = pd.Series([3.5, 4.5], index=["p", "q"], name="v")
    c = pd.Series([7, 8], name="w", dtype="int64")
    return a, b, c


@pytest.mark.parametrize("ignore_index", [False, True])
@pytest.mark.parametrize("which", [(0, 1), (0, 2), (1, 2), (2,), (0, 1, 2)])
def test_series_along_the_rows_make_a_series(which, ignore_index):
    parts = [_parts()[i] for i in which]
    want = pd.concat(parts, ignore_index=ignore_index)
    fparts = [ferrodf.Series(p) for p in parts]
    if want.index.dtype == object:
        # string labels next to integer ones: pandas' object index, no ferrodf type
        with pytest.raises(TypeError, match="cannot concat indexes of types"):
            ferrodf.concat(fparts, ignore_index=ignore_index)
        return
    got = ferrodf.concat(fparts, ignore_index=ignore_index)
    assert isinstance(got, ferrodf.Series)
    pd.testing.assert_series_equal(got.to_pandas(), want, check_index_type=False)


def test_frames_of_int_and_float_columns_promote_as_pandas():
    a = pd.DataFrame({"x": [1, 2], "y": ["p", "q"]})
    b = pd.DataFrame({"x": [0.5], "z": [True]})
    got = ferrodf.concat([ferrodf.DataFrame(a), ferrodf.DataFrame(b)], ignore_index=True)
    want = pd.concat([a, b], ignore_index=True)
    assert got.to_pandas()["x"].tolist() == want["x"].tolist()
    assert str(got.dtypes["x"]) == "float64"
    with pytest.raises(TypeError, match="object column"):
        ferrodf.concat([ferrodf.DataFrame(a), ferrodf.DataFrame({"y": [1]})])


def test_sliced_and_empty_series():
    b = _parts()[1]
    got = ferrodf.concat([ferrodf.Series(b).iloc[1:], ferrodf.Series(b).iloc[:0]])
    pd.testing.assert_series_equal(got.to_pandas(), pd.concat([b.iloc[1:], b.iloc[:0]]))


def test_series_along_the_columns_make_a_frame():
    c = _parts()[2]
    got = ferrodf.concat([ferrodf.Series(c), ferrodf.Series(c * 2).rename("u")], axis=1)
    want = pd.concat([c, (c * 2).rename("u")], axis=1)
    pd.testing.assert_frame_equal(got.to_pandas(), want)
