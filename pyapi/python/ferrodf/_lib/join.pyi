# Type stubs for `ferrodf._lib.join` (pyapi/src): the bindings of `ferrodf.plc.join`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.join import cross_join as cross_join
from ferrodf.plc.join import full_join as full_join
from ferrodf.plc.join import inner_join as inner_join
from ferrodf.plc.join import left_anti_join as left_anti_join
from ferrodf.plc.join import left_join as left_join
from ferrodf.plc.join import left_semi_join as left_semi_join
