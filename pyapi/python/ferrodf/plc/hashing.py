"""pylibcudf's ``hashing`` module: row hashes bit-exact with libcudf."""

from __future__ import annotations

from ferrodf._lib.hashing import murmurhash3_x86_32 as murmurhash3_x86_32
from ferrodf._lib.hashing import xxhash_64 as xxhash_64

LIBCUDF_DEFAULT_HASH_SEED = 0

__all__ = ["LIBCUDF_DEFAULT_HASH_SEED", "murmurhash3_x86_32", "xxhash_64"]
