# Type stubs for `ferrodf._lib.replace` (pyapi/src): the bindings of `ferrodf.plc.replace`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.replace import clamp as clamp
from ferrodf.plc.replace import find_and_replace_all as find_and_replace_all
from ferrodf.plc.replace import normalize_nans_and_zeros as normalize_nans_and_zeros
from ferrodf.plc.replace import replace_nulls as replace_nulls
