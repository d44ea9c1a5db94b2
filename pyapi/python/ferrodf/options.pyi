from contextlib import AbstractContextManager
from typing import Any

# Options: "device" ("auto", "gpu" or "cpu") and "display.max_rows", "display.min_rows",
# "display.max_columns", "display.max_colwidth", "display.precision" (non-negative ints;
# None or 0 means no limit), "display.interactive" (bool), "io.progress_bar" (bool), "memory.spill" (bool),
# "memory.device_limit" (bytes, "2GiB", "80%" or None) and "memory.statistics" (0, 1, 2).
# Unknown names raise KeyError.
def get_option(name: str) -> Any: ...
def set_option(name: str, value: Any) -> None: ...
def reset_option(name: str) -> None: ...
def option_context(*pairs: Any, **options: Any) -> AbstractContextManager[None]: ...

class _DisplayNamespace:
    max_rows: int
    min_rows: int
    max_columns: int
    max_colwidth: int
    precision: int
    interactive: bool

display: _DisplayNamespace
