"""pylibcudf's ``experimental`` module: ``join_streams``."""

from __future__ import annotations

from ferrodf._lib import join_streams

__all__ = ["join_streams"]
