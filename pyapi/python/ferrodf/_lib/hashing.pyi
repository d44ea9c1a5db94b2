# Type stubs for `ferrodf._lib.hashing` (pyapi/src): the bindings of `ferrodf.plc.hashing`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.hashing import md5 as md5
from ferrodf.plc.hashing import murmurhash3_x64_128 as murmurhash3_x64_128
from ferrodf.plc.hashing import murmurhash3_x86_32 as murmurhash3_x86_32
from ferrodf.plc.hashing import sha1 as sha1
from ferrodf.plc.hashing import sha224 as sha224
from ferrodf.plc.hashing import sha256 as sha256
from ferrodf.plc.hashing import sha384 as sha384
from ferrodf.plc.hashing import sha512 as sha512
from ferrodf.plc.hashing import xxhash_32 as xxhash_32
from ferrodf.plc.hashing import xxhash_64 as xxhash_64
