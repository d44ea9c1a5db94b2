"""The Dask collection of ferrodf partitions: Dask's DataFrame, with what Dask implements
with pandas internals routed through pandas: the writer (``to_parquet``'s pyarrow engine
calls ``set_index(inplace=True)`` and ``pa.Table.from_pandas`` on each partition) and the
structure display (built with pandas' ``to_html`` on the meta, an empty frame).
dask-cudf subclasses Dask's collection for the same reasons."""

from __future__ import annotations

from typing import Any

from dask.dataframe.dask_expr._collection import DataFrame as _DaskDataFrame


class DataFrame(_DaskDataFrame):
    """``dask.dataframe.DataFrame`` whose partitions are ferrodf DataFrames."""

    @property
    def columns(self) -> Any:
        """The column labels as a pandas Index, the type Dask's own code (and
        ``dd.assert_eq``) expects of a collection's ``columns``; the partitions keep
        ferrodf's Index (dask-cudf's collections get a pandas Index from cuDF itself)."""
        import pandas as pd

        columns = self._meta.columns
        return columns if isinstance(columns, pd.Index) else columns.to_pandas()

    @columns.setter
    def columns(self, columns: Any) -> None:
        _DaskDataFrame.columns.fset(self, columns)  # type: ignore[attr-defined]

    def to_parquet(self, path: Any, **kwargs: Any) -> Any:
        """Write a Parquet dataset with Dask's writer (``partition_on``, ``write_index``,
        compression, ... as ``dask.dataframe.to_parquet``); each partition is handed to the
        writer as a pandas DataFrame, that is, copied to host memory."""
        return self.to_backend("pandas").to_parquet(path, **kwargs)

    def _pandas_structure(self) -> Any:
        return self.to_backend("pandas")

    def __repr__(self) -> str:
        """Dask's structure table (column names, dtypes, partitions); no data is computed."""
        return repr(self._pandas_structure()).replace(
            "Dask DataFrame", "Dask DataFrame (ferrodf)", 1
        )

    def _repr_html_(self) -> str:
        return self._pandas_structure()._repr_html_()
