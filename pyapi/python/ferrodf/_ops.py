"""pandas' binary operators and flex methods (``df + 1``, ``s.add(other, fill_value=0)``),
made from one table for ``DataFrame`` and ``Series``.

Each class implements ``_binary(other, op, reflected)`` (the Rust frontend aligns the
operands) and makes its own flex methods, whose signatures differ as pandas' do; the
methods made here only name the operation. For type checkers, ``NDFrame`` (``_ndframe.py``)
declares the operators both classes have, and each class its flex methods and the rest, in
``if TYPE_CHECKING:`` blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: pandas' flex method -> (operation, reflected).
FLEX_METHODS: dict[str, tuple[str, bool]] = {
    "add": ("add", False),
    "radd": ("add", True),
    "sub": ("sub", False),
    "subtract": ("sub", False),
    "rsub": ("sub", True),
    "mul": ("mul", False),
    "multiply": ("mul", False),
    "rmul": ("mul", True),
    "truediv": ("truediv", False),
    "div": ("truediv", False),
    "divide": ("truediv", False),
    "rtruediv": ("truediv", True),
    "rdiv": ("truediv", True),
    "floordiv": ("floordiv", False),
    "rfloordiv": ("floordiv", True),
    "mod": ("mod", False),
    "rmod": ("mod", True),
    "pow": ("pow", False),
    "rpow": ("pow", True),
    "eq": ("eq", False),
    "ne": ("ne", False),
    "lt": ("lt", False),
    "le": ("le", False),
    "gt": ("gt", False),
    "ge": ("ge", False),
}


#: The flex methods that only spell another one differently.
_ALIASES = ("subtract", "multiply", "div", "divide", "rdiv")

#: Operator method -> (operation, reflected): ``__<name>__`` for each flex method that is
#: no alias, and the logical operators.
OPERATORS: dict[str, tuple[str, bool]] = {
    f"__{name}__": spec for name, spec in FLEX_METHODS.items() if name not in _ALIASES
} | {"__and__": ("and", False), "__or__": ("or", False), "__xor__": ("xor", False)}

#: Operators of a Series that a DataFrame does not have.
_SERIES_ONLY = (
    "__and__",
    "__or__",
    "__xor__",
)

#: The operators of a DataFrame.
FRAME_OPERATORS = tuple(name for name in OPERATORS if name not in _SERIES_ONLY)


def _operator(cls: type, name: str, op: str, reflected: bool) -> Callable[[Any, Any], Any]:
    def method(self: Any, o: Any) -> Any:
        return self._binary(o, op, reflected)

    method.__name__ = name
    method.__qualname__ = f"{cls.__name__}.{name}"
    return method


def add_operators(
    cls: type,
    operators: Iterable[str],
    flex_method: Callable[[str, str, bool], Callable[..., Any]],
) -> None:
    """Give ``cls`` the ``operators`` (names in ``OPERATORS``) and every flex method,
    made by ``flex_method(name, op, reflected)``."""
    for name in operators:
        op, reflected = OPERATORS[name]
        setattr(cls, name, _operator(cls, name, op, reflected))
    for name, (op, reflected) in FLEX_METHODS.items():
        setattr(cls, name, flex_method(name, op, reflected))
