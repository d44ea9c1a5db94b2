"""pylibcudf's ``hashing`` module: row hashes and row digests bit-exact with libcudf."""

from __future__ import annotations

from ferrodf._lib.hashing import md5 as md5
from ferrodf._lib.hashing import murmurhash3_x64_128 as murmurhash3_x64_128
from ferrodf._lib.hashing import murmurhash3_x86_32 as murmurhash3_x86_32
from ferrodf._lib.hashing import sha1 as sha1
from ferrodf._lib.hashing import sha224 as sha224
from ferrodf._lib.hashing import sha256 as sha256
from ferrodf._lib.hashing import sha384 as sha384
from ferrodf._lib.hashing import sha512 as sha512
from ferrodf._lib.hashing import xxhash_32 as xxhash_32
from ferrodf._lib.hashing import xxhash_64 as xxhash_64

LIBCUDF_DEFAULT_HASH_SEED = 0

__all__ = [
    "LIBCUDF_DEFAULT_HASH_SEED",
    "md5",
    "murmurhash3_x64_128",
    "murmurhash3_x86_32",
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "xxhash_32",
    "xxhash_64",
]
