# Type stubs for `ferrodf._lib.transform` (pyapi/src): the bindings of `ferrodf.plc.transform`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.transform import bools_to_mask as bools_to_mask
from ferrodf.plc.transform import column_nans_to_nulls as column_nans_to_nulls
from ferrodf.plc.transform import mask_to_bools as mask_to_bools
from ferrodf.plc.transform import nans_to_nulls as nans_to_nulls
