# Type stubs for `ferrodf._lib.partitioning` (pyapi/src): the bindings of `ferrodf.plc.partitioning`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from typing import Any

from ferrodf._lib import Table

def hash_partition(
    input: Table,
    columns_to_hash: list[int],
    num_partitions: int,
    seed: int = 0,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Table, list[int]]: ...
