"""ferrodf: a GPU dataframe library written in Rust, in the spirit of RAPIDS cuDF.

``ferrodf.plc`` mirrors pylibcudf's API. Work runs on the GPU when one is usable and on
the CPU otherwise; choose with ``ferrodf.set_option("device", "auto" | "gpu" | "cpu")`` or
the ``FERRODF_DEVICE`` environment variable.
"""

from __future__ import annotations

import os
from typing import Any

from ferrodf import _lib, memory, options, plc, plotting
from ferrodf._lib import (
    Stream,
    __version__,
    gpu_info,
    gpu_unavailable_reason,
    host_fallbacks,
    reset_host_fallbacks,
    synchronize,
)
from ferrodf.dataframe import DataFrame, concat
from ferrodf.index import Index, MultiIndex, RangeIndex
from ferrodf.io import read_csv, read_json, read_parquet
from ferrodf.options import get_option, option_context, reset_option, set_option
from ferrodf.series import Series

# The kernels compiled when the wheel was built (`make kernels`): a fresh machine loads
# them instead of compiling each module with NVRTC (docs/gpu.md, "Cold start").
_lib.set_kernel_bundle_dir(os.path.join(os.path.dirname(__file__), "_kernels"))

plotting.attach(Series, DataFrame)  # .plot and .hist (see ferrodf.plotting)


def merge(left: Any, right: Any, how: str = "inner", on: Any = None, **kwargs: Any) -> DataFrame:
    """``left.merge(right, ...)`` as a function, as ``pandas.merge``; the other keywords
    (``left_on``, ``right_on``, ``left_index``, ``right_index``, ``suffixes``, ``sort``) are
    ``DataFrame.merge``'s."""
    left = left if isinstance(left, DataFrame) else DataFrame(left)
    return left.merge(right, how=how, on=on, **kwargs)


def from_pandas(obj: Any) -> DataFrame | Series | Index:
    """A ferrodf DataFrame, Series or Index from the pandas object."""
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        return DataFrame.from_pandas(obj)
    if isinstance(obj, pd.Series):
        return Series(obj)
    if isinstance(obj, pd.Index):
        return Index(obj)
    raise TypeError(
        f"from_pandas takes a pandas DataFrame, Series or Index, got {type(obj).__name__}"
    )


def from_dlpack(obj: Any) -> DataFrame | Series:
    """A Series (a 1-D tensor, or 2-D with one column) or a DataFrame (2-D, columns labelled
    0, 1, ...) holding a copy of a DLPack tensor: a capsule, or any object with
    ``__dlpack__`` (CuPy, torch, NumPy, JAX arrays). cuDF's ``cudf.from_dlpack``."""
    tbl = plc.interop.from_dlpack(obj)
    columns = tbl.columns()
    if len(columns) == 1:
        return Series._from_lib(_lib.Series(columns[0], None, None))
    return DataFrame(dict(enumerate(columns)))


__all__ = [
    "DataFrame",
    "Index",
    "MultiIndex",
    "RangeIndex",
    "Series",
    "Stream",
    "concat",
    "from_dlpack",
    "from_pandas",
    "memory",
    "merge",
    "options",
    "read_csv",
    "read_json",
    "read_parquet",
    "__version__",
    "get_option",
    "gpu_info",
    "gpu_unavailable_reason",
    "host_fallbacks",
    "option_context",
    "plc",
    "plotting",
    "reset_host_fallbacks",
    "reset_option",
    "set_option",
    "synchronize",
]


def _register_with_dask() -> None:
    """In a Dask worker (``distributed`` is loaded first there), register ferrodf's Dask
    dispatches and serializers as soon as ferrodf is imported: data may arrive before
    any task that would import ``ferrodf.dask``."""
    import sys

    if "distributed" in sys.modules:
        try:
            import ferrodf.dask  # noqa: F401
        except ImportError:  # dask without dask.dataframe: nothing to register
            pass


_register_with_dask()
