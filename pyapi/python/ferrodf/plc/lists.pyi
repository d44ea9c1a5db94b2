from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.copying import OutOfBoundsPolicy
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table
from ferrodf.plc.types import NanEquality, NullEquality, NullOrder, Order

class ConcatenateNullPolicy(IntEnum):
    IGNORE = 0
    NULLIFY_OUTPUT_ROW = 1

class DuplicateFindOption(IntEnum):
    FIND_FIRST = 0
    FIND_LAST = 1

def explode_outer(
    input: Table, explode_column_idx: int, stream: Any = None, mr: Any = None
) -> Table: ...
def concatenate_rows(input: Table, stream: Any = None, mr: Any = None) -> Column: ...
def concatenate_list_elements(
    input: Column, null_policy: ConcatenateNullPolicy, stream: Any = None, mr: Any = None
) -> Column: ...
def contains(
    input: Column, search_key: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def contains_nulls(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def index_of(
    input: Column,
    search_key: Column | Scalar,
    find_option: DuplicateFindOption,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def reverse(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def segmented_gather(
    input: Column,
    gather_map_list: Column,
    bounds_policy: OutOfBoundsPolicy = ...,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def extract_list_element(
    input: Column, index: Column | int, stream: Any = None, mr: Any = None
) -> Column: ...
def count_elements(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def sequences(
    starts: Column,
    sizes: Column,
    steps: Column | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def sort_lists(
    input: Column,
    sort_order: Order,
    na_position: NullOrder,
    stable: bool = False,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def difference_distinct(
    lhs: Column,
    rhs: Column,
    nulls_equal: NullEquality = ...,
    nans_equal: NanEquality = ...,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...

have_overlap = difference_distinct
intersect_distinct = difference_distinct
union_distinct = difference_distinct

def apply_boolean_mask(
    input: Column, boolean_mask: Column, stream: Any = None, mr: Any = None
) -> Column: ...
def distinct(
    input: Column,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
