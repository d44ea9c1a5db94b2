# Type stubs for `ferrodf._lib.types` (pyapi/src): the bindings of `ferrodf.plc.types`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf._lib import DataType

def size_of(t: DataType) -> int: ...
