"""plc.hashing against a plain-Python reimplementation of libcudf's row hashing.

The oracle follows libcudf (cpp/src/hash/{murmurhash3_x86_32,xxhash_64}.cu and
cpp/include/cudf/hashing/detail/*.cuh):
- each element hashes the little-endian bytes of its stored value (BOOL8: one byte 0/1;
  timestamps, durations and decimals: their integer; strings: their UTF-8 bytes);
- floats: any NaN hashes as the canonical quiet NaN; MurmurHash3 also maps -0.0 to 0.0;
- murmurhash3_x86_32: h = seed, then h = hash_combine(h, e) per column where e is the
  element's MurmurHash3_x86_32 with ``seed`` (0xffffffff for a null) and
  hash_combine(h, e) = h ^ (e + 0x9e3779b9 + (h << 6) + (h >> 2)) (32-bit);
- xxhash_64: h = seed, then h = XXH64(element, seed=h) per column (u64 max for a null).

LIST and STRUCT columns follow libcudf's row hasher (cpp/include/cudf/detail/row_operator/
hashing.cuh, decompose_structs in cpp/src/row_operator/row_operators.cu, push_down_nulls in
cpp/src/structs/utilities.cpp); see ``nested_parts`` below. libcudf's xxhash_64 has no
nested support; ferrodf's documented rule for it is the same walk with XXH64 and the
64-bit hash_combine.
"""

from __future__ import annotations

import struct

import pyarrow as pa
import pytest
from conftest import NESTED_TYPES, NUMERIC_TYPES, make_array, runs_on_gpu, type_id
from hypothesis import given
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF

# ---------------------------------------------------------------------------------------
# The reference algorithms
# ---------------------------------------------------------------------------------------


def rotl32(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & M32


def murmur3_32(data: bytes, seed: int) -> int:
    c1, c2 = 0xCC9E2D51, 0x1B873593
    h = seed & M32
    n = len(data) // 4
    for i in range(n):
        k = int.from_bytes(data[4 * i : 4 * i + 4], "little")
        k = rotl32((k * c1) & M32, 15) * c2 & M32
        h = rotl32(h ^ k, 13)
        h = (h * 5 + 0xE6546B64) & M32
    tail = data[4 * n :]
    if tail:
        k = int.from_bytes(tail, "little")
        k = rotl32((k * c1) & M32, 15) * c2 & M32
        h ^= k
    h ^= len(data)
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & M32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & M32
    return h ^ (h >> 16)


P1, P2, P3, P4, P5 = (
    0x9E3779B185EBCA87,
    0xC2B2AE3D27D4EB4F,
    0x165667B19E3779F9,
    0x85EBCA77C2B2AE63,
    0x27D4EB2F165667C5,
)


def rotl64(x: int, r: int) -> int:
    return ((x << r) | (x >> (64 - r))) & M64


def _round(acc: int, lane: int) -> int:
    return rotl64((acc + lane * P2) & M64, 31) * P1 & M64


def xxh64(data: bytes, seed: int) -> int:
    n, i = len(data), 0
    if n >= 32:
        v = [(seed + P1 + P2) & M64, (seed + P2) & M64, seed, (seed - P1) & M64]
        while i + 32 <= n:
            for j in range(4):
                v[j] = _round(v[j], int.from_bytes(data[i + 8 * j : i + 8 * j + 8], "little"))
            i += 32
        h = (rotl64(v[0], 1) + rotl64(v[1], 7) + rotl64(v[2], 12) + rotl64(v[3], 18)) & M64
        for lane in v:
            h = ((h ^ _round(0, lane)) * P1 + P4) & M64
    else:
        h = (seed + P5) & M64
    h = (h + n) & M64
    while i + 8 <= n:
        h ^= _round(0, int.from_bytes(data[i : i + 8], "little"))
        h = (rotl64(h, 27) * P1 + P4) & M64
        i += 8
    if i + 4 <= n:
        h ^= int.from_bytes(data[i : i + 4], "little") * P1 & M64
        h = (rotl64(h, 23) * P2 + P3) & M64
        i += 4
    while i < n:
        h ^= data[i] * P5 & M64
        h = rotl64(h, 11) * P1 & M64
        i += 1
    h ^= h >> 33
    h = h * P2 & M64
    h ^= h >> 29
    h = h * P3 & M64
    return h ^ (h >> 32)


def hash_combine(h: int, e: int) -> int:
    return (h ^ ((e + 0x9E3779B9 + (h << 6) + (h >> 2)) & M32)) & M32


# ---------------------------------------------------------------------------------------
# Element bytes and the row oracle
# ---------------------------------------------------------------------------------------


def element_bytes(arr: pa.Array, i: int, zero_norm: bool) -> bytes | None:
    """The bytes row i hashes as (None for a null)."""
    if not arr[i].is_valid:
        return None
    return value_bytes(arr, i, zero_norm)


def value_bytes(arr: pa.Array, i: int, zero_norm: bool, valid: bool | None = None) -> bytes:
    """The bytes of row i's stored value, valid or not (a null string has none; `valid`
    overrides the array's validity, for struct nulls pushed into a field)."""
    if valid is None:
        valid = arr[i].is_valid
    t = arr.type
    if pa.types.is_boolean(t):
        bits = arr.buffers()[1].to_pybytes()
        k = arr.offset + i
        return bytes([(bits[k // 8] >> (k % 8)) & 1])
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return arr[i].as_py().encode() if valid else b""
    width = t.bit_width // 8
    raw = arr.buffers()[1].to_pybytes()[(arr.offset + i) * width : (arr.offset + i + 1) * width]
    if pa.types.is_floating(t):
        fmt = "<f" if width == 4 else "<d"
        v = struct.unpack(fmt, raw)[0]
        if v != v:
            return b"\x00\x00\xc0\x7f" if width == 4 else b"\x00" * 6 + b"\xf8\x7f"
        if zero_norm and v == 0:
            return b"\x00" * width
    return raw


def hash_rows(arrays: list[pa.Array], parts: list, part, seed: int) -> list[int]:
    """One hash per row of ``arrays``: from ``seed``, ``h = part(h, p, row)`` for each of
    ``parts`` in order (the columns, or the ``nested_parts`` of nested ones)."""
    out = []
    for r in range(len(arrays[0]) if arrays else 0):
        h = seed
        for p in parts:
            h = part(h, p, r)
        out.append(h)
    return out


def murmur_element(a: pa.Array, i: int, seed: int) -> int:
    """MURMUR3 of element i of a flat column (the null sentinel for a null)."""
    b = element_bytes(a, i, True)
    return M32 if b is None else murmur3_32(b, seed)


def xxhash_element(a: pa.Array, i: int, h: int) -> int:
    """XXHASH_64 of element i of a flat column seeded with the row's hash so far."""
    b = element_bytes(a, i, False)
    return M64 if b is None else xxh64(b, h)


def murmur_rows(arrays: list[pa.Array], seed: int) -> list[int]:
    return hash_rows(
        arrays, arrays, lambda h, a, i: hash_combine(h, murmur_element(a, i, seed)), seed
    )


def xxhash_rows(arrays: list[pa.Array], seed: int) -> list[int]:
    return hash_rows(arrays, arrays, lambda h, a, i: xxhash_element(a, i, h), seed)


# ---------------------------------------------------------------------------------------
# Nested columns: libcudf's row hasher
# ---------------------------------------------------------------------------------------


def hash_combine64(h: int, e: int) -> int:
    return (h ^ ((e + 0x9E3779B97F4A7C15 + (h << 6) + (h >> 2)) & M64)) & M64


def is_list(t: pa.DataType) -> bool:
    return pa.types.is_list(t) or pa.types.is_large_list(t)


def is_nested(t: pa.DataType) -> bool:
    return pa.types.is_struct(t) or is_list(t)


class Node:
    """A nested column's node: rows 0..len, with the validity libcudf sees (a null struct
    makes its fields null: from_arrow and the hasher push struct nulls down)."""

    def __init__(self, arr: pa.Array, inherited: list[bool] | None = None):
        self.arr = arr
        self.valid = arr.is_valid().to_pylist()
        if inherited is not None:
            self.valid = [a and b for a, b in zip(self.valid, inherited, strict=True)]
        t = arr.type
        self.kind = "struct" if pa.types.is_struct(t) else "list" if is_nested(t) else "leaf"
        self.children: list[Node] = []
        if self.kind == "struct":
            self.children = [Node(arr.field(k), self.valid) for k in range(t.num_fields)]
        elif self.kind == "list":
            self.offsets = arr.offsets.to_pylist()
            self.children = [Node(arr.values)]

    def at(self, path: tuple[int, ...]) -> Node:
        node = self
        for k in path:
            node = node.children[k]
        return node

    def elements(self, i: int) -> range:
        """The child rows of list row i: none for a null list (libcudf purges them)."""
        return range(self.offsets[i], self.offsets[i + 1]) if self.valid[i] else range(0)


def decompose(t: pa.DataType) -> list[list[tuple[tuple[int, ...], bool]]]:
    """libcudf's decompose_structs with lists decomposed: each decomposed column as the
    (path, hash validity) of the nodes it walks. A struct keeps its first field on its
    branch unless that field is a list; every other field starts a new branch, which keeps
    the list ancestors (sizes only: the first branch hashed their validity)."""
    branches: list[list[tuple[tuple[int, ...], bool]]] = [[]]

    def visit(t, path, ancestors, cur):
        branches[cur].append((path, True))
        if is_list(t):
            visit(t.value_type, (*path, 0), [*ancestors, (path, True)], cur)
        elif pa.types.is_struct(t):
            fields = [t.field(k).type for k in range(t.num_fields)]
            for k, ft in enumerate(fields):
                target = cur
                if k > 0 or is_list(fields[0]):
                    branches.append([(p, False) for p, is_list in ancestors if is_list])
                    target = len(branches) - 1
                visit(ft, (*path, k), [*ancestors, (path, False)], target)

    visit(t, (), [], 0)
    return branches


def nested_value(levels, row, check, leaf, combine, null, size_hash, zero):
    """libcudf's element_hasher_adapter for one decomposed nested column: level by level,
    the validity of every element (when nulls are checked), a list's sizes, then the leaves."""
    h = zero
    cur = [row]
    for k, (node, hash_validity) in enumerate(levels):
        if node.kind == "leaf":
            for i in cur:
                h = combine(h, leaf(node, i))
            continue
        if check:
            # A later branch's list ancestor has no mask in libcudf: all valid.
            for i in cur:
                h = combine(h, null if hash_validity and not node.valid[i] else zero)
        if node.kind == "struct":
            if k + 1 == len(levels):
                return h
            continue
        for i in cur:
            h = combine(h, size_hash(len(node.elements(i))))
        cur = [j for i in cur for j in node.elements(i)]
    return h


def nested_parts(arrays: list[pa.Array]):
    """The hashed sequence: ("flat", array), ("direct", node) or ("nested", levels)."""
    parts = []
    for a in arrays:
        if not is_nested(a.type):
            parts.append(("flat", a))
            continue
        root = Node(a)
        for branch in decompose(a.type):
            levels = [(root.at(p), v) for p, v in branch]
            if len(levels) == 1 and levels[0][0].kind == "leaf":
                parts.append(("direct", levels[0][0]))
            else:
                parts.append(("nested", levels))
    return parts


def murmur_nested_rows(arrays: list[pa.Array], seed: int) -> list[int]:
    check = any(a.null_count > 0 for a in arrays)

    def leaf(node, i):
        if check and not node.valid[i]:
            return M32
        return murmur3_32(value_bytes(node.arr, i, True, node.valid[i]), seed)

    def size_hash(n):
        return murmur3_32(n.to_bytes(4, "little"), 0)

    def part(h, p, r):
        kind, x = p
        if kind == "flat":
            e = murmur_element(x, r, seed)
        elif kind == "direct":
            e = leaf(x, r)
        else:
            e = nested_value(x, r, check, leaf, hash_combine, M32, size_hash, 0)
        return hash_combine(h, e)

    return hash_rows(arrays, nested_parts(arrays), part, seed)


def xxhash_nested_rows(arrays: list[pa.Array], seed: int) -> list[int]:
    check = any(a.null_count > 0 for a in arrays)

    def leaf_with(h):
        def leaf(node, i):
            if check and not node.valid[i]:
                return M64
            return xxh64(value_bytes(node.arr, i, False, node.valid[i]), h)

        return leaf

    def size_hash(n):
        return xxh64(n.to_bytes(4, "little"), 0)

    def part(h, p, r):
        kind, x = p
        if kind == "flat":
            return xxhash_element(x, r, h)
        if kind == "direct":
            return leaf_with(h)(x, r)
        return nested_value(x, r, check, leaf_with(h), hash_combine64, M64, size_hash, 0)

    return hash_rows(arrays, nested_parts(arrays), part, seed)


def table(arrays: list[pa.Array]) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def check(arrays: list[pa.Array], seed: int) -> None:
    tbl = table(arrays)
    m = plc.hashing.murmurhash3_x86_32(tbl, seed)
    assert m.type().id() == plc.TypeId.UINT32
    assert m.null_count() == 0
    assert m.to_pylist() == murmur_rows(arrays, seed)
    x = plc.hashing.xxhash_64(tbl, seed)
    assert x.type().id() == plc.TypeId.UINT64
    assert x.null_count() == 0
    assert x.to_pylist() == xxhash_rows(arrays, seed)


def check_nested(arrays: list[pa.Array], seed: int) -> None:
    tbl = table(arrays)
    m = plc.hashing.murmurhash3_x86_32(tbl, seed)
    assert m.null_count() == 0
    assert m.to_pylist() == murmur_nested_rows(arrays, seed)
    x = plc.hashing.xxhash_64(tbl, seed)
    assert x.null_count() == 0
    assert x.to_pylist() == xxhash_nested_rows(arrays, seed)


# ---------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------


def test_reference_vectors():
    """The oracle itself against published vectors."""
    assert murmur3_32(b"", 0) == 0
    assert murmur3_32(b"", 1) == 0x514E28B7
    assert murmur3_32(b"", 0xFFFFFFFF) == 0x81F16F39
    assert murmur3_32(b"The quick brown fox jumps over the lazy dog", 0) == 0x2E4FF723
    assert xxh64(b"", 0) == 0xEF46DB3751D8E999
    assert xxh64(b"abc", 0) == 0x44BC2CF5AD770999


def test_reference_vectors_through_ferrodf():
    """One string column, seed 0: the combined/chained row hashes of published vectors."""
    strings = ["", "abc", "The quick brown fox jumps over the lazy dog"]
    col = plc.Column.from_arrow(pa.array(strings))
    got_x = plc.hashing.xxhash_64(plc.Table([col])).to_pylist()
    assert got_x[0] == 0xEF46DB3751D8E999
    assert got_x[1] == 0x44BC2CF5AD770999
    got_m = plc.hashing.murmurhash3_x86_32(plc.Table([col])).to_pylist()
    assert got_m[0] == hash_combine(0, 0)
    assert got_m[2] == hash_combine(0, 0x2E4FF723)


HASH_TYPES = [
    *NUMERIC_TYPES,
    pa.date32(),
    pa.timestamp("s"),
    pa.timestamp("ns"),
    pa.duration("ms"),
    pa.decimal128(30, 4),
    pa.string(),
    pa.large_string(),
    pa.string_view(),
]
if hasattr(pa, "decimal32"):
    HASH_TYPES += [pa.decimal32(7, 2), pa.decimal64(15, 3)]


@pytest.mark.parametrize("t", HASH_TYPES, ids=type_id)
@pytest.mark.parametrize("layout", ["plain", "sliced", "no_nulls"])
def test_single_column(t, layout):
    arr = make_array(t, 40, nulls=layout != "no_nulls", seed=7)
    if layout == "sliced":
        arr = arr.slice(5, 30)
    for seed in (0, 42, 0xFFFFFFFF):
        check([arr], seed)


def test_long_strings_take_the_32_byte_path():
    arr = pa.array(["x" * n for n in (0, 1, 3, 4, 7, 8, 31, 32, 33, 64, 100)] + [None, "é" * 40])
    check([arr], 0)
    check([arr.slice(2)], 9)


def test_multi_column_rows():
    rng_arrays = [
        make_array(pa.int32(), 50, seed=1),
        make_array(pa.string(), 50, seed=2),
        make_array(pa.float64(), 50, seed=3),
        make_array(pa.bool_(), 50, seed=4),
        make_array(pa.timestamp("us"), 50, seed=5),
    ]
    for seed in (0, 123456789):
        check(rng_arrays, seed)
        check([a.slice(7, 40) for a in rng_arrays], seed)


def test_nulls_hash_as_documented():
    a = pa.array([None, 1], pa.int64())
    b = pa.array([5, None], pa.int32())
    m = plc.hashing.murmurhash3_x86_32(table([a, b]), 3).to_pylist()
    five = murmur3_32((5).to_bytes(4, "little"), 3)
    one = murmur3_32((1).to_bytes(8, "little"), 3)
    assert m == [hash_combine(hash_combine(3, M32), five), hash_combine(hash_combine(3, one), M32)]
    x = plc.hashing.xxhash_64(table([a, b]), 3).to_pylist()
    assert x == [xxh64((5).to_bytes(4, "little"), M64), M64]


def test_float_normalisation():
    nan_bits = [0x7FF8000000000000, 0x7FF0000000000001, 0xFFF8000000000000, 0x7FFFFFFFFFFFFFFF]
    nans = pa.array([struct.unpack("<d", b.to_bytes(8, "little"))[0] for b in nan_bits])
    h = plc.hashing.murmurhash3_x86_32(table([nans])).to_pylist()
    assert len(set(h)) == 1
    assert len(set(plc.hashing.xxhash_64(table([nans])).to_pylist())) == 1
    zeros = pa.array([0.0, -0.0], pa.float32())
    assert len(set(plc.hashing.murmurhash3_x86_32(table([zeros])).to_pylist())) == 1
    # xxhash_64 normalises NaNs only, as libcudf does
    assert len(set(plc.hashing.xxhash_64(table([zeros])).to_pylist())) == 2
    check([nans], 0)
    check([zeros], 0)


def test_bool_hashes_one_normalised_byte():
    arr = pa.array([True, False, None])
    assert plc.hashing.xxhash_64(table([arr])).to_pylist()[:2] == [
        xxh64(b"\x01", 0),
        xxh64(b"\x00", 0),
    ]


def test_empty_inputs():
    empty = plc.Column.from_arrow(pa.array([], pa.int64()))
    assert plc.hashing.murmurhash3_x86_32(plc.Table([empty])).size() == 0
    assert plc.hashing.xxhash_64(plc.Table([empty, empty]), 5).size() == 0


@pytest.mark.parametrize(
    "arr",
    [
        pa.array(["a", "b"]).dictionary_encode(),
        pa.array([["a"], ["b"]], pa.list_(pa.dictionary(pa.int32(), pa.string()))),
        pa.array([{"a": None}, {"a": None}], pa.struct([("a", pa.null())])),
    ],
    ids=["dictionary", "list_of_dictionary", "struct_of_empty"],
)
def test_unsupported_types(arr):
    tbl = plc.Table([plc.Column.from_arrow(arr)])
    with pytest.raises(NotImplementedError, match="does not support"):
        plc.hashing.murmurhash3_x86_32(tbl)
    with pytest.raises(NotImplementedError, match="does not support"):
        plc.hashing.xxhash_64(tbl)


# ---------------------------------------------------------------------------------------
# Nested columns
# ---------------------------------------------------------------------------------------


def test_nested_oracle_decomposition_matches_libcudf_docs():
    """The decompositions drawn in libcudf's decompose_structs documentation."""
    i, f, d = pa.int32(), pa.float32(), pa.decimal128(10, 2)
    t1 = pa.struct([("s2", pa.struct([("i", i), ("f", f)])), ("d", d)])
    assert decompose(t1) == [
        [((), True), ((0,), True), ((0, 0), True)],
        [((0, 1), True)],
        [((1,), True)],
    ]
    t2 = pa.struct([("i", i), ("s2", pa.struct([("f", f), ("d", d)]))])
    assert decompose(t2) == [
        [((), True), ((0,), True)],
        [((1,), True), ((1, 0), True)],
        [((1, 1), True)],
    ]
    t3 = pa.struct([("l", pa.list_(i)), ("f", f)])
    assert decompose(t3) == [[((), True)], [((0,), True), ((0, 0), True)], [((1,), True)]]
    t4 = pa.list_(pa.struct([("i", i), ("f", f)]))
    assert decompose(t4) == [
        [((), True), ((0,), True), ((0, 0), True)],
        [((), False), ((0, 1), True)],
    ]


def test_list_hash_by_hand():
    """One list row, seed 0, no nulls in the table: hash_combine over the size, then the
    elements, starting at 0; then combined into the row seed."""
    arr = pa.array([[1, 2]], pa.list_(pa.int32()))
    h = hash_combine(0, murmur3_32((2).to_bytes(4, "little"), 0))
    for v in (1, 2):
        h = hash_combine(h, murmur3_32(v.to_bytes(4, "little"), 0))
    assert plc.hashing.murmurhash3_x86_32(table([arr])).to_pylist() == [hash_combine(0, h)]


def test_list_of_struct_by_hand():
    """List<Struct<a, b>> with nulls checked (another column has one): the second
    decomposed column List<b> has no list mask, so its list row combines 0 (valid) even
    when the list is null; the null list is empty. Seed 0, one int16 column after it."""
    s = pa.StructArray.from_arrays(
        [pa.array([1], pa.int32()), pa.array([2], pa.int32())], ["a", "b"]
    )
    lists = pa.ListArray.from_arrays(
        pa.array([0, 1, 1], pa.int32()), s, mask=pa.array([False, True])
    )
    other = pa.array([None, 3], pa.int16())

    def m(v: int) -> int:
        return murmur3_32(v.to_bytes(4, "little"), 0)

    c = hash_combine
    # row 0: [{a: 1, b: 2}]
    first = c(c(c(c(0, 0), m(1)), 0), m(1))  # list valid, size 1, struct valid, a
    second = c(c(c(0, 0), m(1)), m(2))  # list (no mask), size 1, b
    row0 = c(c(c(0, first), second), M32)
    # row 1: a null list: no elements
    first = c(c(0, M32), m(0))
    second = c(c(0, 0), m(0))
    row1 = c(c(c(0, first), second), murmur3_32((3).to_bytes(2, "little"), 0))
    got = plc.hashing.murmurhash3_x86_32(table([lists, other])).to_pylist()
    assert got == [row0, row1]
    assert got == murmur_nested_rows([lists, other], 0)


def nested_arrays() -> dict[str, pa.Array]:
    """Nested arrays with nulls at every level, null structs over valid fields and null
    lists over non-empty ranges (which libcudf purges)."""
    ints = pa.array([1, None, 3, 4, 5, 6, None, 8, 9, 10], pa.int32())
    strs = pa.array(["a", None, "ccc", "", "eeeee", "f", "gg", None, "i", "jj"])
    mask = pa.array([False, True, False, False, True, False, False, False, False, False])
    offsets = pa.array([0, 2, 4, 4, 7, 10], pa.int32())
    dirty_list = pa.ListArray.from_arrays(
        offsets, ints, mask=pa.array([False, True, False, False, False])
    )
    struct = pa.StructArray.from_arrays([ints, strs], ["i", "s"], mask=mask)
    return {
        "list_int": pa.ListArray.from_arrays(offsets, ints),
        "list_dirty_null": dirty_list,
        "large_list_str": pa.LargeListArray.from_arrays(pa.array([0, 3, 3, 6, 9, 10]), strs),
        "list_list": pa.ListArray.from_arrays(pa.array([0, 1, 3, 3, 5]), dirty_list),
        "struct": struct,
        "struct_null_over_valid": pa.StructArray.from_arrays(
            [pa.array(range(10), pa.int64()), pa.array([float(k) for k in range(10)])],
            ["a", "b"],
            mask=mask,
        ),
        "struct_list_first": pa.StructArray.from_arrays(
            [
                pa.ListArray.from_arrays(pa.array([0, 1, 1, 3, 3, 4, 4, 6, 8, 9, 10]), ints),
                strs,
            ],
            ["l", "s"],
            mask=mask,
        ),
        "struct_struct": pa.StructArray.from_arrays(
            [struct, pa.array([k % 2 == 0 for k in range(10)])], ["inner", "b"]
        ),
        "list_struct": pa.ListArray.from_arrays(
            pa.array([0, 3, 3, 5, 10]), struct, mask=pa.array([False, False, True, False])
        ),
        "empty_struct_rows": pa.StructArray.from_arrays(
            [pa.array([None] * 10, pa.int8())], ["x"], mask=mask
        ),
    }


NESTED = nested_arrays()


@pytest.mark.parametrize("name", list(NESTED), ids=str)
@pytest.mark.parametrize("layout", ["plain", "sliced", "with_null_column", "empty"])
def test_nested_column(name, layout):
    arr = NESTED[name]
    if layout == "sliced":
        arr = arr.slice(1, len(arr) - 2)
    elif layout == "empty":
        arr = arr.slice(0, 0)
    arrays = [arr]
    if layout == "with_null_column":
        # A top-level null anywhere in the table turns libcudf's null checks on.
        arrays.append(pa.array([None] + [7] * (len(arr) - 1), pa.int16()))
    for seed in (0, 42):
        check_nested(arrays, seed)


@pytest.mark.parametrize("t", [t for t in NESTED_TYPES if is_nested(t)], ids=type_id)
@pytest.mark.parametrize("nulls", [True, False])
def test_nested_generated(t, nulls):
    arr = make_array(t, 40, nulls=nulls, seed=3)
    check_nested([arr], 7)
    check_nested([arr.slice(5, 30), make_array(pa.string(), 30, nulls=nulls, seed=4)], 1)


def test_nested_multi_column_table():
    arrays = [
        make_array(pa.int64(), 10, nulls=False, seed=1),
        NESTED["list_struct"].slice(0, 4).take([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]),
        NESTED["struct_struct"],
        NESTED["large_list_str"].take([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]),
    ]
    for seed in (0, 0xFFFFFFFF):
        check_nested(arrays, seed)
        check_nested([a.slice(2, 6) for a in arrays], seed)


def test_struct_fields_hash_like_columns_after_the_first():
    """A struct's later fields hash exactly as separate columns would; with no top-level
    nulls in the table, nulls are not checked and a null string hashes as no bytes."""
    a, b = pa.array([1, 2, 3], pa.int32()), pa.array(["x", "y", None])
    s = pa.StructArray.from_arrays([a, b], ["a", "b"])
    got = plc.hashing.murmurhash3_x86_32(table([s]), 5).to_pylist()
    first = [hash_combine(0, murmur3_32(v.to_bytes(4, "little"), 5)) for v in (1, 2, 3)]
    for r in range(3):
        eb = murmur3_32(value_bytes(b, r, True), 5)
        assert got[r] == hash_combine(hash_combine(5, first[r]), eb)
    assert value_bytes(b, 2, True) == b""


def test_nested_runs_on_gpu_without_fallback():
    if not runs_on_gpu():
        pytest.skip("needs a GPU")
    ferrodf.reset_host_fallbacks()
    for arr in NESTED.values():
        check_nested([arr], 3)
    assert ferrodf.host_fallbacks() == {}


def test_seed_range_and_defaults():
    tbl = table([pa.array([1, 2, 3], pa.int32())])
    assert plc.hashing.LIBCUDF_DEFAULT_HASH_SEED == 0
    assert (
        plc.hashing.murmurhash3_x86_32(tbl).to_pylist()
        == plc.hashing.murmurhash3_x86_32(tbl, 0).to_pylist()
    )
    assert plc.hashing.xxhash_64(tbl, 2**64 - 1).to_pylist() == xxhash_rows(
        [pa.array([1, 2, 3], pa.int32())], 2**64 - 1
    )
    with pytest.raises(OverflowError, match="out of range integral type conversion attempted"):
        plc.hashing.murmurhash3_x86_32(tbl, 2**32)
    with pytest.raises(OverflowError, match="can't convert negative int to unsigned"):
        plc.hashing.xxhash_64(tbl, -1)


@given(
    st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=30),
    st.lists(st.one_of(st.none(), st.text(max_size=40)), max_size=30),
    st.integers(0, 2**32 - 1),
)
def test_property_matches_oracle(ints, texts, seed):
    n = min(len(ints), len(texts))
    arrays = [pa.array(ints[:n], pa.int64()), pa.array(texts[:n], pa.string())]
    check(arrays, seed)
