"""pylibcudf's ``span`` module: the Span protocol (a device pointer, a size in elements
and an element type), which pylibcudf's functions taking raw device ranges accept."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Span(Protocol):
    """A contiguous range of device memory: ``ptr`` (the address), ``size`` (elements)
    and ``element_type`` (their type)."""

    @property
    def ptr(self) -> int: ...

    @property
    def size(self) -> int: ...

    @property
    def element_type(self) -> Any: ...


def is_span(obj: object) -> bool:
    """Whether ``obj`` has the Span protocol's three attributes."""
    return hasattr(obj, "ptr") and hasattr(obj, "size") and hasattr(obj, "element_type")


__all__ = ["Span", "is_span"]
