"""pandas and pyarrow, imported when they are first needed rather than by ``import ferrodf``.

Importing pandas and pyarrow is most of what ``import ferrodf`` would cost (docs/gpu.md,
"Cold start"), while a plc pipeline or a frame built from NumPy data may need neither.
ferrodf's modules write ``from ferrodf._lazy import pa, pd`` and use ``pa`` and ``pd`` as
usual:

- ``isinstance(x, pd.DataFrame)`` or ``isinstance(x, pa.Array)`` (any class, named with a
  capital letter) is False without importing the package while it is not imported yet:
  no object of its classes can exist before;
- any other use (``pd.DataFrame(...)``, ``pd.isna``, ``pa.array``, ``pa.int64()``,
  ``except pa.ArrowInvalid``) imports the package and behaves exactly as it does.
"""

from __future__ import annotations

import importlib
import sys
import types
import typing
from typing import Any


class _LazyClass:
    """A class of a package that is imported on first use (see the module's docstring)."""

    __slots__ = ("_attr", "_module")

    def __init__(self, attr: str, module: str = "pandas") -> None:
        self._attr = attr
        self._module = module

    def _real(self) -> Any:
        return getattr(importlib.import_module(self._module), self._attr)

    def __instancecheck__(self, obj: Any) -> bool:
        return self._module in sys.modules and isinstance(obj, self._real())

    def __subclasscheck__(self, cls: Any) -> bool:
        return self._module in sys.modules and issubclass(cls, self._real())

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._real()(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._real(), attr)

    def __repr__(self) -> str:
        return f"<{self._module}.{self._attr}, imported on first use>"

    def __or__(self, other: Any) -> _LazyUnion:
        return _LazyUnion((self, *_members(other)))

    def __ror__(self, other: Any) -> _LazyUnion:
        return _LazyUnion((*_members(other), self))


class _LazyUnion:
    """``pa.Table | pa.RecordBatch`` (or with real classes): ``isinstance`` accepts it as
    it accepts a ``X | Y`` union of classes."""

    __slots__ = ("_members",)

    def __init__(self, members: tuple[Any, ...]) -> None:
        self._members = members

    def __instancecheck__(self, obj: Any) -> bool:
        return isinstance(obj, self._members)

    def __subclasscheck__(self, cls: Any) -> bool:
        return issubclass(cls, self._members)

    def __or__(self, other: Any) -> _LazyUnion:
        return _LazyUnion((*self._members, *_members(other)))

    def __ror__(self, other: Any) -> _LazyUnion:
        return _LazyUnion((*_members(other), *self._members))

    def __repr__(self) -> str:
        return " | ".join(map(repr, self._members))


def _members(other: Any) -> tuple[Any, ...]:
    """The classes of ``other``: a union's members, or ``other`` itself."""
    if isinstance(other, _LazyUnion):
        return other._members
    args = typing.get_args(other) if isinstance(other, types.UnionType) else ()
    return args or (other,)


class _LazyModule:
    """A package imported on first use (see the module's docstring). ``values`` are
    capitalised names that are objects, not classes (``pd.NA``), and so always real."""

    __slots__ = ("_module", "_values")

    def __init__(self, module: str, values: frozenset[str] = frozenset()) -> None:
        self._module = module
        self._values = values

    def __getattr__(self, name: str) -> Any:
        # An exception class is always the real one: ``except`` needs a true class, and
        # it is evaluated whenever any exception passes, imported or not.
        if (
            self._module in sys.modules
            or not name[:1].isupper()
            or name in self._values
            or name.endswith(("Error", "Invalid", "Exception", "Warning"))
        ):
            return getattr(importlib.import_module(self._module), name)
        return _LazyClass(name, self._module)

    def __repr__(self) -> str:
        return f"<module {self._module!r}, imported on first use>"


pd: Any = _LazyModule("pandas", frozenset({"NA", "NaT"}))
pa: Any = _LazyModule("pyarrow", frozenset({"NA"}))
