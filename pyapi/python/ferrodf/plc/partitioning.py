"""pylibcudf's ``partitioning`` module: ``hash_partition``, ``partition`` and
``round_robin_partition``.

``hash_partition``: rows go to partition ``murmurhash3_x86_32(row, seed) %
num_partitions``. ``partition``: row ``i`` goes to partition ``partition_map[i]`` (values
in ``[0, num_partitions)``, else IndexError; libcudf leaves them undefined), and the
offsets have ``num_partitions + 1`` entries, the last the row count.
``round_robin_partition``: row ``i`` goes to partition ``(i + start_partition) %
num_partitions``. ferrodf keeps the input order of the rows within each partition (libcudf
leaves it unspecified for ``hash_partition``).
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.partitioning import hash_partition as _hash_partition
from ferrodf._lib.partitioning import partition, round_robin_partition
from ferrodf.plc.table import Table

DEFAULT_HASH_SEED = 0


def hash_partition(
    input: Table,
    columns_to_hash: list[int],
    num_partitions: int,
    stream: Any | None = None,
    mr: Any | None = None,
    *,
    seed: int = DEFAULT_HASH_SEED,
) -> tuple[Table, list[int]]:
    """Reorder the rows of ``input`` into ``num_partitions`` partitions by the MurmurHash3
    of ``columns_to_hash``; returns the table and the first row of every partition."""
    _order = _stream_order(stream, mr)
    return _hash_partition(input, list(columns_to_hash), num_partitions, seed, stream, mr)


__all__ = ["DEFAULT_HASH_SEED", "hash_partition", "partition", "round_robin_partition"]
