"""Process-wide options.

``device``: where work runs. ``"auto"`` (the default) uses the GPU when one is usable and
the CPU otherwise; ``"gpu"`` makes a missing GPU an error and turns host fallbacks into
``NotImplementedError``; ``"cpu"`` never touches the GPU. The initial value comes from the
``FERRODF_DEVICE`` environment variable.

``display.max_rows`` (60), ``display.min_rows`` (10), ``display.max_columns`` (20),
``display.max_colwidth`` (50), ``display.precision`` (6): how frames are shown, with
pandas' names and meanings. Set them with ``set_option("display.max_rows", 10)``, as
attributes (``ferrodf.options.display.max_rows = 10``) or for a block with
``option_context("display.max_rows", 10)``.

``display.summary`` (False): HTML tables carry a header per column under the dtype row:
the null count; the range, mean and a histogram of numbers; the distinct count and most
frequent values of text, booleans and categories; the range of timestamps. They are
computed where the data lives (on the GPU for device columns); only the figures move.

``display.interactive`` (False): show frames longer than ``display.max_rows`` as the
interactive widget of :mod:`ferrodf.browse` (where anywidget is installed) instead of the
static table, which stays the fallback for front ends without widgets.

``plotting.row_limit`` (50,000): ``.plot`` converts frames up to this many rows to pandas
and plots every row; longer ones plot what ferrodf computed (histogram counts, box
statistics) or an evenly spaced or random view of this many rows (see docs/display.md).

``io.progress_bar`` (True): show a tqdm bar for reads and writes that take over a second.

``memory.spill`` (on unless ``FERRODF_SPILL=off``): spill least-recently-used GPU buffers to
host memory when the GPU fills up. ``memory.device_limit`` (``FERRODF_DEVICE_LIMIT``, None):
a soft limit on ferrodf's GPU memory, as bytes, ``"2GiB"`` or ``"80%"``; past it buffers are
spilled first. ``memory.statistics`` (``FERRODF_SPILL_STATS``, 1): 0, 1 (transfers and
spills) or 2 (also where device pointers were exposed). See :mod:`ferrodf.memory`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ferrodf import _lib

_DISPLAY_DEFAULTS = {
    "max_rows": 60,
    "min_rows": 10,
    "max_columns": 20,
    "max_colwidth": 50,
    "precision": 6,
    "summary": False,
}
_display: dict[str, int | bool] = dict(_DISPLAY_DEFAULTS)
_PLOTTING_DEFAULTS = {"plotting.row_limit": 50_000}
_plotting: dict[str, int] = dict(_PLOTTING_DEFAULTS)
_MEMORY = ("memory.spill", "memory.device_limit", "memory.statistics")
_OPTIONS = (
    "device",
    "io.progress_bar",
    *_MEMORY,
    *(f"display.{k}" for k in _DISPLAY_DEFAULTS),
    "display.interactive",
    "plotting.row_limit",
)
_io: dict[str, Any] = {"progress_bar": True, "interactive": False}
_SWITCHES = {"io.progress_bar": "progress_bar", "display.interactive": "interactive"}


def _check(name: str) -> str:
    if name in _OPTIONS:
        return name
    matches = [o for o in _OPTIONS if o.endswith("." + name)]
    if len(matches) == 1:
        return matches[0]
    raise KeyError(f"unknown option {name!r}; known options: {', '.join(_OPTIONS)}")


def _push_display() -> None:
    _lib.set_display_options(**_display)


def get_option(name: str) -> Any:
    """The current value of option ``name``."""
    name = _check(name)
    if name == "device":
        return _lib.get_device()
    if name in _SWITCHES:
        return _io[_SWITCHES[name]]
    if name in _plotting:
        return _plotting[name]
    if name == "memory.spill":
        return _lib.get_spill()
    if name == "memory.device_limit":
        return _lib.get_device_limit()
    if name == "memory.statistics":
        return _lib.get_spill_statistics()
    return _display[name.split(".", 1)[1]]


def set_option(name: str, value: Any) -> None:
    """Set option ``name`` to ``value``."""
    name = _check(name)
    if name == "device":
        if not isinstance(value, str):
            raise TypeError(
                f"option 'device' takes 'auto', 'gpu' or 'cpu', got {type(value).__name__}"
            )
        _lib.set_device(value)
        return
    if name in _SWITCHES:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} takes True or False, got {value!r}")
        _io[_SWITCHES[name]] = value
        return
    if name == "memory.spill":
        if not isinstance(value, bool):
            raise TypeError(f"option 'memory.spill' takes True or False, got {value!r}")
        _lib.set_spill(value)
        return
    if name == "memory.device_limit":
        _lib.set_device_limit(value)
        return
    if name == "memory.statistics":
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"option 'memory.statistics' takes 0, 1, 2 or 3, got {value!r}")
        _lib.set_spill_statistics(value)
        return
    if name in _plotting:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"option {name!r} takes a positive int, got {value!r}")
        _plotting[name] = value
        return
    key = name.split(".", 1)[1]
    if key == "summary":
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} takes True or False, got {value!r}")
    elif value is None:
        value = 0  # pandas: None means no limit
    elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"option {name!r} takes a non-negative int or None, got {value!r}")
    _display[key] = value
    _push_display()


def reset_option(name: str) -> None:
    """Set option ``name`` back to its default."""
    name = _check(name)
    if name == "device":
        raise ValueError("'device' has no fixed default; set it to 'auto', 'gpu' or 'cpu'")
    if name in _SWITCHES:
        set_option(name, name == "io.progress_bar")
        return
    if name in _plotting:
        set_option(name, _PLOTTING_DEFAULTS[name])
        return
    if name in _MEMORY:
        set_option(name, {"memory.spill": True, "memory.device_limit": None}.get(name, 1))
        return
    set_option(name, _DISPLAY_DEFAULTS[name.split(".", 1)[1]])


@contextlib.contextmanager
def option_context(*pairs: Any, **options: Any) -> Iterator[None]:
    """Set options inside a ``with`` block and restore them afterwards: pandas' pairs
    (``option_context("display.max_rows", 5)``) or keywords (``device="cpu"``)."""
    if len(pairs) % 2:
        raise ValueError("option_context takes (name, value) pairs")
    items = list(zip(pairs[::2], pairs[1::2], strict=True)) + list(options.items())
    saved = [(name, get_option(name)) for name, _ in items]
    try:
        for name, value in items:
            set_option(name, value)
        yield
    finally:
        for name, value in reversed(saved):
            set_option(name, value)


class _DisplayNamespace:
    """``ferrodf.options.display``: the display options as attributes."""

    _NAMES = (*_DISPLAY_DEFAULTS, "interactive")

    def __getattr__(self, name: str) -> Any:
        if name not in self._NAMES:
            raise AttributeError(f"no display option {name!r}; known: {', '.join(self._NAMES)}")
        return get_option(f"display.{name}")

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._NAMES:
            raise AttributeError(f"no display option {name!r}; known: {', '.join(self._NAMES)}")
        set_option(f"display.{name}", value)

    def __dir__(self) -> list[str]:
        return list(self._NAMES)


display = _DisplayNamespace()
