"""plc.hashing's row digests (md5, sha1, sha224, sha256, sha384, sha512), xxhash_32 and
murmurhash3_x64_128 against oracles.

The digests' oracle is hashlib over the message libcudf builds (cpp/src/hash/md5_hash.cu,
sha_hash.cuh): the bytes of each row's valid elements, left to right (fixed width: the
little-endian bytes of the stored value, BOOL8 one byte, decimals their integer; strings:
their UTF-8 bytes; md5's LIST columns: the valid elements of a valid list), floats with
NaN canonical and -0.0 as 0.0.

xxhash_32 and murmurhash3_x64_128 (cpp/src/hash/xxhash_32.cu, murmurhash3_x64_128.cu) chain
the columns: each element is hashed with the running hash (for x64_128 its first half) as
the seed, a null (when some column has nulls) makes it all ones; xxhash_32 normalises NaN
and -0.0, x64_128 only NaN. The `xxhash` and `mmh3` packages are not installed in the
project's environment, so the element hashes come from the plain-Python reference
implementations below (chaining needs 64-bit seeds, which mmh3 does not take anyway);
`test_references_match_the_packages` checks them against those packages where installed.
"""

from __future__ import annotations

import hashlib
import math
import struct

import pyarrow as pa
import pytest
from conftest import NUMERIC_TYPES, make_array, type_id
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF
DIGESTS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]

# ---------------------------------------------------------------------------------------
# Reference implementations (XXH32: Yann Collet's specification; MurmurHash3_x64_128:
# Austin Appleby's reference code, with both state halves starting at a 64-bit seed)
# ---------------------------------------------------------------------------------------

X1, X2, X3, X4, X5 = 0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D, 0x27D4EB2F, 0x165667B1


def rotl32(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & M32


def rotl64(x: int, r: int) -> int:
    return ((x << r) | (x >> (64 - r))) & M64


def xxh32(data: bytes, seed: int) -> int:
    def rnd(acc: int, lane: int) -> int:
        return rotl32((acc + lane * X2) & M32, 13) * X1 & M32

    n, i = len(data), 0
    if n >= 16:
        v = [(seed + X1 + X2) & M32, (seed + X2) & M32, seed, (seed - X1) & M32]
        while i + 16 <= n:
            for j in range(4):
                v[j] = rnd(v[j], int.from_bytes(data[i + 4 * j : i + 4 * j + 4], "little"))
            i += 16
        h = (rotl32(v[0], 1) + rotl32(v[1], 7) + rotl32(v[2], 12) + rotl32(v[3], 18)) & M32
    else:
        h = (seed + X5) & M32
    h = (h + n) & M32
    while i + 4 <= n:
        h = (h + int.from_bytes(data[i : i + 4], "little") * X3) & M32
        h = rotl32(h, 17) * X4 & M32
        i += 4
    while i < n:
        h = (h + data[i] * X5) & M32
        h = rotl32(h, 11) * X1 & M32
        i += 1
    h ^= h >> 15
    h = h * X2 & M32
    h ^= h >> 13
    h = h * X3 & M32
    return h ^ (h >> 16)


def fmix64(k: int) -> int:
    k ^= k >> 33
    k = k * 0xFF51AFD7ED558CCD & M64
    k ^= k >> 33
    k = k * 0xC4CEB9FE1A85EC53 & M64
    return k ^ (k >> 33)


def murmur3_x64_128(data: bytes, seed: int) -> tuple[int, int]:
    c1, c2 = 0x87C37B91114253D5, 0x4CF5AD432745937F

    def mix1(k: int) -> int:
        return rotl64(k * c1 & M64, 31) * c2 & M64

    def mix2(k: int) -> int:
        return rotl64(k * c2 & M64, 33) * c1 & M64

    h1 = h2 = seed
    nblocks = len(data) // 16
    for b in range(nblocks):
        k1 = int.from_bytes(data[16 * b : 16 * b + 8], "little")
        k2 = int.from_bytes(data[16 * b + 8 : 16 * b + 16], "little")
        h1 ^= mix1(k1)
        h1 = (rotl64(h1, 27) + h2) * 5 + 0x52DCE729 & M64
        h2 ^= mix2(k2)
        h2 = (rotl64(h2, 31) + h1) * 5 + 0x38495AB5 & M64
    tail = data[16 * nblocks :]
    if len(tail) > 8:
        h2 ^= mix2(int.from_bytes(tail[8:], "little"))
    if tail:
        h1 ^= mix1(int.from_bytes(tail[:8], "little"))
    h1 ^= len(data)
    h2 ^= len(data)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1, h2 = fmix64(h1), fmix64(h2)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    return h1, h2


# ---------------------------------------------------------------------------------------
# Element bytes and the row oracles
# ---------------------------------------------------------------------------------------

CANONICAL_NAN = {4: struct.pack("<I", 0x7FC00000), 8: struct.pack("<Q", 0x7FF8000000000000)}


def is_string(t: pa.DataType) -> bool:
    return pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t)


def value_bytes(arr: pa.Array, i: int, zero_norm: bool) -> bytes:
    """The bytes valid element i hashes as."""
    t = arr.type
    if pa.types.is_boolean(t):
        return bytes([int(arr[i].as_py())])
    if is_string(t):
        return arr[i].as_py().encode()
    width = t.bit_width // 8
    if pa.types.is_floating(t):
        v = arr[i].as_py()
        if math.isnan(v):
            return CANONICAL_NAN[width]
        if zero_norm and v == 0.0:
            v = 0.0
        return struct.pack("<f" if width == 4 else "<d", v)
    k = arr.offset + i
    return arr.buffers()[1].to_pybytes()[k * width : (k + 1) * width]


def message(arrays: list[pa.Array], row: int) -> bytes:
    """The message a row digest hashes: the row's valid elements' bytes, in order."""
    out = b""
    for a in arrays:
        if not a[row].is_valid:
            continue
        if pa.types.is_list(a.type) or pa.types.is_large_list(a.type):
            values = a.values
            lo, hi = a.offsets[row].as_py(), a.offsets[row + 1].as_py()
            out += b"".join(
                value_bytes(values, j, True) for j in range(lo, hi) if values[j].is_valid
            )
        else:
            out += value_bytes(a, row, True)
    return out


def digest_oracle(arrays: list[pa.Array], name: str) -> list[str]:
    return [hashlib.new(name, message(arrays, r)).hexdigest() for r in range(len(arrays[0]))]


def xxh32_oracle(arrays: list[pa.Array], seed: int) -> list[int]:
    """Each valid element hashed with the running hash as its seed; a null sets it to
    all ones."""
    out = []
    for r in range(len(arrays[0])):
        h = seed
        for a in arrays:
            h = xxh32(value_bytes(a, r, True), h) if a[r].is_valid else M32
        out.append(h)
    return out


def murmur128_oracle(arrays: list[pa.Array], seed: int) -> list[tuple[int, int]]:
    """The row starts at (seed, 0); each valid element is hashed with the first half so
    far as its seed; a null makes both halves all ones."""
    out = []
    for r in range(len(arrays[0])):
        h = (seed, 0)
        for a in arrays:
            h = murmur3_x64_128(value_bytes(a, r, False), h[0]) if a[r].is_valid else (M64, M64)
        out.append(h)
    return out


def table(arrays: list[pa.Array]) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def digest(name: str, arrays: list[pa.Array]) -> list[str]:
    col = getattr(plc.hashing, name)(table(arrays))
    assert col.type().id() == plc.TypeId.STRING
    assert col.null_count() == 0
    return col.to_pylist()


def murmur128(arrays: list[pa.Array], seed: int) -> list[tuple[int, int]]:
    out = plc.hashing.murmurhash3_x64_128(table(arrays), seed)
    assert isinstance(out, plc.Table)
    assert out.num_columns() == 2
    first, second = out.columns()
    assert first.type().id() == second.type().id() == plc.TypeId.UINT64
    return list(zip(first.to_pylist(), second.to_pylist(), strict=True))


def xxhash32(arrays: list[pa.Array], seed: int) -> list[int]:
    col = plc.hashing.xxhash_32(table(arrays), seed)
    assert col.type().id() == plc.TypeId.UINT32
    return col.to_pylist()


def check_all(arrays: list[pa.Array], seeds=(0, 42, M32)) -> None:
    for name in DIGESTS:
        assert digest(name, arrays) == digest_oracle(arrays, name), name
    for seed in seeds:
        assert xxhash32(arrays, seed) == xxh32_oracle(arrays, seed)
        assert murmur128(arrays, seed) == murmur128_oracle(arrays, seed)


# ---------------------------------------------------------------------------------------
# The references themselves
# ---------------------------------------------------------------------------------------


def test_reference_vectors():
    # The published empty-input values of both algorithms.
    assert xxh32(b"", 0) == 0x02CC5D05
    assert murmur3_x64_128(b"", 0) == (0, 0)


def test_references_match_the_packages():
    xxhash = pytest.importorskip("xxhash")
    mmh3 = pytest.importorskip("mmh3")
    for n in [*range(40), 100, 1000]:
        data = bytes((7 * k + n) % 256 for k in range(n))
        for seed in (0, 1, 42, M32):
            assert xxh32(data, seed) == xxhash.xxh32_intdigest(data, seed)
            assert murmur3_x64_128(data, seed) == mmh3.hash64(data, seed, signed=False)


def test_module_exports():
    assert plc.hashing.LIBCUDF_DEFAULT_HASH_SEED == 0
    for name in [*DIGESTS, "xxhash_32", "murmurhash3_x64_128"]:
        assert name in plc.hashing.__all__
        assert callable(getattr(plc.hashing, name))


# ---------------------------------------------------------------------------------------
# Types, nulls, slices
# ---------------------------------------------------------------------------------------

# Digest types: libcudf refuses timestamps and durations there.
DIGEST_TYPES = [
    *NUMERIC_TYPES,
    pa.decimal128(30, 4),
    pa.string(),
    pa.large_string(),
    pa.string_view(),
]
if hasattr(pa, "decimal32"):
    DIGEST_TYPES += [pa.decimal32(7, 2), pa.decimal64(15, 3)]
CHRONO_TYPES = [pa.date32(), pa.timestamp("s"), pa.timestamp("ns"), pa.duration("ms")]


@pytest.mark.parametrize("t", DIGEST_TYPES, ids=type_id)
@pytest.mark.parametrize("layout", ["plain", "sliced", "no_nulls"])
def test_single_column(t, layout):
    arr = make_array(t, 30, nulls=layout != "no_nulls", seed=11)
    if layout == "sliced":
        arr = arr.slice(5, 20)
    check_all([arr])


@pytest.mark.parametrize("t", CHRONO_TYPES, ids=type_id)
def test_chrono_columns_hash_their_integer(t):
    """xxhash_32 and murmurhash3_x64_128 take timestamps and durations (the digests not)."""
    arr = make_array(t, 20, seed=3).slice(2)
    for seed in (0, 7):
        assert xxhash32([arr], seed) == xxh32_oracle([arr], seed)
        assert murmur128([arr], seed) == murmur128_oracle([arr], seed)


def test_multi_column_rows():
    arrays = [
        make_array(pa.int32(), 40, seed=1),
        make_array(pa.string(), 40, seed=2),
        make_array(pa.float64(), 40, seed=3),
        make_array(pa.bool_(), 40, seed=4),
        make_array(pa.decimal128(20, 2), 40, seed=5),
    ]
    check_all(arrays, seeds=(0, 123456789))
    check_all([a.slice(7, 30) for a in arrays], seeds=(5,))


def test_unicode_and_long_strings_cross_blocks():
    """Strings of every length around the 64- and 128-byte blocks, multi-byte UTF-8."""
    words = ["", "é", "日本語", "🦀x", "naïve café"]
    words += ["ß" * n for n in (27, 28, 31, 32, 55, 56, 60, 63, 64, 65, 120)]
    arr = pa.array([*words, None])
    check_all([arr])
    check_all([arr, pa.array(list(reversed(arr.to_pylist())))])


def test_nulls_add_nothing_to_a_digest():
    a = pa.array([None, 1, None], pa.int64())
    b = pa.array([None, None, "x"])
    empty = hashlib.md5(b"").hexdigest()
    assert digest("md5", [a, b]) == [
        empty,
        digest_oracle([a], "md5")[1],
        hashlib.md5(b"x").hexdigest(),
    ]
    assert digest("sha256", [a, b])[0] == hashlib.sha256(b"").hexdigest()


def test_nulls_make_the_chain_all_ones():
    a = pa.array([None, 1], pa.int64())
    b = pa.array([5, None], pa.int32())
    five = (5).to_bytes(4, "little")
    assert xxhash32([a, b], 3) == [xxh32(five, M32), M32]
    assert murmur128([a, b], 3) == [murmur3_x64_128(five, M64), (M64, M64)]


def test_float_normalisation():
    nan_bits = [0x7FF8000000000000, 0x7FF0000000000001, 0xFFF8000000000000, 0x7FFFFFFFFFFFFFFF]
    nans = pa.array([struct.unpack("<d", b.to_bytes(8, "little"))[0] for b in nan_bits])
    for name in DIGESTS:
        assert len(set(digest(name, [nans]))) == 1
    assert len(set(xxhash32([nans], 0))) == 1
    assert len(set(murmur128([nans], 0))) == 1
    for t in (pa.float32(), pa.float64()):
        zeros = pa.array([0.0, -0.0], t)
        for name in DIGESTS:
            assert len(set(digest(name, [zeros]))) == 1
        assert len(set(xxhash32([zeros], 0))) == 1
        # murmurhash3_x64_128 normalises NaNs only, as libcudf does
        assert len(set(murmur128([zeros], 0))) == 2
        check_all([zeros])
    check_all([nans])


def test_bool_hashes_one_byte():
    arr = pa.array([True, False, None])
    assert digest("sha1", [arr]) == [
        hashlib.sha1(b"\x01").hexdigest(),
        hashlib.sha1(b"\x00").hexdigest(),
        hashlib.sha1(b"").hexdigest(),
    ]


# ---------------------------------------------------------------------------------------
# md5 of LIST columns
# ---------------------------------------------------------------------------------------


def md5_list_arrays() -> list[pa.Array]:
    ints = pa.array([1, None, 3, 4, 5, 6, None, 8, 9, 10], pa.int32())
    strs = pa.array(["a", None, "ccc", "", "日本", "f", "gg", None, "i", "jj"])
    offsets = pa.array([0, 2, 4, 4, 7, 10], pa.int32())
    null_over_values = pa.array([False, True, False, False, False])
    return [
        pa.ListArray.from_arrays(offsets, ints),
        pa.ListArray.from_arrays(offsets, ints, mask=null_over_values),
        pa.LargeListArray.from_arrays(pa.array([0, 3, 3, 6, 9, 10]), strs),
        pa.ListArray.from_arrays(offsets, pa.array([float(k) for k in range(9)] + [-0.0])),
    ]


@pytest.mark.parametrize("k", range(4))
def test_md5_of_lists(k):
    arr = md5_list_arrays()[k]
    assert digest("md5", [arr]) == digest_oracle([arr], "md5")
    sliced = arr.slice(1, 3)
    assert digest("md5", [sliced]) == digest_oracle([sliced], "md5")
    other = make_array(pa.int16(), 5, seed=9)
    assert digest("md5", [other, arr]) == digest_oracle([other, arr], "md5")


def test_md5_of_an_empty_list_column_row():
    arr = pa.array([[], None, [None]], pa.list_(pa.int64()))
    assert digest("md5", [arr]) == [hashlib.md5(b"").hexdigest()] * 3


# ---------------------------------------------------------------------------------------
# Empty inputs and refused types
# ---------------------------------------------------------------------------------------


def test_empty_inputs():
    empty = pa.array([], pa.int64())
    for name in DIGESTS:
        col = getattr(plc.hashing, name)(table([empty, pa.array([], pa.string())]))
        assert col.size() == 0
        assert col.type().id() == plc.TypeId.STRING
        # libcudf returns before looking at the types of a table without rows
        for refused in (pa.timestamp("s"), pa.struct([("a", pa.int8())])):
            assert getattr(plc.hashing, name)(table([pa.array([], refused)])).size() == 0
    assert xxhash32([empty], 5) == []
    assert murmur128([empty, empty], 5) == []


def test_table_without_columns():
    tbl = plc.Table([], num_rows=3)
    for name in DIGESTS:
        col = getattr(plc.hashing, name)(tbl)
        assert col.to_pylist() == [hashlib.new(name, b"").hexdigest()] * 3
    assert plc.hashing.xxhash_32(tbl, 9).to_pylist() == [9] * 3
    first, second = plc.hashing.murmurhash3_x64_128(tbl, 9).columns()
    assert (first.to_pylist(), second.to_pylist()) == ([9] * 3, [0] * 3)


DIGEST_REFUSED = [
    pa.array([0, 1], pa.timestamp("ms")),
    pa.array([0, 1], pa.date32()),
    pa.array([0, 1], pa.duration("s")),
    pa.array([{"a": 1}, {"a": 2}]),
    pa.array(["a", "b"]).dictionary_encode(),
]


@pytest.mark.parametrize("name", DIGESTS)
@pytest.mark.parametrize("arr", DIGEST_REFUSED, ids=lambda a: type_id(a.type))
def test_digest_refused_types(name, arr):
    ok = pa.array([1, 2], pa.int8())
    with pytest.raises(TypeError, match=rf"hashing\.{name} does not support"):
        getattr(plc.hashing, name)(table([ok, arr]))


@pytest.mark.parametrize("name", [n for n in DIGESTS if n != "md5"])
def test_sha_refuses_lists(name):
    arr = pa.array([[1], [2]], pa.list_(pa.int32()))
    with pytest.raises(TypeError, match="does not support LIST<INT32> columns"):
        getattr(plc.hashing, name)(table([arr]))


@pytest.mark.parametrize(
    "arr",
    [
        pa.array([[[1]], [[2]]], pa.list_(pa.list_(pa.int32()))),
        pa.array([[0], [1]], pa.list_(pa.timestamp("s"))),
        pa.array([[{"a": 1}], []]),
    ],
    ids=["list_of_list", "list_of_timestamp", "list_of_struct"],
)
def test_md5_refuses_lists_of_unsupported_types(arr):
    with pytest.raises(TypeError, match=r"hashing\.md5 does not support LIST<"):
        plc.hashing.md5(table([arr]))


@pytest.mark.parametrize(
    "arr",
    [
        pa.array([[1], [2]], pa.list_(pa.int32())),
        pa.array([{"a": 1}, {"a": 2}]),
        pa.array(["a", "b"]).dictionary_encode(),
        pa.nulls(2),
    ],
    ids=["list", "struct", "dictionary", "empty"],
)
def test_chained_hashes_refuse_nested_types(arr):
    with pytest.raises(TypeError, match=r"hashing\.xxhash_32 does not support"):
        plc.hashing.xxhash_32(table([arr]))
    with pytest.raises(TypeError, match=r"hashing\.murmurhash3_x64_128 does not support"):
        plc.hashing.murmurhash3_x64_128(table([arr]))


def test_seed_ranges():
    arr = pa.array([1, 2], pa.int32())
    assert murmur128([arr], M64) == murmur128_oracle([arr], M64)
    with pytest.raises(OverflowError, match="out of range integral type conversion"):
        plc.hashing.xxhash_32(table([arr]), 1 << 32)
    with pytest.raises(OverflowError, match="can't convert negative int to unsigned"):
        plc.hashing.murmurhash3_x64_128(table([arr]), -1)


# ---------------------------------------------------------------------------------------
# Property test
# ---------------------------------------------------------------------------------------

COLUMN_KINDS = {
    "int64": (pa.int64(), st.integers(-(2**63), 2**63 - 1)),
    "uint8": (pa.uint8(), st.integers(0, 255)),
    "float32": (pa.float32(), st.floats(width=32)),
    "float64": (pa.float64(), st.floats()),
    "bool": (pa.bool_(), st.booleans()),
    "string": (pa.string(), st.text(max_size=80)),
}


@st.composite
def tables(draw):
    n = draw(st.integers(0, 12))
    kinds = draw(st.lists(st.sampled_from(sorted(COLUMN_KINDS)), min_size=1, max_size=4))
    arrays = []
    for k in kinds:
        t, values = COLUMN_KINDS[k]
        vals = draw(st.lists(st.one_of(st.none(), values), min_size=n + 2, max_size=n + 2))
        arrays.append(pa.array(vals, t))
    start = draw(st.integers(0, 2))
    return [a.slice(start, n) for a in arrays]


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, M32), st.sampled_from(DIGESTS))
def test_property_matches_oracles(arrays, seed, name):
    assert digest(name, arrays) == digest_oracle(arrays, name)
    assert xxhash32(arrays, seed) == xxh32_oracle(arrays, seed)
    assert murmur128(arrays, seed) == murmur128_oracle(arrays, seed)
