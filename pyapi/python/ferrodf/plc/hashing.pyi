from typing import Any, Final

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

LIBCUDF_DEFAULT_HASH_SEED: Final[int]

def murmurhash3_x86_32(
    input: Table, seed: int = 0, stream: Any | None = None, mr: Any | None = None
) -> Column: ...

xxhash_64 = murmurhash3_x86_32
