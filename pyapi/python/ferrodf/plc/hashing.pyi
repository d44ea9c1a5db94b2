from typing import Any, Final

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

LIBCUDF_DEFAULT_HASH_SEED: Final[int]

def murmurhash3_x86_32(
    input: Table, seed: int = 0, stream: Any | None = None, mr: Any | None = None
) -> Column: ...
def murmurhash3_x64_128(
    input: Table, seed: int = 0, stream: Any | None = None, mr: Any | None = None
) -> Table: ...

xxhash_32 = murmurhash3_x86_32
xxhash_64 = murmurhash3_x86_32

def md5(input: Table, stream: Any | None = None, mr: Any | None = None) -> Column: ...

sha1 = md5
sha224 = md5
sha256 = md5
sha384 = md5
sha512 = md5
