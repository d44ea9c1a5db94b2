"""pandas, pyarrow and NumPy, imported when they are first needed rather than by
``import ferrodf``.

Importing them is most of what ``import ferrodf`` would cost (docs/gpu.md, "Cold start"),
while a plc pipeline may need none of them. ferrodf's modules write
``from ferrodf._lazy import np, pa, pd`` and use ``np``, ``pa`` and ``pd`` as usual:

- ``isinstance(x, pd.DataFrame)`` or ``isinstance(x, pa.Array)`` (any class, named with a
  capital letter) is False without importing the package while it is not imported yet:
  no object of its classes can exist before;
- NumPy's classes are lower-case, so ``np`` lists the ones ferrodf names in ``isinstance``
  (``_NUMPY_CLASSES``: ``np.ndarray``, ``np.integer``, ``np.generic``, ...), with the same
  rule; add a name there before using it in an ``isinstance`` that may run first;
- any other use (``pd.DataFrame(...)``, ``pd.isna``, ``pa.array``, ``pa.int64()``,
  ``except pa.ArrowInvalid``, ``np.asarray``, ``np.int64``, ``np.dtype("int64")``,
  ``np.nan``) imports the package and behaves exactly as it does."""

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
        return getattr(_load(self._module), self._attr)

    def __instancecheck__(self, obj: Any) -> bool:
        return self._module in sys.modules and isinstance(obj, self._real())

    def __subclasscheck__(self, cls: Any) -> bool:
        return self._module in sys.modules and issubclass(cls, self._real())

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._real()(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._real(), attr)

    @property
    def dtype(self) -> Any:
        """NumPy reads a ``dtype`` argument's ``.dtype``: ``np.zeros(2, dtype=np.bool_)``
        works with ``np.bool_`` named before NumPy was imported."""
        real = self._real()
        return _load("numpy").dtype(real) if self._module == "numpy" else real.dtype

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


def _load(module: str) -> Any:
    """The module, imported if it is not yet (``sys.modules`` first: this runs on every
    use of ``np.X``, and ``importlib.import_module`` is slower even for a loaded one)."""
    return sys.modules.get(module) or importlib.import_module(module)


class _LazyModule:
    """A package imported on first use (see the module's docstring). ``values`` are
    capitalised names that are objects, not classes (``pd.NA``), and so always real.
    ``classes``, when given, are the names that are lazy classes (NumPy's are lower-case)
    in place of the capitalised ones."""

    __slots__ = ("_classes", "_module", "_values")

    def __init__(
        self,
        module: str,
        values: frozenset[str] = frozenset(),
        classes: frozenset[str] | None = None,
    ) -> None:
        self._module = module
        self._values = values
        self._classes = classes

    def __getattr__(self, name: str) -> Any:
        module = sys.modules.get(self._module)
        if module is None and self._lazy_class(name):
            return _LazyClass(name, self._module)
        return getattr(module or importlib.import_module(self._module), name)

    def _lazy_class(self, name: str) -> bool:
        """Whether ``name`` stands for a lazy class while the package is not loaded."""
        if self._classes is not None:
            return name in self._classes
        # An exception class is always the real one: ``except`` needs a true class, and
        # it is evaluated whenever any exception passes, imported or not.
        return (
            name[:1].isupper()
            and name not in self._values
            and not name.endswith(("Error", "Invalid", "Exception", "Warning"))
        )

    def __repr__(self) -> str:
        return f"<module {self._module!r}, imported on first use>"


pd: Any = _LazyModule("pandas", frozenset({"NA", "NaT"}))
pa: Any = _LazyModule("pyarrow", frozenset({"NA"}))

# The NumPy classes ferrodf's modules name in ``isinstance`` (and a few neighbours), lazy
# while NumPy is not loaded; any other name (``np.int64``, ``np.asarray``) imports NumPy.
_NUMPY_CLASSES = frozenset(
    {
        "ndarray",
        "generic",
        "number",
        "integer",
        "signedinteger",
        "unsignedinteger",
        "inexact",
        "floating",
        "complexfloating",
        "bool_",
        "dtype",
        "datetime64",
        "timedelta64",
        "str_",
    }
)
np: Any = _LazyModule("numpy", classes=_NUMPY_CLASSES)
