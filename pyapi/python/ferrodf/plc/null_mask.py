"""pylibcudf's ``null_mask`` module: validity bitmasks as ``gpumemoryview``s."""

from __future__ import annotations

from ferrodf._lib.null_mask import bitmask_allocation_size_bytes as bitmask_allocation_size_bytes
from ferrodf._lib.null_mask import bitmask_and as bitmask_and
from ferrodf._lib.null_mask import bitmask_or as bitmask_or
from ferrodf._lib.null_mask import copy_bitmask as copy_bitmask
from ferrodf._lib.null_mask import create_null_mask as create_null_mask
from ferrodf._lib.null_mask import null_count as null_count
from ferrodf.plc.types import MaskState

__all__ = [
    "MaskState",
    "bitmask_allocation_size_bytes",
    "bitmask_and",
    "bitmask_or",
    "copy_bitmask",
    "create_null_mask",
    "null_count",
]
