# Type stubs for `ferrodf._lib.null_mask` (pyapi/src): the bindings of `ferrodf.plc.null_mask`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.null_mask import bitmask_allocation_size_bytes as bitmask_allocation_size_bytes
from ferrodf.plc.null_mask import bitmask_and as bitmask_and
from ferrodf.plc.null_mask import bitmask_or as bitmask_or
from ferrodf.plc.null_mask import copy_bitmask as copy_bitmask
from ferrodf.plc.null_mask import create_null_mask as create_null_mask
from ferrodf.plc.null_mask import null_count as null_count
