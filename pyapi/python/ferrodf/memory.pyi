from typing import Any

from ferrodf._lib import Column as _PlcColumn

__all__ = [
    "MemoryStatistics",
    "has_cuda_array_interface",
    "info",
    "location",
    "prefetch",
    "reset_statistics",
    "spill",
    "statistics",
]

def has_cuda_array_interface(obj: object) -> bool: ...

class MemoryStatistics:
    level: int
    host_to_device: dict[str, float]
    device_to_host: dict[str, float]
    spills: dict[str, float]
    spills_copied: dict[str, float]
    unspills: dict[str, float]
    spills_on_demand: int
    exposures: list[tuple[str, int, int]]
    def __init__(self, raw: dict[str, Any]) -> None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

def statistics() -> MemoryStatistics: ...
def reset_statistics() -> None: ...
def spill(nbytes: int | None = None) -> dict[str, int]: ...
def info() -> dict[str, Any]: ...
def _plc_columns(obj: Any) -> list[_PlcColumn]: ...
def prefetch(obj: Any, to: str = "device") -> int: ...
def location(obj: Any) -> str: ...
