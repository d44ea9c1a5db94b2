from enum import IntEnum
from typing import Final

from ferrodf._lib import DataType as DataType
from ferrodf._lib.types import size_of as size_of

class TypeId(IntEnum):
    EMPTY = 0
    INT8 = 1
    INT16 = 2
    INT32 = 3
    INT64 = 4
    UINT8 = 5
    UINT16 = 6
    UINT32 = 7
    UINT64 = 8
    FLOAT32 = 9
    FLOAT64 = 10
    BOOL8 = 11
    TIMESTAMP_DAYS = 12
    TIMESTAMP_SECONDS = 13
    TIMESTAMP_MILLISECONDS = 14
    TIMESTAMP_MICROSECONDS = 15
    TIMESTAMP_NANOSECONDS = 16
    DURATION_DAYS = 17
    DURATION_SECONDS = 18
    DURATION_MILLISECONDS = 19
    DURATION_MICROSECONDS = 20
    DURATION_NANOSECONDS = 21
    DICTIONARY32 = 22
    STRING = 23
    LIST = 24
    DECIMAL32 = 25
    DECIMAL64 = 26
    DECIMAL128 = 27
    STRUCT = 28
    NUM_TYPE_IDS = 29

class Interpolation(IntEnum):
    LINEAR = 0
    LOWER = 1
    HIGHER = 2
    MIDPOINT = 3
    NEAREST = 4

class SampleWithReplacement(IntEnum):
    FALSE = 0
    TRUE = 1

class MaskState(IntEnum):
    UNALLOCATED = 0
    UNINITIALIZED = 1
    ALL_VALID = 2
    ALL_NULL = 3

class NanEquality(IntEnum):
    ALL_EQUAL = 0
    UNEQUAL = 1

class NanPolicy(IntEnum):
    NAN_IS_NULL = 0
    NAN_IS_VALID = 1

class NullEquality(IntEnum):
    EQUAL = 0
    UNEQUAL = 1

class NullOrder(IntEnum):
    AFTER = 0
    BEFORE = 1

class NullPolicy(IntEnum):
    EXCLUDE = 0
    INCLUDE = 1

class Order(IntEnum):
    ASCENDING = 0
    DESCENDING = 1

class Sorted(IntEnum):
    NO = 0
    YES = 1

class NullAware(IntEnum):
    NO = 0
    YES = 1

SIZE_TYPE_ID: Final[TypeId]
SIZE_TYPE: Final[DataType]
