# Type stubs for `ferrodf._lib.traits` (pyapi/src): the bindings of `ferrodf.plc.traits`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.traits import is_bit_castable as is_bit_castable
from ferrodf.plc.traits import is_boolean as is_boolean
from ferrodf.plc.traits import is_chrono as is_chrono
from ferrodf.plc.traits import is_compound as is_compound
from ferrodf.plc.traits import is_dictionary as is_dictionary
from ferrodf.plc.traits import is_duration as is_duration
from ferrodf.plc.traits import is_equality_comparable as is_equality_comparable
from ferrodf.plc.traits import is_fixed_point as is_fixed_point
from ferrodf.plc.traits import is_fixed_width as is_fixed_width
from ferrodf.plc.traits import is_floating_point as is_floating_point
from ferrodf.plc.traits import is_index_type as is_index_type
from ferrodf.plc.traits import is_integral as is_integral
from ferrodf.plc.traits import is_integral_not_bool as is_integral_not_bool
from ferrodf.plc.traits import is_nested as is_nested
from ferrodf.plc.traits import is_numeric as is_numeric
from ferrodf.plc.traits import is_numeric_not_bool as is_numeric_not_bool
from ferrodf.plc.traits import is_relationally_comparable as is_relationally_comparable
from ferrodf.plc.traits import is_timestamp as is_timestamp
from ferrodf.plc.traits import is_unsigned as is_unsigned
