# Type stubs for `ferrodf._lib.search` (pyapi/src): the bindings of `ferrodf.plc.search`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.search import contains as contains
from ferrodf.plc.search import lower_bound as lower_bound
from ferrodf.plc.search import upper_bound as upper_bound
