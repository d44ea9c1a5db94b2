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

``transform(inputs, transform_udf, output_type, source_type, ...)`` runs a CUDA C
``__device__`` function on every row (compiled by NVRTC; GPU only, the host raises
NotImplementedError after checking the arguments). See ``docs/plc.md`` for the calling
convention.
"""

from __future__ import annotations

from collections.abc import Sequence

from ferrodf._lib.transform import (
    bools_to_mask,
    column_nans_to_nulls,
    compute_column,
    encode,
    mask_to_bools,
    nans_to_nulls,
    one_hot_encode,
)
from ferrodf._lib.transform import transform as _transform
from ferrodf.plc.column import Column
from ferrodf.plc.jit import UDFSourceType
from ferrodf.plc.types import DataType, NullAware

_UNSET = object()


def _pick(name: str, value: object, alias: str, alias_value: object) -> object:
    """One argument given under its pylibcudf name or its alias (not both)."""
    if value is not _UNSET and alias_value is not _UNSET:
        raise TypeError(f"transform.transform: give {name} or {alias}, not both")
    return alias_value if value is _UNSET else value


def transform(
    inputs: Sequence[Column],
    transform_udf: str,
    output_type: DataType,
    source_type: object = _UNSET,
    is_null_aware: object = _UNSET,
    null_policy: object = None,
    stream: object = None,
    mr: object = None,
    *,
    is_ptx: object = _UNSET,
    null_aware: object = _UNSET,
) -> Column:
    """A column computed row by row by the first ``__device__`` function of the CUDA C
    source ``transform_udf`` (pylibcudf's ``transform.transform``).

    The 4th argument is a ``jit.UDFSourceType`` (pylibcudf 25.x) or the bool ``is_ptx``
    (pylibcudf 26.x; also accepted as the keyword ``is_ptx=``); only CUDA sources are
    supported (PTX raises NotImplementedError). ``is_null_aware`` (alias ``null_aware=``)
    is a ``types.NullAware``, ``NO`` by default. ``null_policy`` (pylibcudf's
    ``OutputNullability``) is accepted and ignored: the result has a null mask exactly
    when it has nulls, which ``ALL_VALID`` and ``PRESERVE`` both allow.
    """
    del null_policy
    source = _pick("source_type", source_type, "is_ptx", is_ptx)
    if source is _UNSET:
        source = UDFSourceType.CUDA
    elif isinstance(source, bool):
        source = UDFSourceType.PTX if source else UDFSourceType.CUDA
    aware = _pick("is_null_aware", is_null_aware, "null_aware", null_aware)
    if aware is _UNSET:
        aware = NullAware.NO
    if not isinstance(transform_udf, str):
        raise TypeError(
            f"transform.transform: transform_udf must be a str, got {type(transform_udf).__name__}"
        )
    if isinstance(inputs, Column) or not isinstance(inputs, Sequence):
        raise TypeError("transform.transform: inputs must be a list of Columns")
    return _transform(list(inputs), transform_udf, output_type, source, aware, stream, mr)


__all__ = [
    "bools_to_mask",
    "column_nans_to_nulls",
    "compute_column",
    "encode",
    "mask_to_bools",
    "nans_to_nulls",
    "one_hot_encode",
    "transform",
]
