"""pylibcudf's ``replace`` module."""

from __future__ import annotations

from ferrodf._lib.replace import (
    clamp,
    find_and_replace_all,
    normalize_nans_and_zeros,
    replace_nulls,
)
from ferrodf.plc._enums import rust_enum

ReplacePolicy = rust_enum("ReplacePolicy", __name__)


__all__ = [
    "ReplacePolicy",
    "clamp",
    "find_and_replace_all",
    "normalize_nans_and_zeros",
    "replace_nulls",
]
