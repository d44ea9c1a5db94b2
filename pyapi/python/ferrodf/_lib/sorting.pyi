# Type stubs for `ferrodf._lib.sorting` (pyapi/src): the bindings of `ferrodf.plc.sorting`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.sorting import is_sorted as is_sorted
from ferrodf.plc.sorting import rank as rank
from ferrodf.plc.sorting import segmented_sort_by_key as segmented_sort_by_key
from ferrodf.plc.sorting import sort as sort
from ferrodf.plc.sorting import sort_by_key as sort_by_key
from ferrodf.plc.sorting import sorted_order as sorted_order
from ferrodf.plc.sorting import stable_segmented_sort_by_key as stable_segmented_sort_by_key
from ferrodf.plc.sorting import stable_sort as stable_sort
from ferrodf.plc.sorting import stable_sort_by_key as stable_sort_by_key
from ferrodf.plc.sorting import stable_sorted_order as stable_sorted_order
from ferrodf.plc.sorting import top_k as top_k
from ferrodf.plc.sorting import top_k_order as top_k_order
