from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.expressions import Expression
from ferrodf.plc.table import Table
from ferrodf.plc.types import NullEquality

def inner_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...

left_join = inner_join
full_join = inner_join

def left_semi_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

left_anti_join = left_semi_join

def cross_join(
    left: Table, right: Table, stream: Any | None = None, mr: Any | None = None
) -> Table: ...
def conditional_inner_join(
    left: Table,
    right: Table,
    binary_predicate: Expression,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...

conditional_left_join = conditional_inner_join
conditional_full_join = conditional_inner_join

def conditional_left_semi_join(
    left: Table,
    right: Table,
    binary_predicate: Expression,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

conditional_left_anti_join = conditional_left_semi_join

def mixed_inner_join(
    left_keys: Table,
    right_keys: Table,
    left_conditional: Table,
    right_conditional: Table,
    binary_predicate: Expression,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...

mixed_left_join = mixed_inner_join
mixed_full_join = mixed_inner_join

def mixed_left_semi_join(
    left_keys: Table,
    right_keys: Table,
    left_conditional: Table,
    right_conditional: Table,
    binary_predicate: Expression,
    nulls_equal: NullEquality,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

mixed_left_anti_join = mixed_left_semi_join

class FilteredJoin:
    def __init__(
        self,
        build: Table,
        compare_nulls: NullEquality,
        load_factor: float = 0.5,
        stream: Any | None = None,
    ) -> None: ...
    def semi_join(
        self, probe: Table, stream: Any | None = None, mr: Any | None = None
    ) -> Column: ...
    def anti_join(
        self, probe: Table, stream: Any | None = None, mr: Any | None = None
    ) -> Column: ...
