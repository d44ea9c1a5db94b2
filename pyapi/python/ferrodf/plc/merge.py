"""pylibcudf's ``merge`` module: merge sorted tables into one sorted table."""

from __future__ import annotations

from ferrodf._lib.merge import merge as merge

__all__ = ["merge"]
