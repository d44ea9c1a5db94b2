# Type stubs for `ferrodf._lib.copying` (pyapi/src): the bindings of `ferrodf.plc.copying`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.copying import allocate_like as allocate_like
from ferrodf.plc.copying import boolean_mask_scatter as boolean_mask_scatter
from ferrodf.plc.copying import copy_if_else as copy_if_else
from ferrodf.plc.copying import copy_range as copy_range
from ferrodf.plc.copying import copy_range_in_place as copy_range_in_place
from ferrodf.plc.copying import empty_like as empty_like
from ferrodf.plc.copying import gather as gather
from ferrodf.plc.copying import get_element as get_element
from ferrodf.plc.copying import scatter as scatter
from ferrodf.plc.copying import shift as shift
from ferrodf.plc.copying import slice as slice
from ferrodf.plc.copying import split as split
