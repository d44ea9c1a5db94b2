# Type stubs for `ferrodf._lib.round` (pyapi/src): the bindings of `ferrodf.plc.round`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.round import round as round
from ferrodf.plc.round import round_decimal as round_decimal
