"""pylibcudf's ``strings.side_type`` module."""

from __future__ import annotations

from enum import IntEnum


class SideType(IntEnum):
    """Which end of a string to work on (libcudf's values)."""

    LEFT = 0
    RIGHT = 1
    BOTH = 2


__all__ = ["SideType"]
