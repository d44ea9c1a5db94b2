"""pylibcudf's ``copying`` module, plus libcudf's ``sample`` (with ``SampleWithReplacement``
from ``types``): ``n`` random rows, deterministic by ``seed`` and the same on the host and
the device (the draws are ferrodf's own, not libcudf's)."""

from __future__ import annotations

from ferrodf._lib.copying import (
    allocate_like,
    boolean_mask_scatter,
    copy_if_else,
    copy_range,
    copy_range_in_place,
    empty_like,
    gather,
    get_element,
    sample,
    scatter,
    shift,
    slice,
    split,
)
from ferrodf.plc._enums import rust_enum
from ferrodf.plc.types import SampleWithReplacement

OutOfBoundsPolicy = rust_enum("OutOfBoundsPolicy", __name__)
MaskAllocationPolicy = rust_enum("MaskAllocationPolicy", __name__)


def reverse(source, stream=None, mr=None):
    """The rows of ``source`` (a Table or a Column) in reverse order: one gather by the
    index sequence ``n-1, n-2, ..., 0``, on the GPU when ferrodf uses one."""
    from ferrodf._lib import stream_order
    from ferrodf.plc.column import Column
    from ferrodf.plc.filling import sequence
    from ferrodf.plc.scalar import Scalar
    from ferrodf.plc.table import Table
    from ferrodf.plc.types import DataType, TypeId

    _order = stream_order(stream, mr)
    if isinstance(source, Column):
        return reverse(Table([source])).columns()[0]
    if not isinstance(source, Table):
        raise TypeError(f"reverse takes a Table or a Column, got {type(source).__name__}")
    n = source.num_rows()
    int64 = DataType(TypeId.INT64)
    rows = sequence(n, Scalar.from_py(n - 1, int64), Scalar.from_py(-1, int64))
    return gather(source, rows, OutOfBoundsPolicy.DONT_CHECK)


__all__ = [
    "MaskAllocationPolicy",
    "OutOfBoundsPolicy",
    "SampleWithReplacement",
    "allocate_like",
    "boolean_mask_scatter",
    "copy_if_else",
    "copy_range",
    "copy_range_in_place",
    "empty_like",
    "gather",
    "get_element",
    "reverse",
    "sample",
    "scatter",
    "shift",
    "slice",
    "split",
]
