from typing import Any

from ferrodf import memory as memory
from ferrodf import options as options
from ferrodf import plc as plc
from ferrodf._lib import __version__ as __version__
from ferrodf._lib import gpu_info as gpu_info
from ferrodf._lib import gpu_unavailable_reason as gpu_unavailable_reason
from ferrodf._lib import host_fallbacks as host_fallbacks
from ferrodf._lib import reset_host_fallbacks as reset_host_fallbacks
from ferrodf._lib import synchronize as synchronize
from ferrodf.dataframe import DataFrame as DataFrame
from ferrodf.dataframe import concat as concat
from ferrodf.index import Index as Index
from ferrodf.index import MultiIndex as MultiIndex
from ferrodf.index import RangeIndex as RangeIndex
from ferrodf.io import read_csv as read_csv
from ferrodf.io import read_json as read_json
from ferrodf.io import read_parquet as read_parquet
from ferrodf.options import get_option as get_option
from ferrodf.options import option_context as option_context
from ferrodf.options import reset_option as reset_option
from ferrodf.options import set_option as set_option
from ferrodf.series import Series as Series

def from_pandas(obj: Any) -> DataFrame | Series | Index: ...
def from_dlpack(obj: Any) -> DataFrame | Series: ...
def merge(
    left: Any,
    right: Any,
    how: str = "inner",
    on: Any = None,
    *,
    left_on: Any = None,
    right_on: Any = None,
    left_index: bool = False,
    right_index: bool = False,
    suffixes: tuple[str, str] = ("_x", "_y"),
) -> DataFrame: ...

__all__ = [
    "DataFrame",
    "Index",
    "MultiIndex",
    "RangeIndex",
    "Series",
    "concat",
    "from_dlpack",
    "from_pandas",
    "merge",
    "memory",
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
    "reset_host_fallbacks",
    "reset_option",
    "set_option",
    "synchronize",
]
