"""pandas, imported when it is first needed rather than by ``import ferrodf``.

Importing pandas is most of what ``import ferrodf`` would cost (docs/gpu.md, "Cold
start"), while a plc pipeline or a frame built from NumPy or Arrow data may never need it.
ferrodf's modules write ``from ferrodf._pandas import pd`` and use ``pd`` as usual:

- ``isinstance(x, pd.DataFrame)`` (and the other pandas classes) is False without
  importing pandas while pandas is not imported yet: no pandas object can exist before;
- any other use (``pd.DataFrame(...)``, ``pd.isna``, ``pd.NA``, ``pd.api.types``) imports
  pandas and behaves exactly as pandas does.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

# Singletons are values, not classes: they are always the real objects.
_VALUES = frozenset({"NA", "NaT"})


def _pandas() -> Any:
    return importlib.import_module("pandas")


class _LazyClass:
    """A pandas class named before pandas is imported (see the module's docstring)."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def _real(self) -> Any:
        return getattr(_pandas(), self._name)

    def __instancecheck__(self, obj: Any) -> bool:
        return "pandas" in sys.modules and isinstance(obj, self._real())

    def __subclasscheck__(self, cls: Any) -> bool:
        return "pandas" in sys.modules and issubclass(cls, self._real())

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._real()(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._real(), attr)

    def __repr__(self) -> str:
        return f"<pandas.{self._name}, imported on first use>"


class _LazyPandas:
    """The ``pd`` that ferrodf's modules use (see the module's docstring)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if "pandas" in sys.modules or not name[:1].isupper() or name in _VALUES:
            return getattr(_pandas(), name)
        return _LazyClass(name)


pd: Any = _LazyPandas()
