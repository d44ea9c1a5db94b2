"""pandas' expected results as ferrodf documents them, so tests compare dtypes strictly.

The shared normalization is ``fuzz_compare.as_ferrodf_would`` (tests/fuzz); this module
adds the documented differences the frame tests meet and the fuzzers do not: pandas'
nullable dtypes and untyped (empty or all-missing) object columns. Anything else a test
sees differ is a bug, not something to normalize here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))
from fuzz_compare import as_ferrodf_would as _fuzz_as_ferrodf_would

__all__ = ["as_ferrodf_would"]


def _numpy_column(column: pd.Series, got: pd.Series | None) -> pd.Series:
    """docs/migration.md, "Missing values are nulls, never NaN" (docs/frame.md, "Nulls",
    says it of pandas' nullable dtypes): ferrodf has one type per
    kind with a validity mask, not pandas' nullable extension dtypes (``Int64``,
    ``Float64``, ``boolean``), and ``to_pandas`` gives NumPy's dtypes: an integer column
    with missing values as float64 NaN, a bool one as object None.

    docs/interop.md, "object columns of strings become STRING columns" (frame.md: ferrodf
    has no object columns): an object column without values (empty or all missing) is
    read as strings too, pandas 3's ``str``; given ferrodf's result, it takes got's dtype."""
    dtype = column.dtype
    if isinstance(dtype, pd.api.extensions.ExtensionDtype) and dtype.kind in "iufb":
        if column.isna().any():
            if dtype.kind == "b":
                return column.astype(object).where(column.notna(), None)
            return column.astype("float64")
        return column.astype(dtype.numpy_dtype)
    if (
        pd.api.types.is_object_dtype(dtype)
        and got is not None
        and column.isna().all()
        and isinstance(got.dtype, pd.StringDtype)
    ):
        return column.astype(got.dtype)
    return column


def as_ferrodf_would(expected: Any, got: Any = None) -> Any:
    """``fuzz_compare.as_ferrodf_would`` (an object column of one kind of value has that
    kind's dtype; an all-missing column keeps ferrodf's type) after the documented
    differences of ``_numpy_column``. ``got`` is ferrodf's result as pandas."""
    if isinstance(expected, pd.Series):
        expected = _numpy_column(expected, got if isinstance(got, pd.Series) else None)
    elif isinstance(expected, pd.DataFrame):
        same = isinstance(got, pd.DataFrame) and list(got.columns) == list(expected.columns)
        expected = expected.copy()
        for i in range(expected.shape[1]):
            column = _numpy_column(expected.iloc[:, i], got.iloc[:, i] if same else None)
            if column.dtype != expected.dtypes.iloc[i]:
                expected.isetitem(i, column)
    return _fuzz_as_ferrodf_would(expected, got)


def assert_same_dtypes(got: Any, expected: Any) -> None:
    """ferrodf's result (as pandas) has pandas' dtypes, up to the documented differences
    above. For helpers that then compare values through object casts (which would hide
    the dtypes)."""
    if isinstance(got, pd.DataFrame) and isinstance(expected, pd.DataFrame):
        want = as_ferrodf_would(expected, got).dtypes
        assert list(got.dtypes) == list(want), f"dtypes: got\n{got.dtypes}\npandas\n{want}"
    elif isinstance(got, pd.Series) and isinstance(expected, pd.Series):
        want = as_ferrodf_would(expected, got).dtype
        assert got.dtype == want, f"dtype: got {got.dtype}, pandas {want}"


def as_read_csv_would(expected: pd.DataFrame) -> pd.DataFrame:
    """docs/migration.md, "Dates read by read_csv are datetime64[ms]" (pandas 3 gives
    datetime64[us]): pandas' date-time columns in the unit ferrodf's read_csv gives."""
    out = expected.copy()
    for i, t in enumerate(expected.dtypes):
        if isinstance(t, np.dtype) and t.kind == "M":
            out.isetitem(i, expected.iloc[:, i].astype("datetime64[ms]"))
    return out
