# Type stubs for `ferrodf._lib.filling` (pyapi/src): the bindings of `ferrodf.plc.filling`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.filling import fill as fill
from ferrodf.plc.filling import fill_in_place as fill_in_place
from ferrodf.plc.filling import repeat as repeat
from ferrodf.plc.filling import sequence as sequence
