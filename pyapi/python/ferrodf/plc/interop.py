"""pylibcudf's ``interop`` module: Arrow and DLPack conversion.

``from_arrow``/``to_arrow`` dispatch on the argument's kind, as pylibcudf's older API did;
``Column``, ``Table``, ``Scalar`` and ``DataType`` also have their own ``from_arrow`` and
``to_arrow``. Every ferrodf ``Column`` and ``Table`` implements the Arrow PyCapsule
interface, so ``pyarrow.array(col)``, ``pyarrow.table(tbl)`` and ``polars.from_arrow``
accept them directly.

``to_dlpack``/``from_dlpack`` copy a table to and from one DLPack tensor (column-major, one
numeric type, no nulls) as libcudf does. ``Column`` also speaks the Python array API's
``__dlpack__`` protocol without a copy, so ``cupy.from_dlpack(col)``,
``torch.from_dlpack(col)`` and (on the host) ``numpy.from_dlpack(col)`` share its memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ferrodf import _lib
from ferrodf._lazy import pa
from ferrodf._lib import Column, DataType, Scalar, Table
from ferrodf._lib.interop import to_dlpack


@dataclass
class ColumnMetadata:
    """Names for a column and its children (struct fields, list values)."""

    name: str = ""
    children_meta: list[ColumnMetadata] = field(default_factory=list)


def from_arrow(obj: Any, *, data_type: DataType | None = None) -> Any:
    """A DataType, Scalar, Table or Column from the matching Arrow object."""
    if isinstance(obj, pa.DataType):
        return DataType.from_arrow(obj)
    if isinstance(obj, pa.Scalar):
        return Scalar.from_arrow(obj, data_type)
    if isinstance(obj, pa.Table | pa.RecordBatch):
        return Table.from_arrow(obj)
    return Column.from_arrow(obj, data_type)


def to_arrow(obj: Any, metadata: Any = None) -> Any:
    """The Arrow object (pyarrow DataType, Array, Table or Scalar) of a ferrodf object."""
    if isinstance(obj, DataType):
        return obj.to_arrow()
    if isinstance(obj, Column | Table | Scalar):
        return obj.to_arrow(metadata)
    raise TypeError(f"to_arrow needs a Column, Table, Scalar or DataType, got {type(obj).__name__}")


def from_dlpack(managed_tensor: Any) -> Table:
    """A table holding a copy of a 1-D or 2-D column-major DLPack tensor: a capsule, or any
    object with ``__dlpack__`` (CuPy, torch, NumPy, pyarrow arrays)."""
    if type(managed_tensor).__name__ != "PyCapsule" and not hasattr(
        type(managed_tensor), "__dlpack__"
    ):
        raise TypeError(
            "from_dlpack needs a DLPack capsule or an object with __dlpack__ (a CuPy, torch or "
            f"NumPy array), got {type(managed_tensor).__name__}"
        )
    return _lib.interop.from_dlpack(managed_tensor)


__all__ = ["ColumnMetadata", "from_arrow", "from_dlpack", "to_arrow", "to_dlpack"]
