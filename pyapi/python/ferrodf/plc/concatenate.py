"""pylibcudf's ``concatenate`` module."""

from __future__ import annotations

from ferrodf._lib.concatenate import concatenate

__all__ = ["concatenate"]
