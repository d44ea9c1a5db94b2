"""A boolean Series as a row key is aligned on the labels (``ferrodf::loc``, ``Rows::Mask``),
as pandas aligns it: ``s[m]``, ``s.loc[m]``, ``df[m]``, ``df.loc[m]``."""

from __future__ import annotations

import pandas as pd
import pytest

import ferrodf

PS = pd.Series([1, 2, 3, 4], index=["a", "b", "c", "d"])
PDF = pd.DataFrame({"x": [1, 2, 3, 4], "y": [5.0, 6.0, 7.0, 8.0]}, index=PS.index)

MASKS = {
    "same": pd.Series([True, False, True, False], index=["a", "b", "c", "d"]),
    "permuted": pd.Series([True, False, False, True], index=["d", "b", "a", "c"]),
    "superset": pd.Series([True, True, False, True, False], index=["e", "c", "a", "b", "d"]),
}

GETTERS = {
    "obj[m]": lambda o, m: o[m],
    "obj.loc[m]": lambda o, m: o.loc[m],
}


def _to_pandas(obj):
    return obj.to_pandas() if hasattr(obj, "to_pandas") else obj


@pytest.mark.parametrize("mask", list(MASKS))
@pytest.mark.parametrize("how", list(GETTERS))
@pytest.mark.parametrize("frame", [False, True], ids=["series", "frame"])
def test_masks_align_as_in_pandas(mask, how, frame):
    pobj = PDF if frame else PS
    obj = ferrodf.DataFrame(pobj) if frame else ferrodf.Series(pobj)
    pm = MASKS[mask]
    want = GETTERS[how](pobj, pm)
    got = _to_pandas(GETTERS[how](obj, ferrodf.Series(pm)))
    if frame:
        pd.testing.assert_frame_equal(got, want)
    else:
        pd.testing.assert_series_equal(got, want)


def test_a_mask_lacking_labels_is_refused():
    pm = pd.Series([True, False], index=["a", "b"])
    with pytest.raises(Exception, match="Unalignable"):
        PS[pm]
    with pytest.raises(ValueError, match="unalignable boolean Series"):
        ferrodf.Series(PS)[ferrodf.Series(pm)]
