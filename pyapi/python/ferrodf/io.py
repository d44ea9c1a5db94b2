"""pandas-like readers and writers: ``read_csv``, ``read_parquet``, ``read_json`` and
``DataFrame.to_csv`` / ``to_parquet`` / ``to_json``. pandas' arguments are the Rust
frontend's (``ferrodf::io``, on the core's arrow-rs readers); this module reads file-like
objects into bytes and writes text into file-like objects. Reads and writes that take
longer than about a second show a tqdm progress bar unless
``ferrodf.set_option("io.progress_bar", False)``.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ferrodf.options import get_option

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame


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


def _sources(source: Any) -> list[str | bytes]:
    """A path, bytes or file-like object (read now) as the list of paths and bytes the
    binding takes."""
    from ferrodf.plc.io.types import SourceInfo

    return SourceInfo([source])._sources


def _dtype_names(dtype: Any) -> Any:
    """``dtype`` (one dtype, or a dict of them by column) as pandas dtype names."""
    from ferrodf.dataframe import _dtype_name

    if isinstance(dtype, dict):
        return {k: _dtype_name(v) for k, v in dtype.items()}
    return None if dtype is None else _dtype_name(dtype)


def _as_list(value: Any) -> list[Any] | None:
    if value is None:
        return None
    return list(value) if isinstance(value, list | tuple) else [value]


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
    """A DataFrame from a CSV file, buffer or bytes (pandas' common arguments;
    ``ferrodf::io::read_csv``)."""
    from ferrodf import _lib
    from ferrodf.dataframe import DataFrame

    df = _lib.read_csv(
        _sources(filepath_or_buffer),
        sep,
        header,
        None if names is None else list(names),
        None if usecols is None else list(usecols),
        _dtype_names(dtype),
        None if na_values is None else list(na_values),
        skiprows,
        nrows,
        None if parse_dates is None or parse_dates is False else list(parse_dates),
        _as_list(index_col),
        compression,
        comment,
        decimal,
        thousands,
        _progress("read_csv"),
    )
    return DataFrame._from_lib(df)


def read_parquet(path: Any, columns: list[str] | None = None, index_col: Any = None) -> DataFrame:
    """A DataFrame from a Parquet file, buffer or bytes (``ferrodf::io::read_parquet``)."""
    from ferrodf import _lib
    from ferrodf.dataframe import DataFrame

    cols = None if columns is None else list(columns)
    df = _lib.read_parquet(_sources(path), cols, _as_list(index_col), _progress("read_parquet"))
    return DataFrame._from_lib(df)


def read_json(path: Any, lines: bool = False, compression: Any = "infer") -> DataFrame:
    """A DataFrame from JSON lines (``lines=True``) or, as pandas' default, from a JSON
    array of records (``lines=False``); pandas' other layouts are not supported
    (``ferrodf::io::read_json``)."""
    from ferrodf import _lib
    from ferrodf.dataframe import DataFrame

    return DataFrame._from_lib(_lib.read_json(_sources(path), bool(lines), compression))


def _deliver(path: Any, written: str | bytes) -> str | bytes | None:
    """Write a memory sink's output into the file-like object ``path``; with no path,
    the output is the result."""
    if path is None:
        return written
    if isinstance(written, str) and not isinstance(path, io.TextIOBase):
        written = written.encode()
    path.write(written)
    return None


def _is_path(path: Any) -> bool:
    return isinstance(path, str | os.PathLike)


def to_csv(
    df: DataFrame,
    path: Any = None,
    sep: str = ",",
    index: bool = True,
    header: bool = True,
    na_rep: str = "",
    compression: Any = None,
) -> str | None:
    """Write ``df`` as CSV to ``path`` (a path or a file-like object); the text when None
    (``ferrodf::DataFrame::to_csv``)."""
    target = os.fspath(path) if _is_path(path) else None
    out = df._df.to_csv_io(
        target, sep, bool(index), bool(header), na_rep, compression, _progress("to_csv")
    )
    return None if target is not None else _deliver(path, out)


def to_parquet(
    df: DataFrame, path: Any, compression: Any = "snappy", index: bool | None = None
) -> None:
    """Write ``df`` as Parquet (snappy by default, as pandas; the index unless it is the
    default RangeIndex; ``ferrodf::DataFrame::to_parquet``)."""
    target = os.fspath(path) if _is_path(path) else None
    out = df._df.to_parquet_io(target, compression, index)
    if target is None:
        _deliver(path, out)


def to_json(
    df: DataFrame, path: Any = None, orient: str = "records", lines: bool = True
) -> str | None:
    """Write ``df`` as JSON lines (``orient="records", lines=True``;
    ``ferrodf::DataFrame::to_json``)."""
    if orient != "records" or not lines:
        raise NotImplementedError("to_json writes JSON lines only: orient='records', lines=True")
    target = os.fspath(path) if _is_path(path) else None
    out = df._df.to_json_io(target)
    return None if target is not None else _deliver(path, out)
