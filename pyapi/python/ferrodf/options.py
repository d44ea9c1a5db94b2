"""Process-wide options.

``device``: where work runs. ``"auto"`` (the default) uses the GPU when one is usable and
the CPU otherwise; ``"gpu"`` makes a missing GPU an error and turns host fallbacks into
``NotImplementedError``; ``"cpu"`` never touches the GPU. The initial value comes from the
``FERRODF_DEVICE`` environment variable.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ferrodf import _lib

_OPTIONS = ("device",)


def _check(name: str) -> None:
    if name not in _OPTIONS:
        raise KeyError(f"unknown option {name!r}; known options: {', '.join(_OPTIONS)}")


def get_option(name: str) -> Any:
    """The current value of option ``name``."""
    _check(name)
    return _lib.get_device()


def set_option(name: str, value: Any) -> None:
    """Set option ``name`` to ``value``."""
    _check(name)
    if not isinstance(value, str):
        raise TypeError(f"option 'device' takes 'auto', 'gpu' or 'cpu', got {type(value).__name__}")
    _lib.set_device(value)


@contextlib.contextmanager
def option_context(**options: Any) -> Iterator[None]:
    """Set options inside a ``with`` block and restore them afterwards."""
    saved = {name: get_option(name) for name in options}
    try:
        for name, value in options.items():
            set_option(name, value)
        yield
    finally:
        for name, value in saved.items():
            set_option(name, value)
