"""DLPack in the pandas-like API: ``Series.__dlpack__`` (no copy), ``Series.to_dlpack`` /
``DataFrame.to_dlpack`` (copies) and ``ferrodf.from_dlpack``, checked against pandas."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import runs_on_gpu

import ferrodf


def _read(tensor_like) -> np.ndarray:
    if runs_on_gpu():
        import cupy as cp

        return cp.from_dlpack(tensor_like).get()
    return np.from_dlpack(tensor_like)


@pytest.mark.parametrize("dtype", ["int64", "int8", "uint32", "float32", "float64", "bool"])
def test_series_dlpack_matches_pandas(dtype):
    p = pd.Series(np.arange(50) % 7, dtype=dtype)
    s = ferrodf.Series(p)
    np.testing.assert_array_equal(_read(s), p.to_numpy())
    assert s.__dlpack_device__() == ((2, 0) if runs_on_gpu() else (1, 0))


def test_sliced_series_exports_its_rows():
    p = pd.Series(np.arange(100, dtype=np.float64) / 3)
    s = ferrodf.Series(p).iloc[17:60]
    np.testing.assert_array_equal(_read(s), p.iloc[17:60].to_numpy())


def test_empty_series():
    s = ferrodf.Series(np.array([], dtype=np.int64))
    got = _read(s)
    assert got.shape == (0,) and got.dtype == np.int64


def test_series_with_nulls_or_strings_cannot_be_exported():
    with pytest.raises(BufferError, match="nulls"):
        _read(ferrodf.Series([1.0, None, 3.0]))
    with pytest.raises(BufferError, match="no DLPack form"):
        _read(ferrodf.Series(["a", "b"]))


def test_series_round_trip_through_a_capsule():
    p = pd.Series([3, 1, 4, 1, 5, 9, 2, 6], dtype="int32")
    out = ferrodf.from_dlpack(ferrodf.Series(p).to_dlpack())
    assert isinstance(out, ferrodf.Series)
    pd.testing.assert_series_equal(out.to_pandas(), p.rename(None), check_index_type=False)


def test_dataframe_round_trip_is_column_major():
    p = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [4.0, 5.0, 6.0], "c": [7.0, 8.0, 9.0]})
    capsule = ferrodf.DataFrame(p).to_dlpack()
    out = ferrodf.from_dlpack(capsule)
    assert isinstance(out, ferrodf.DataFrame)
    pd.testing.assert_frame_equal(
        out.to_pandas(), pd.DataFrame(p.to_numpy()), check_index_type=False
    )


def test_dataframe_to_dlpack_needs_one_numeric_type_without_nulls():
    with pytest.raises(TypeError, match="one type"):
        ferrodf.DataFrame({"a": [1, 2], "b": [1.5, 2.5]}).to_dlpack()
    with pytest.raises(ValueError, match="nulls"):
        ferrodf.DataFrame({"a": [1.0, 2.0], "b": [1.5, None]}).to_dlpack()


def test_from_dlpack_of_a_fortran_array_matches_pandas():
    a = np.asfortranarray(np.arange(24, dtype=np.int64).reshape(6, 4))
    out = ferrodf.from_dlpack(a)
    pd.testing.assert_frame_equal(out.to_pandas(), pd.DataFrame(a), check_index_type=False)
    one = ferrodf.from_dlpack(np.arange(5.0))
    pd.testing.assert_series_equal(
        one.to_pandas(), pd.Series(np.arange(5.0)), check_index_type=False
    )
