"""pylibcudf's ``strings.split`` package."""

from __future__ import annotations

from ferrodf.plc.strings.split import split

__all__ = ["split"]
