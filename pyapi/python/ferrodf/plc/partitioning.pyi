from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

DEFAULT_HASH_SEED: int

def hash_partition(
    input: Table,
    columns_to_hash: list[int],
    num_partitions: int,
    stream: Any | None = None,
    mr: Any | None = None,
    *,
    seed: int = ...,
) -> tuple[Table, list[int]]: ...
def partition(
    t: Table,
    partition_map: Column,
    num_partitions: int,
    stream: Any = None,
    mr: Any = None,
) -> tuple[Table, list[int]]: ...
def round_robin_partition(
    input: Table,
    num_partitions: int,
    start_partition: int = 0,
    stream: Any = None,
    mr: Any = None,
) -> tuple[Table, list[int]]: ...
