from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.expressions import Expression
from ferrodf.plc.table import Table
from ferrodf.plc.types import NanEquality, NanPolicy, NullEquality, NullPolicy

class DuplicateKeepOption(IntEnum):
    KEEP_ANY = 0
    KEEP_FIRST = 1
    KEEP_LAST = 2
    KEEP_NONE = 3

def drop_nulls(
    source_table: Table, keys: list[int], keep_threshold: int, stream: Any = None, mr: Any = None
) -> Table: ...

drop_nans = drop_nulls

def apply_boolean_mask(
    source_table: Table, boolean_mask: Column, stream: Any = None, mr: Any = None
) -> Table: ...
def apply_retention_mask(
    source_table: Table, retention_mask: Column, stream: Any = None, mr: Any = None
) -> Table: ...
def apply_deletion_mask(
    source_table: Table, deletion_mask: Column, stream: Any = None, mr: Any = None
) -> Table: ...
def filter(
    predicate_table: Table,
    predicate_expr: Expression,
    filter_table: Table,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def unique(
    input: Table,
    keys: list[int],
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def distinct(
    input: Table,
    keys: list[int],
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def distinct_indices(
    input: Table,
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...

stable_distinct = distinct

def unique_count(
    source: Column, null_handling: NullPolicy, nan_handling: NanPolicy, stream: Any = None
) -> int: ...

distinct_count = unique_count
