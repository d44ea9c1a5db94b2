from typing import Any

from ferrodf.plc.table import Table

DEFAULT_HASH_SEED: int

def hash_partition(
    input: Table,
    columns_to_hash: list[int],
    num_partitions: int,
    stream: Any | None = None,
    mr: Any | None = None,
    *,
    seed: int = 0,
) -> tuple[Table, list[int]]: ...

__all__ = ["DEFAULT_HASH_SEED", "hash_partition"]
