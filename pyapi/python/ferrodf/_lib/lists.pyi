# Type stubs for `ferrodf._lib.lists` (pyapi/src): the bindings of `ferrodf.plc.lists`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.lists import apply_boolean_mask as apply_boolean_mask
from ferrodf.plc.lists import concatenate_list_elements as concatenate_list_elements
from ferrodf.plc.lists import concatenate_rows as concatenate_rows
from ferrodf.plc.lists import contains as contains
from ferrodf.plc.lists import contains_nulls as contains_nulls
from ferrodf.plc.lists import count_elements as count_elements
from ferrodf.plc.lists import difference_distinct as difference_distinct
from ferrodf.plc.lists import distinct as distinct
from ferrodf.plc.lists import explode_outer as explode_outer
from ferrodf.plc.lists import extract_list_element as extract_list_element
from ferrodf.plc.lists import have_overlap as have_overlap
from ferrodf.plc.lists import index_of as index_of
from ferrodf.plc.lists import intersect_distinct as intersect_distinct
from ferrodf.plc.lists import reverse as reverse
from ferrodf.plc.lists import segmented_gather as segmented_gather
from ferrodf.plc.lists import sequences as sequences
from ferrodf.plc.lists import sort_lists as sort_lists
from ferrodf.plc.lists import union_distinct as union_distinct
