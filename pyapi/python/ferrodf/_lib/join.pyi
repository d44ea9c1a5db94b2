# Type stubs for `ferrodf._lib.join` (pyapi/src): the bindings of `ferrodf.plc.join`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.join import FilteredJoin as FilteredJoin
from ferrodf.plc.join import conditional_full_join as conditional_full_join
from ferrodf.plc.join import conditional_inner_join as conditional_inner_join
from ferrodf.plc.join import conditional_left_anti_join as conditional_left_anti_join
from ferrodf.plc.join import conditional_left_join as conditional_left_join
from ferrodf.plc.join import conditional_left_semi_join as conditional_left_semi_join
from ferrodf.plc.join import cross_join as cross_join
from ferrodf.plc.join import full_join as full_join
from ferrodf.plc.join import inner_join as inner_join
from ferrodf.plc.join import left_anti_join as left_anti_join
from ferrodf.plc.join import left_join as left_join
from ferrodf.plc.join import left_semi_join as left_semi_join
from ferrodf.plc.join import mixed_full_join as mixed_full_join
from ferrodf.plc.join import mixed_inner_join as mixed_inner_join
from ferrodf.plc.join import mixed_left_anti_join as mixed_left_anti_join
from ferrodf.plc.join import mixed_left_join as mixed_left_join
from ferrodf.plc.join import mixed_left_semi_join as mixed_left_semi_join
