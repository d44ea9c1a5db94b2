# Type stubs for `ferrodf._lib.concatenate` (pyapi/src): the bindings of `ferrodf.plc.concatenate`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.concatenate import concatenate as concatenate
