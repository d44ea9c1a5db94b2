from collections.abc import Callable as Callable
from typing import Any

from ferrodf import plc as plc
from ferrodf.dataframe import DataFrame as DataFrame
from ferrodf.options import get_option as get_option

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
) -> DataFrame: ...
def read_parquet(
    path: Any, columns: list[str] | None = None, index_col: Any = None
) -> DataFrame: ...
def read_json(path: Any, lines: bool = False, compression: Any = "infer") -> DataFrame: ...
def to_csv(
    df: DataFrame,
    path: Any = None,
    sep: str = ",",
    index: bool = True,
    header: bool = True,
    na_rep: str = "",
    compression: Any = None,
) -> str | None: ...
def to_parquet(
    df: DataFrame, path: Any, compression: Any = "snappy", index: bool | None = None
) -> None: ...
def to_json(
    df: DataFrame, path: Any = None, orient: str = "records", lines: bool = True
) -> str | None: ...
