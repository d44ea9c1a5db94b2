# Type stubs for `ferrodf._lib.stream_compaction` (pyapi/src): the bindings of `ferrodf.plc.stream_compaction`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.stream_compaction import apply_boolean_mask as apply_boolean_mask
from ferrodf.plc.stream_compaction import distinct as distinct
from ferrodf.plc.stream_compaction import distinct_count as distinct_count
from ferrodf.plc.stream_compaction import distinct_indices as distinct_indices
from ferrodf.plc.stream_compaction import drop_nans as drop_nans
from ferrodf.plc.stream_compaction import drop_nulls as drop_nulls
from ferrodf.plc.stream_compaction import stable_distinct as stable_distinct
from ferrodf.plc.stream_compaction import unique as unique
from ferrodf.plc.stream_compaction import unique_count as unique_count
