# Type stubs for `ferrodf._lib.quantiles` (pyapi/src): the bindings of `ferrodf.plc.quantiles`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.quantiles import quantile as quantile
from ferrodf.plc.quantiles import quantiles as quantiles
