from enum import IntEnum

from ferrodf._lib import is_valid_reduce_aggregation as is_valid_reduce_aggregation
from ferrodf._lib import reduce as reduce

class ScanType(IntEnum):
    INCLUSIVE = 0
    EXCLUSIVE = 1

__all__ = ["ScanType", "is_valid_reduce_aggregation", "reduce"]
