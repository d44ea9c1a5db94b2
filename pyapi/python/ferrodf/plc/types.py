"""pylibcudf's ``types`` module: type ids, data types and the shared enums."""

from __future__ import annotations

from ferrodf._lib import DataType
from ferrodf._lib.types import size_of
from ferrodf.plc._enums import rust_enum

TypeId = rust_enum("TypeId", __name__)
Interpolation = rust_enum("Interpolation", __name__)
MaskState = rust_enum("MaskState", __name__)
NanEquality = rust_enum("NanEquality", __name__)
NanPolicy = rust_enum("NanPolicy", __name__)
NullAware = rust_enum("NullAware", __name__)
NullEquality = rust_enum("NullEquality", __name__)
NullOrder = rust_enum("NullOrder", __name__)
NullPolicy = rust_enum("NullPolicy", __name__)
Order = rust_enum("Order", __name__)
SampleWithReplacement = rust_enum("SampleWithReplacement", __name__)
Sorted = rust_enum("Sorted", __name__)


SIZE_TYPE_ID = TypeId.INT32
SIZE_TYPE = DataType(TypeId.INT32)

__all__ = [
    "SIZE_TYPE",
    "SIZE_TYPE_ID",
    "DataType",
    "Interpolation",
    "MaskState",
    "NanEquality",
    "NanPolicy",
    "NullAware",
    "NullEquality",
    "NullOrder",
    "NullPolicy",
    "Order",
    "SampleWithReplacement",
    "Sorted",
    "TypeId",
    "size_of",
]
