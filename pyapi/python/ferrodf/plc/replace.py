"""pylibcudf's ``replace`` module."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import clamp, find_and_replace_all, normalize_nans_and_zeros, replace_nulls


class ReplacePolicy(IntEnum):
    """Which valid neighbour ``replace_nulls`` copies into a null row."""

    PRECEDING = 0
    FOLLOWING = 1


__all__ = [
    "ReplacePolicy",
    "clamp",
    "find_and_replace_all",
    "normalize_nans_and_zeros",
    "replace_nulls",
]
