"""The builder half of the plc.io option classes (pylibcudf's
``XOptions.builder(...).option(value)...build()``), written once for every reader and writer.
"""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

OptionsT = TypeVar("OptionsT")


class OptionsBuilder(Generic[OptionsT]):
    """Builds options of type ``OptionsT``: each method stores one option and returns the
    builder."""

    def __init__(self, options: OptionsT) -> None:
        self._options = options

    def _set(self, key: str, value: Any) -> Self:
        self._options._opts[key] = value  # type: ignore[attr-defined]
        return self

    def build(self) -> OptionsT:
        """The options."""
        return self._options
