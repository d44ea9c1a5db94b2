"""pylibcudf's ``transform`` module: the null-mask functions and ``compute_column``
(evaluating a ``ferrodf.plc.expressions`` tree on a table).

``nans_to_nulls`` and ``bools_to_mask`` return ``(gpumemoryview, null_count)``; the mask
starts at bit 0 and may live on the host or the device (``gpumemoryview.residency``).
``mask_to_bools`` takes, like pylibcudf, an integer device address (which needs a GPU),
and also a ``gpumemoryview``, which works with or without one.
"""

from __future__ import annotations

from ferrodf._lib.transform import (
    bools_to_mask,
    column_nans_to_nulls,
    compute_column,
    mask_to_bools,
    nans_to_nulls,
)

__all__ = [
    "bools_to_mask",
    "column_nans_to_nulls",
    "compute_column",
    "mask_to_bools",
    "nans_to_nulls",
]
