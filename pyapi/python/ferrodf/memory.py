"""GPU memory: where data lives, spilling to host memory, and transfer statistics.

ferrodf keeps each buffer on the host, on the GPU, or both, and moves it the first time
something needs it elsewhere. When the GPU fills up, the spill manager moves
least-recently-used buffers to host memory (page-locked, so that they come back at the link's
full speed) and retries the allocation; the next GPU use of a spilled buffer brings it back.
Buffers whose device pointer was handed out of ferrodf (``__cuda_array_interface__``,
DLPack, ``gpumemoryview.ptr``, CuPy views) are *exposed* and never spilled; buffers used by
a running operation are never spilled either.

Options (also in :mod:`ferrodf.options`):

- ``memory.spill`` (``FERRODF_SPILL``, default on): spilling on or off.
- ``memory.device_limit`` (``FERRODF_DEVICE_LIMIT``, default none): a soft limit on
  ferrodf's device memory, as bytes, text (``"2GiB"``) or a share of the GPU (``"80%"``);
  past it, buffers are spilled before new allocations are made.
- ``memory.statistics`` (``FERRODF_SPILL_STATS``, default 1): 0 records nothing, 1 counts
  transfers, spills and unspills with bytes and seconds, 2 also records where device
  pointers were exposed (the Python file and line).

>>> import ferrodf
>>> ferrodf.memory.statistics().spills["count"] >= 0
True
"""

from __future__ import annotations

import os
import warnings
from typing import Any

from ferrodf import _lib
from ferrodf.plc.column import Column as _PlcColumn

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


def has_cuda_array_interface(obj: object) -> bool:
    """Whether ``obj`` offers ``__cuda_array_interface__``, found without reading it: reading
    it on a ferrodf object hands out a device pointer and exposes the memory."""
    return _lib.has_cuda_array_interface(obj)


class MemoryStatistics:
    """A snapshot of the memory statistics (see :func:`statistics`).

    Attributes ``host_to_device``, ``device_to_host``, ``spills``, ``spills_copied`` and
    ``unspills`` are dicts with ``count``, ``bytes`` and ``seconds``; ``spills_on_demand``
    counts allocations that succeeded after spilling; ``exposures`` lists
    ``(site, count, bytes)`` at level 2; ``transfers`` lists every host/device copy at
    level 3 as ``(function, origin, direction, count, bytes, largest)``: the ferrodf
    function that was called, the Rust code that copied, ``"host -> device"`` or
    ``"device -> host"``. ``print()`` shows a table.
    """

    def __init__(self, raw: dict[str, Any]) -> None:
        self._raw = raw
        self.level: int = raw["level"]
        self.host_to_device: dict[str, float] = raw["host_to_device"]
        self.device_to_host: dict[str, float] = raw["device_to_host"]
        self.spills: dict[str, float] = raw["spills"]
        self.spills_copied: dict[str, float] = raw["spills_copied"]
        self.unspills: dict[str, float] = raw["unspills"]
        self.spills_on_demand: int = raw["spills_on_demand"]
        self.exposures: list[tuple[str, int, int]] = raw["exposures"]
        self.transfers: list[tuple[str, str, str, int, int, int]] = raw["transfers"]

    def to_dict(self) -> dict[str, Any]:
        """The statistics as plain data."""
        return {k: v for k, v in self._raw.items() if k != "text"}

    def __repr__(self) -> str:
        return self._raw["text"]

    def _repr_html_(self) -> str:
        from ferrodf._memory_html import statistics_html

        return statistics_html(self.to_dict())


def statistics() -> MemoryStatistics:
    """The transfer and spill statistics gathered since the last :func:`reset_statistics`."""
    return MemoryStatistics(_lib.memory_statistics())


def reset_statistics() -> None:
    """Forget the statistics gathered so far."""
    _lib.reset_memory_statistics()


def spill(nbytes: int | None = None) -> dict[str, int]:
    """Spill least-recently-used device buffers to host memory until ``nbytes`` are freed
    (``None``: all that can be). Returns ``{"freed": bytes, "buffers": count}``."""
    if nbytes is not None and (isinstance(nbytes, bool) or not isinstance(nbytes, int)):
        raise TypeError(f"spill takes a number of bytes or None, got {nbytes!r}")
    if nbytes is not None and nbytes < 0:
        raise ValueError(f"spill takes a non-negative number of bytes, got {nbytes}")
    freed, buffers = _lib.spill(nbytes)
    return {"freed": freed, "buffers": buffers}


def info() -> dict[str, Any]:
    """Where ferrodf's device memory stands: ``device_bytes`` allocated, ``device_limit``,
    ``total_memory`` of the GPU (None without one), whether ``spill`` is on, and
    ``(buffers, bytes)`` pairs for ``spillable``, ``exposed``, ``in_use``, ``foreign`` and
    ``spilled`` buffers, plus the page-locked host memory holding spilled data."""
    return _lib.memory_info()


def _plc_columns(obj: Any) -> list[_PlcColumn]:
    if isinstance(obj, _PlcColumn):
        return [obj]
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

    if isinstance(obj, Series):
        return [obj._s.column]
    if isinstance(obj, DataFrame):
        return [c.plc_column for c in obj._data.columns]
    if hasattr(obj, "columns") and callable(obj.columns):  # plc.Table
        return list(obj.columns())
    if isinstance(obj, list | tuple):
        return [c for o in obj for c in _plc_columns(o)]
    raise TypeError(
        f"expected a ferrodf DataFrame, Series, plc.Column or plc.Table, got {type(obj).__name__}"
    )


def prefetch(obj: Any, to: str = "device") -> int:
    """Move ``obj``'s data to ``"device"`` or ``"host"`` memory now rather than on first use
    (a spilled buffer is brought back). Returns the bytes copied."""
    return _lib.memory_prefetch(_plc_columns(obj), to)


def location(obj: Any) -> str:
    """Where ``obj``'s data lives: ``"host"``, ``"device"``, ``"host+device"``, or
    ``"spilled"`` when all of it is host data spilled from the GPU."""
    cols = _plc_columns(obj)
    places = {c.residency() for c in cols}
    spilled, nbytes = _lib.memory_spilled_bytes(cols)
    if places == {"host"} and spilled and spilled >= nbytes:
        return "spilled"
    if not places:
        return "host"
    if len(places) == 1:
        return places.pop()
    return "host+device"


def _check_environment() -> None:
    """Warn about memory environment variables whose values are not understood (the
    defaults are used instead)."""
    spill_env = os.environ.get("FERRODF_SPILL")
    switches = {"1", "0", "on", "off", "true", "false", "yes", "no"}
    if spill_env is not None and spill_env.strip().lower() not in switches:
        warnings.warn(
            f"FERRODF_SPILL={spill_env!r} is not a switch (use on or off); spilling stays on",
            RuntimeWarning,
            stacklevel=3,
        )
    limit = os.environ.get("FERRODF_DEVICE_LIMIT")
    if limit is not None:
        try:
            _lib.set_device_limit(limit)
        except ValueError as e:
            warnings.warn(
                f"FERRODF_DEVICE_LIMIT={limit!r} is ignored: {e}", RuntimeWarning, stacklevel=3
            )
    level = os.environ.get("FERRODF_SPILL_STATS")
    if level is not None and level.strip() not in {"0", "1", "2", "3"}:
        warnings.warn(
            f"FERRODF_SPILL_STATS={level!r} is not 0, 1, 2 or 3; the level stays 1",
            RuntimeWarning,
            stacklevel=3,
        )


_check_environment()
