# Type stubs for `ferrodf._lib.interop` (pyapi/src): the bindings of `ferrodf.plc.interop`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf._lib import Table
from ferrodf.plc.interop import from_dlpack as from_dlpack

def to_dlpack(input: Table) -> object: ...
