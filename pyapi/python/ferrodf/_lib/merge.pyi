# Type stubs for `ferrodf._lib.merge` (pyapi/src): the bindings of `ferrodf.plc.merge`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.merge import merge as merge
