"""The Dask collection of ferrodf partitions: Dask's DataFrame, with the writers that Dask
implements with pandas internals (``to_parquet``'s pyarrow engine calls
``set_index(inplace=True)`` and ``pa.Table.from_pandas`` on each partition) routed through
pandas partitions. dask-cudf subclasses Dask's collection for the same reason."""

from __future__ import annotations

from typing import Any

from dask.dataframe.dask_expr._collection import DataFrame as _DaskDataFrame


class DataFrame(_DaskDataFrame):
    """``dask.dataframe.DataFrame`` whose partitions are ferrodf DataFrames."""

    def to_parquet(self, path: Any, **kwargs: Any) -> Any:
        """Write a Parquet dataset with Dask's writer (``partition_on``, ``write_index``,
        compression, ... as ``dask.dataframe.to_parquet``); each partition is handed to the
        writer as a pandas DataFrame, that is, copied to host memory."""
        return self.to_backend("pandas").to_parquet(path, **kwargs)
