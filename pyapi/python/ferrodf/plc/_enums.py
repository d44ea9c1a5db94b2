"""The ``IntEnum``s of ``ferrodf.plc``, built from their one definition in Rust.

``ferrodf._lib.enums`` maps each class name to its ``plc`` module, its docstring (the Rust
doc comment) and its ``(NAME, value)`` members (``ferrodf_core::python_enums``). The stubs
(``*.pyi``) repeat the members for type checkers; ``core/tests/python_enums.rs`` fails
when they drift from the Rust definitions.
"""

from __future__ import annotations

import inspect
from enum import IntEnum

from ferrodf._lib import enums as _enums


def rust_enum(name: str, module: str) -> type[IntEnum]:
    """The ``IntEnum`` ``name`` of the ``plc`` module ``module`` (its ``__name__``)."""
    plc_module, doc, members = _enums[name]
    if module != f"ferrodf.plc.{plc_module}":
        raise ImportError(f"{name} belongs to ferrodf.plc.{plc_module}, not {module}")
    cls = IntEnum(name, sorted(members, key=lambda m: m[1]), module=module, qualname=name)
    cls.__doc__ = inspect.cleandoc(doc)
    return cls
