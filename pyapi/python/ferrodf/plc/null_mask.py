"""pylibcudf's ``null_mask`` module: validity bitmasks as ``gpumemoryview``s."""

from __future__ import annotations

from ferrodf._lib import null_mask_bitmask_allocation_size_bytes as bitmask_allocation_size_bytes
from ferrodf._lib import null_mask_bitmask_and as bitmask_and
from ferrodf._lib import null_mask_bitmask_or as bitmask_or
from ferrodf._lib import null_mask_copy_bitmask as copy_bitmask
from ferrodf._lib import null_mask_create_null_mask as create_null_mask
from ferrodf._lib import null_mask_null_count as null_count
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
