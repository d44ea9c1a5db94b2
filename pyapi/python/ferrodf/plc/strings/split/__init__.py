"""pylibcudf's ``strings.split`` package."""

from __future__ import annotations

from ferrodf.plc.strings.split import partition, split

__all__ = ["partition", "split"]
