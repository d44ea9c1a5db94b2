"""pylibcudf's ``filling`` module."""

from __future__ import annotations

from ferrodf._lib.filling import (
    calendrical_month_sequence,
    fill,
    fill_in_place,
    repeat,
    sequence,
)

__all__ = ["calendrical_month_sequence", "fill", "fill_in_place", "repeat", "sequence"]
