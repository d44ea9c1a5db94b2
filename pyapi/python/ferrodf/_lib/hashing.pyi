# Type stubs for `ferrodf._lib.hashing` (pyapi/src): the bindings of `ferrodf.plc.hashing`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.

from ferrodf.plc.hashing import murmurhash3_x86_32 as murmurhash3_x86_32
from ferrodf.plc.hashing import xxhash_64 as xxhash_64
