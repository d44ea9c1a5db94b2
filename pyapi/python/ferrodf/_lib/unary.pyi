# Type stubs for `ferrodf._lib.unary` (pyapi/src): the bindings of `ferrodf.plc.unary`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.unary import bit_cast as bit_cast
from ferrodf.plc.unary import cast as cast
from ferrodf.plc.unary import is_nan as is_nan
from ferrodf.plc.unary import is_not_nan as is_not_nan
from ferrodf.plc.unary import is_null as is_null
from ferrodf.plc.unary import is_supported_cast as is_supported_cast
from ferrodf.plc.unary import is_valid as is_valid
from ferrodf.plc.unary import unary_operation as unary_operation
