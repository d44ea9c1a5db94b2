"""The ``"ferrodf"`` Dask DataFrame backend: creation functions and ``to_backend``.

Dask finds a backend through ``dask.dataframe.backends`` (and the older
``dask_expr.dataframe.backends``) entry points, as it finds dask-cudf's; importing
``ferrodf.dask`` registers the same class directly, for a source checkout whose entry points
are not installed.

The readers run Dask's own partitioning (files, row groups, byte blocks), then turn each
pandas partition into a ferrodf one; no home-made I/O scheduling.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
from dask import config
from dask.dataframe import backends as legacy_backends
from dask.dataframe.backends import DataFrameBackendEntrypoint
from dask.dataframe.dask_expr import _backends as expr_backends
from dask.dataframe.dask_expr._expr import ToBackend
from dask.utils import Dispatch

import ferrodf

to_ferrodf_dispatch = Dispatch("to_ferrodf_dispatch")
"""pandas (or ferrodf) partition -> ferrodf partition; what ``to_backend("ferrodf")`` maps."""


@to_ferrodf_dispatch.register((pd.DataFrame, pd.Series, pd.Index))
def _pandas_to_ferrodf(data: Any, **kwargs: Any) -> Any:
    if kwargs:
        raise TypeError(f"to_backend('ferrodf') takes no options, got {sorted(kwargs)}")
    return ferrodf.from_pandas(data)


@to_ferrodf_dispatch.register((ferrodf.DataFrame, ferrodf.Series, ferrodf.Index))
def _ferrodf_to_ferrodf(data: Any, **kwargs: Any) -> Any:
    if kwargs:
        raise TypeError(f"to_backend('ferrodf') takes no options, got {sorted(kwargs)}")
    return data


def _with_pandas_backend(func: Any, *args: Any, **kwargs: Any) -> Any:
    """Call a ``dask.dataframe`` creation function with the pandas backend (the partitioning
    and the readers' options are Dask's)."""
    with config.set({"dataframe.backend": "pandas"}):
        return func(*args, **kwargs)


def _decode_categoricals(ddf: Any) -> Any:
    """Categorical columns (the partition columns of a hive dataset) as their values:
    ferrodf's groupby and merge take no dictionary keys yet."""
    decoded = {}
    for name, dtype in ddf._meta.dtypes.items():
        if isinstance(dtype, pd.CategoricalDtype):
            values = dtype.categories.dtype
            decoded[name] = "str" if values is pd.api.types.pandas_dtype(object) else values
    return ddf.astype(decoded) if decoded else ddf


class ToFerrodfBackend(ToBackend):
    """The expression ``to_backend("ferrodf")`` adds: each partition through
    ``to_ferrodf_dispatch``; dropped when the partitions are ferrodf already."""

    @staticmethod
    def operation(df: Any, options: dict[str, Any]) -> Any:
        return to_ferrodf_dispatch(df, **options)

    def _simplify_down(self) -> Any:
        if isinstance(self.frame._meta, ferrodf.DataFrame | ferrodf.Series | ferrodf.Index):
            return self.frame
        return None


class FerrodfBackendEntrypoint(DataFrameBackendEntrypoint):
    """Backend entry point for ferrodf partitions (``dataframe.backend: ferrodf``).

    >>> import dask, dask.dataframe as dd
    >>> with dask.config.set({"dataframe.backend": "ferrodf"}):
    ...     ddf = dd.from_dict({"x": [1, 2, 3]}, npartitions=2)
    >>> type(ddf._meta).__module__
    'ferrodf.dataframe'
    """

    @classmethod
    def to_backend_dispatch(cls) -> Dispatch:
        return to_ferrodf_dispatch

    @classmethod
    def to_backend(cls, data: Any, **kwargs: Any) -> Any:
        from dask.dataframe.dask_expr._collection import new_collection

        return new_collection(ToFerrodfBackend(data, kwargs))

    @staticmethod
    def from_dict(data: dict, *, npartitions: int, orient: str = "columns", **kwargs: Any) -> Any:
        import dask.dataframe as dd

        ddf = _with_pandas_backend(
            dd.from_dict, data, npartitions=npartitions, orient=orient, **kwargs
        )
        return ddf.to_backend("ferrodf")

    @staticmethod
    def read_parquet(path: Any, **kwargs: Any) -> Any:
        import dask.dataframe as dd

        ddf = _with_pandas_backend(dd.read_parquet, path, **kwargs)
        return _decode_categoricals(ddf).to_backend("ferrodf")

    @staticmethod
    def read_csv(urlpath: Any, **kwargs: Any) -> Any:
        import dask.dataframe as dd

        return _with_pandas_backend(dd.read_csv, urlpath, **kwargs).to_backend("ferrodf")

    @staticmethod
    def read_json(url_path: Any, **kwargs: Any) -> Any:
        import dask.dataframe as dd

        return _with_pandas_backend(dd.read_json, url_path, **kwargs).to_backend("ferrodf")


def register() -> None:
    """Register the backend with both creation dispatchers Dask has: dask-expr's (entry-point
    group ``dask_expr.dataframe.backends``) and the legacy one (``dask.dataframe.backends``)."""
    for module in (expr_backends, legacy_backends):
        module.dataframe_creation_dispatch.register_backend("ferrodf", FerrodfBackendEntrypoint())
