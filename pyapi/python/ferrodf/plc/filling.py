"""pylibcudf's ``filling`` module."""

from __future__ import annotations

from ferrodf._lib.filling import fill, fill_in_place, repeat, sequence

__all__ = ["fill", "fill_in_place", "repeat", "sequence"]
