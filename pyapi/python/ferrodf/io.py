"""pandas-like readers and writers: ``read_csv``, ``read_parquet``, ``read_json`` and
``DataFrame.to_csv`` / ``to_parquet`` / ``to_json``, on the ``plc.io`` readers (arrow-rs,
multi-threaded). Reads and writes that take longer than about a second show a tqdm
progress bar unless ``ferrodf.set_option("io.progress_bar", False)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ferrodf import plc
from ferrodf._lazy import pa
from ferrodf.options import get_option

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame

_COMPRESSION = {
    None: "NONE",
    "infer": "AUTO",
    "gzip": "GZIP",
    "bz2": "BZIP2",
    "zstd": "ZSTD",
    "snappy": "SNAPPY",
    "lz4": "LZ4",
    "brotli": "BROTLI",
}


def _compression(name: Any) -> Any:
    try:
        return getattr(plc.io.types.CompressionType, _COMPRESSION[name])
    except KeyError:
        raise ValueError(
            f"unsupported compression {name!r}; use one of {sorted(map(str, _COMPRESSION))}"
        ) from None


def _progress(what: str) -> Callable[[int, int], None] | None:
    """A progress callback that opens a tqdm bar once the work has taken a second."""
    if not get_option("io.progress_bar"):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    start = time.monotonic()
    bar: list[Any] = []

    def update(done: int, total: int) -> None:
        if not bar:
            if time.monotonic() - start < 1.0:
                return
            bar.append(tqdm(total=total or None, unit="B", unit_scale=True, desc=what, leave=False))
        b = bar[0]
        b.n = done
        b.refresh()
        if total and done >= total:
            b.close()

    return update


def _frame(result: Any, index_col: Any = None) -> DataFrame:
    """A DataFrame from a reader's result (``ferrodf::DataFrame::from_read``)."""
    from ferrodf import _lib
    from ferrodf.dataframe import DataFrame

    keys = [] if index_col is None else index_col if isinstance(index_col, list) else [index_col]
    return DataFrame._from_lib(_lib.DataFrame.from_read(result.tbl, result.column_names(), keys))


def read_csv(
    filepath_or_buffer: Any,
    sep: str = ",",
    header: int | str | None = "infer",
    names: list[str] | None = None,
    usecols: list[Any] | None = None,
    dtype: Any = None,
    na_values: list[str] | None = None,
    skiprows: int | None = None,
    nrows: int | None = None,
    parse_dates: list[Any] | None = None,
    index_col: Any = None,
    compression: Any = "infer",
    comment: str | None = None,
    decimal: str = ".",
    thousands: str | None = None,
) -> DataFrame:
    """A DataFrame from a CSV file, buffer or bytes (pandas' common arguments)."""
    builder = plc.io.csv.CsvReaderOptions.builder(plc.io.types.SourceInfo([filepath_or_buffer]))
    builder = builder.compression(_compression(compression)).decimal(decimal)
    if nrows is not None:
        builder = builder.nrows(nrows)
    if skiprows:
        builder = builder.skiprows(skiprows)
    callback = _progress("read_csv")
    if callback is not None:
        builder = builder.progress(callback)
    options = builder.build()
    options.set_delimiter(sep)
    if header is None:
        options.set_header(-1)
    elif isinstance(header, int):
        options.set_header(header)
    if names is not None:
        options.set_names(list(names))
    if usecols is not None:
        cols = list(usecols)
        if all(isinstance(c, int) for c in cols):
            options.set_use_cols_indexes(cols)
        else:
            options.set_use_cols_names([str(c) for c in cols])
    if dtype is not None:
        options.set_dtypes(_plc_dtypes(dtype))
    if na_values is not None:
        options.set_na_values(list(na_values))
    if parse_dates:
        options.set_parse_dates(list(parse_dates))
    if comment is not None:
        options.set_comment(comment)
    if thousands is not None:
        options.set_thousands(thousands)
    return _frame(plc.io.csv.read_csv(options), index_col)


def _plc_dtypes(dtype: Any) -> Any:
    import numpy as np

    def one(d: Any) -> Any:
        return (
            plc.interop.from_arrow(pa.from_numpy_dtype(np.dtype(d)))
            if not isinstance(d, str) or d not in ("str", "string", "object")
            else plc.interop.from_arrow(pa.string())
        )

    if isinstance(dtype, dict):
        return {str(k): one(v) for k, v in dtype.items()}
    return one(dtype)


def read_parquet(path: Any, columns: list[str] | None = None, index_col: Any = None) -> DataFrame:
    """A DataFrame from a Parquet file, buffer or bytes."""
    builder = plc.io.parquet.ParquetReaderOptions.builder(plc.io.types.SourceInfo([path]))
    if columns is not None:
        builder = builder.columns(list(columns))
    callback = _progress("read_parquet")
    if callback is not None:
        builder = builder.progress(callback)
    return _frame(plc.io.parquet.read_parquet(builder.build()), index_col)


def read_json(path: Any, lines: bool = False, compression: Any = "infer") -> DataFrame:
    """A DataFrame from JSON lines (``lines=True``; other JSON layouts are not supported)."""
    if not lines:
        raise NotImplementedError("read_json reads JSON lines only; pass lines=True")
    builder = plc.io.json.JsonReaderOptions.builder(plc.io.types.SourceInfo([path]))
    builder = builder.lines(True).compression(_compression(compression))
    return _frame(plc.io.json.read_json(builder.build()))


def to_csv(
    df: DataFrame,
    path: Any = None,
    sep: str = ",",
    index: bool = True,
    header: bool = True,
    na_rep: str = "",
    compression: Any = None,
) -> str | None:
    """Write ``df`` as CSV to ``path`` (a path or a file-like object); the text when None."""
    import io as _io

    # the index levels first, unnamed ones with an empty header (ferrodf::io_frames)
    table, names = df._df.to_write(bool(index), "empty")
    sink = _io.StringIO() if path is None else path
    builder = plc.io.csv.CsvWriterOptions.builder(plc.io.types.SinkInfo([sink]), table)
    builder = builder.names(names).include_header(header).na_rep(na_rep).inter_column_delimiter(sep)
    if compression is not None:
        builder = builder.compression(_compression(compression))
    callback = _progress("to_csv")
    if callback is not None:
        builder = builder.progress(callback)
    plc.io.csv.write_csv(builder.build())
    return sink.getvalue() if path is None else None


def to_parquet(
    df: DataFrame, path: Any, compression: Any = "snappy", index: bool | None = None
) -> None:
    """Write ``df`` as Parquet (snappy by default, as pandas)."""
    # index=None: the index unless it is the default RangeIndex, as pandas
    table, names = df._df.to_write(index, "numbered")
    builder = plc.io.parquet.ParquetWriterOptions.builder(plc.io.types.SinkInfo([path]), table)
    builder = builder.metadata(plc.io.types.TableWithMetadata(table, names))
    builder = builder.compression(_compression(compression))
    plc.io.parquet.write_parquet(builder.build())


def to_json(
    df: DataFrame, path: Any = None, orient: str = "records", lines: bool = True
) -> str | None:
    """Write ``df`` as JSON lines (``orient="records", lines=True``)."""
    import io as _io

    if orient != "records" or not lines:
        raise NotImplementedError("to_json writes JSON lines only: orient='records', lines=True")
    table, names = df._df.to_write(False, "empty")
    sink = _io.StringIO() if path is None else path
    tbl = plc.io.types.TableWithMetadata(table, names)
    builder = plc.io.json.JsonWriterOptions.builder(plc.io.types.SinkInfo([sink]), tbl.tbl).lines(
        True
    )
    if hasattr(builder, "metadata"):
        builder = builder.metadata(tbl)
    plc.io.json.write_json(builder.build())
    return sink.getvalue() if path is None else None
