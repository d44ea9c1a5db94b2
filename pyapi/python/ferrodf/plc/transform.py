"""pylibcudf's ``transform`` module: the null-mask functions and ``compute_column``
(evaluating a ``ferrodf.plc.expressions`` tree on a table).

``nans_to_nulls`` and ``bools_to_mask`` return ``(gpumemoryview, null_count)``; the mask
starts at bit 0 and may live on the host or the device (``gpumemoryview.residency``).
``mask_to_bools`` takes, like pylibcudf, an integer device address (which needs a GPU),
and also a ``gpumemoryview``, which works with or without one.

``encode(input_table)`` returns the distinct rows sorted (ascending, nulls last) and the
INT32 index of every input row among them. ``one_hot_encode(input_column, categories)``
returns a Table of one BOOL8 column per category (nulls match nulls; a NaN category
matches no row, where libcudf matches NaN rows).
"""

from __future__ import annotations

from ferrodf._lib.transform import (
    bools_to_mask,
    column_nans_to_nulls,
    compute_column,
    encode,
    mask_to_bools,
    nans_to_nulls,
    one_hot_encode,
)

__all__ = [
    "bools_to_mask",
    "column_nans_to_nulls",
    "compute_column",
    "encode",
    "mask_to_bools",
    "nans_to_nulls",
    "one_hot_encode",
]
