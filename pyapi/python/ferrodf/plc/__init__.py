"""pylibcudf's API on ferrodf: change ``import pylibcudf as plc`` to
``import ferrodf.plc as plc``."""

from __future__ import annotations

from ferrodf.plc import aggregation, binaryop, hashing, interop, null_mask, reduce, search, types
from ferrodf.plc.column import Column
from ferrodf.plc.gpumemoryview import gpumemoryview
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table
from ferrodf.plc.types import DataType, TypeId

__all__ = [
    "Column",
    "DataType",
    "Scalar",
    "Table",
    "TypeId",
    "aggregation",
    "binaryop",
    "gpumemoryview",
    "hashing",
    "interop",
    "null_mask",
    "reduce",
    "search",
    "types",
]
