"""plc.join against a plain-Python nested-loop oracle (and pyarrow's Table.join where its
semantics agree), and plc.partitioning against plc.hashing's row hashes."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pytest
from conftest import type_id
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import INT_SAMPLE, NON_INTEGER_FLAT_TYPES, data, table
from order_helpers import nested_rows_equal

import ferrodf
import ferrodf.plc as plc

NullEq = plc.types.NullEquality
NONE = -(2**31)  # libcudf's JoinNoneValue

KEY_TYPES = [*INT_SAMPLE, *NON_INTEGER_FLAT_TYPES]


@pytest.fixture(params=KEY_TYPES, ids=type_id)
def key_type(request):
    return request.param


@pytest.fixture(params=[NullEq.EQUAL, NullEq.UNEQUAL], ids=["nulls_equal", "nulls_unequal"])
def nulls_equal(request):
    return request.param


def keys_from(pool: list, n: int, seed: int, t: pa.DataType, offset: int = 0) -> pa.Array:
    """n keys drawn (with duplicates) from `pool`, then sliced by `offset`."""
    rng = np.random.default_rng(seed)
    vals = [pool[int(i)] for i in rng.integers(0, len(pool), n + offset)]
    return pa.array(vals, t)[offset:]


def pool_of(t: pa.DataType, size: int = 8) -> list:
    vals = data(t, size, seed=3).to_pylist()
    if pa.types.is_floating(t):
        vals += [float("nan"), -0.0, 0.0]
    return vals


def same(x, y, nulls_equal: bool) -> bool:
    if x is None or y is None:
        return x is None and y is None and nulls_equal
    if isinstance(x, float) and math.isnan(x):
        return isinstance(y, float) and math.isnan(y)
    return x == y


def oracle_pairs(left: list[tuple], right: list[tuple], nulls_equal: bool) -> list:
    return [
        (i, j)
        for i, lr in enumerate(left)
        for j, rr in enumerate(right)
        if all(same(a, b, nulls_equal) for a, b in zip(lr, rr, strict=True))
    ]


def rows_of(*arrays: pa.Array) -> list[tuple]:
    return list(zip(*(a.to_pylist() for a in arrays), strict=True))


def oracle(kind: str, left: list[tuple], right: list[tuple], nulls_equal: bool):
    pairs = oracle_pairs(left, right, nulls_equal)
    lm = {i for i, _ in pairs}
    rm = {j for _, j in pairs}
    if kind == "inner":
        return sorted(pairs)
    if kind == "left":
        return sorted(pairs + [(i, NONE) for i in range(len(left)) if i not in lm])
    if kind == "full":
        extra = [(i, NONE) for i in range(len(left)) if i not in lm]
        extra += [(NONE, j) for j in range(len(right)) if j not in rm]
        return sorted(pairs + extra)
    if kind == "semi":
        return sorted(lm)
    return [i for i in range(len(left)) if i not in lm]


PAIR_JOINS = {
    "inner": plc.join.inner_join,
    "left": plc.join.left_join,
    "full": plc.join.full_join,
}
FILTER_JOINS = {"semi": plc.join.left_semi_join, "anti": plc.join.left_anti_join}


def run_join(kind: str, lt: plc.Table, rt: plc.Table, ne):
    if kind in PAIR_JOINS:
        lmap, rmap = PAIR_JOINS[kind](lt, rt, ne)
        assert lmap.type().id() == plc.TypeId.INT32
        assert rmap.type().id() == plc.TypeId.INT32
        assert lmap.null_count() == 0 and rmap.null_count() == 0
        got = list(zip(lmap.to_arrow().to_pylist(), rmap.to_arrow().to_pylist(), strict=True))
        return sorted(got)
    m = FILTER_JOINS[kind](lt, rt, ne)
    assert m.type().id() == plc.TypeId.INT32
    # The filter joins return ascending rows.
    return m.to_arrow().to_pylist()


ALL_KINDS = ["inner", "left", "full", "semi", "anti"]


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize("offset", [0, 3], ids=["whole", "sliced"])
def test_single_key(key_type, nulls_equal, kind, offset):
    pool = pool_of(key_type)
    left = keys_from(pool, 40, 1, key_type, offset)
    right = keys_from(pool, 25, 2, key_type, offset)
    got = run_join(kind, table(left), table(right), nulls_equal)
    want = oracle(kind, rows_of(left), rows_of(right), nulls_equal == NullEq.EQUAL)
    assert got == want


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_multi_column_keys(nulls_equal, kind):
    ints = pool_of(pa.int32(), 4)
    strs = pool_of(pa.string(), 4)
    floats = pool_of(pa.float64(), 3)
    lt = [
        keys_from(ints, 60, 1, pa.int32()),
        keys_from(strs, 60, 2, pa.string()),
        keys_from(floats, 60, 3, pa.float64()),
    ]
    rt = [
        keys_from(ints, 45, 4, pa.int32(), 2),
        keys_from(strs, 45, 5, pa.string(), 2),
        keys_from(floats, 45, 6, pa.float64(), 2),
    ]
    got = run_join(kind, table(*lt), table(*rt), nulls_equal)
    want = oracle(kind, rows_of(*lt), rows_of(*rt), nulls_equal == NullEq.EQUAL)
    assert got == want


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize("sizes", [(0, 5), (5, 0), (0, 0)], ids=["left0", "right0", "both0"])
def test_empty(kind, sizes):
    pool = pool_of(pa.int64())
    left = keys_from(pool, sizes[0], 1, pa.int64())
    right = keys_from(pool, sizes[1], 2, pa.int64())
    got = run_join(kind, table(left), table(right), NullEq.EQUAL)
    assert got == oracle(kind, rows_of(left), rows_of(right), True)


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_distinct_keys_larger(kind):
    # All-distinct keys on both sides, more rows than one host chunk, build side larger
    # than the probe side (the inner join swaps sides).
    rng = np.random.default_rng(5)
    lv = rng.permutation(200_000)[:70_000].astype(np.int64)
    rv = rng.permutation(200_000)[:90_000].astype(np.int64)
    got = run_join(kind, table(pa.array(lv)), table(pa.array(rv)), NullEq.EQUAL)
    pos = {int(v): j for j, v in enumerate(rv)}
    pairs = [(i, pos[int(v)]) for i, v in enumerate(lv) if int(v) in pos]
    lm = {i for i, _ in pairs}
    rm = {j for _, j in pairs}
    if kind == "inner":
        want = sorted(pairs)
    elif kind == "left":
        want = sorted(pairs + [(i, NONE) for i in range(len(lv)) if i not in lm])
    elif kind == "full":
        want = sorted(
            pairs
            + [(i, NONE) for i in range(len(lv)) if i not in lm]
            + [(NONE, j) for j in range(len(rv)) if j not in rm]
        )
    elif kind == "semi":
        want = sorted(lm)
    else:
        want = [i for i in range(len(lv)) if i not in lm]
    assert got == want


def hash_oracle(kind: str, lv: list, rv: list, nulls_equal: bool):
    """`oracle` through a dict of the right rows per key (for tables too large for the
    nested loop); keys are ints or None."""
    where: dict = {}
    for j, v in enumerate(rv):
        if v is not None or nulls_equal:
            where.setdefault(v, []).append(j)
    pairs = [
        (i, j) for i, v in enumerate(lv) if v is not None or nulls_equal for j in where.get(v, [])
    ]
    lm = {i for i, _ in pairs}
    rm = {j for _, j in pairs}
    extra_l = [(i, NONE) for i in range(len(lv)) if i not in lm]
    if kind == "inner":
        return sorted(pairs)
    if kind == "left":
        return sorted(pairs + extra_l)
    if kind == "full":
        return sorted(pairs + extra_l + [(NONE, j) for j in range(len(rv)) if j not in rm])
    if kind == "semi":
        return sorted(lm)
    return [i for i in range(len(lv)) if i not in lm]


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize("probe_nulls", [False, True], ids=["no_nulls", "probe_nulls"])
@pytest.mark.parametrize("offset", [0, 7], ids=["whole", "sliced"])
def test_repeated_keys_larger(kind, probe_nulls, offset, nulls_equal):
    # A partitioned build side (more than 2^16 rows) without nulls whose keys repeat (the
    # chained rows), probed by more than one host chunk of rows, with and without nulls.
    rng = np.random.default_rng(9)
    rv = rng.integers(0, 40_000, 100_000 + offset).tolist()
    lv = rng.integers(0, 50_000, 80_000 + offset).tolist()
    if probe_nulls:
        lv = [None if i % 11 == 0 else v for i, v in enumerate(lv)]
    left = pa.array(lv, pa.int64())[offset:]
    right = pa.array(rv, pa.int64())[offset:]
    got = run_join(kind, table(left), table(right), nulls_equal)
    want = hash_oracle(kind, left.to_pylist(), right.to_pylist(), nulls_equal == NullEq.EQUAL)
    assert got == want


@pytest.mark.parametrize("t", [pa.int64(), pa.string()], ids=type_id)
@pytest.mark.parametrize("how", ["inner", "left outer", "full outer"])
def test_against_pyarrow(t, how):
    # pyarrow's hash join never matches null keys: NullEquality.UNEQUAL.
    pool = pool_of(t, 30)
    left = keys_from(pool, 300, 11, t)
    right = keys_from(pool, 200, 12, t)
    lt = pa.table({"k": left, "li": pa.array(range(len(left)), pa.int64())})
    rt = pa.table({"k": right, "ri": pa.array(range(len(right)), pa.int64())})
    joined = lt.join(rt, keys="k", join_type=how)
    want = sorted(
        (NONE if a is None else a, NONE if b is None else b)
        for a, b in zip(joined["li"].to_pylist(), joined["ri"].to_pylist(), strict=True)
    )
    kind = {"inner": "inner", "left outer": "left", "full outer": "full"}[how]
    assert run_join(kind, table(left), table(right), NullEq.UNEQUAL) == want


def test_gather_maps_nullify():
    left = pa.array([1, 2, None, 4], pa.int64())
    right = pa.array([4, 4, 5, None], pa.int64())
    payload = pa.array([10.0, 20.0, 30.0, 40.0])
    lmap, rmap = plc.join.full_join(table(left), table(right), NullEq.UNEQUAL)
    policy = plc.copying.OutOfBoundsPolicy.NULLIFY
    got_l = plc.copying.gather(table(left), lmap, policy).columns()[0].to_arrow().to_pylist()
    got_r = plc.copying.gather(table(payload), rmap, policy).columns()[0].to_arrow().to_pylist()
    lm, rm = lmap.to_arrow().to_pylist(), rmap.to_arrow().to_pylist()
    pl, pp = left.to_pylist(), payload.to_pylist()
    assert got_l == [None if i == NONE else pl[i] for i in lm]
    assert got_r == [None if j == NONE else pp[j] for j in rm]
    assert sum(v is None for v in got_r) == 3  # left rows 0, 1 and the null key


def test_errors():
    a = table(pa.array([1, 2], pa.int64()))
    b = table(pa.array([1, 2], pa.int32()))
    two = table(pa.array([1, 2], pa.int64()), pa.array([1, 2], pa.int64()))
    for f in (*PAIR_JOINS.values(), *FILTER_JOINS.values()):
        with pytest.raises(TypeError, match="join"):
            f(a, b, NullEq.EQUAL)
        with pytest.raises(ValueError, match="join"):
            f(a, two, NullEq.EQUAL)
        with pytest.raises(ValueError, match="join"):
            f(plc.Table([]), plc.Table([]), NullEq.EQUAL)
        with pytest.raises(ValueError, match="7 is not a valid NullEquality; valid values"):
            f(a, a, 7)
    nested = table(pa.array([[1], [2]], pa.list_(pa.int64())))
    with pytest.raises(
        NotImplementedError, match=r"join\.inner_join does not support LIST columns"
    ):
        plc.join.inner_join(nested, nested, NullEq.EQUAL)


ROWS = st.lists(
    st.tuples(st.one_of(st.none(), st.integers(0, 3)), st.one_of(st.none(), st.sampled_from("ab"))),
    max_size=30,
)


@given(
    ROWS,
    ROWS,
    st.sampled_from(ALL_KINDS),
    st.booleans(),
)
def test_property(left, right, kind, ne):
    def arrays(rows):
        return (
            pa.array([r[0] for r in rows], pa.int16()),
            pa.array([r[1] for r in rows], pa.string()),
        )

    la, ra = arrays(left), arrays(right)
    nulls = NullEq.EQUAL if ne else NullEq.UNEQUAL
    got = run_join(kind, table(*la), table(*ra), nulls)
    assert got == oracle(kind, left, right, ne)


# --------------------------------------------------------------------------- cross join


@pytest.mark.parametrize("sizes", [(4, 3), (0, 3), (3, 0), (1, 1)])
def test_cross_join(sizes):
    nl, nr = sizes
    la = [data(pa.int32(), nl + 2, seed=1)[2:], data(pa.string(), nl + 2, seed=2)[2:]]
    ra = [data(pa.float64(), nr, seed=3)]
    got = plc.join.cross_join(table(*la), table(*ra))
    assert got.num_columns() == 3
    assert got.num_rows() == nl * nr
    cols = [c.to_arrow().to_pylist() for c in got.columns()]
    lrows, rrows = rows_of(*la), rows_of(*ra)
    want = [lr + rr for lr in lrows for rr in rrows]
    got_rows = list(zip(*cols, strict=True))

    def norm(row):
        return tuple("nan" if isinstance(v, float) and math.isnan(v) else v for v in row)

    assert [norm(r) for r in got_rows] == [norm(r) for r in want]


# --------------------------------------------------------------------------- partitioning


@pytest.mark.parametrize("parts", [1, 3, 4, 7, 64])
@pytest.mark.parametrize("offset", [0, 5], ids=["whole", "sliced"])
@pytest.mark.parametrize("seed", [0, 42])
def test_hash_partition(parts, offset, seed):
    a = data(pa.int64(), 50 + offset, seed=1)[offset:]
    s = data(pa.string(), 50 + offset, seed=2)[offset:]
    payload = pa.array(range(50), pa.int32())
    t = table(a, s, payload)
    got, offsets = plc.partitioning.hash_partition(t, [0, 1], parts, seed=seed)
    hashes = plc.hashing.murmurhash3_x86_32(table(a, s), seed).to_arrow().to_pylist()
    pid = [h % parts for h in hashes]
    want_order = sorted(range(50), key=lambda i: (pid[i], i))
    starts, acc = [], 0
    for p in range(parts):
        starts.append(acc)
        acc += pid.count(p)
    assert offsets == starts
    assert got.columns()[2].to_arrow().to_pylist() == want_order
    assert got.columns()[0].to_arrow().to_pylist() == [a.to_pylist()[i] for i in want_order]
    assert got.columns()[1].to_arrow().to_pylist() == [s.to_pylist()[i] for i in want_order]


def test_hash_partition_default_seed_and_float_keys():
    f = data(pa.float64(), 40, seed=4)
    t = table(f, pa.array(range(40), pa.int32()))
    got, offsets = plc.partitioning.hash_partition(t, [0], 5)
    hashes = plc.hashing.murmurhash3_x86_32(table(f)).to_arrow().to_pylist()
    pid = [h % 5 for h in hashes]
    assert got.columns()[1].to_arrow().to_pylist() == sorted(range(40), key=lambda i: pid[i])
    assert len(offsets) == 5


def test_hash_partition_empty_and_errors():
    t = table(pa.array([], pa.int64()))
    got, offsets = plc.partitioning.hash_partition(t, [0], 3)
    assert got.num_rows() == 0
    assert offsets == [0, 0, 0]
    t = table(pa.array([1, 2, 3], pa.int64()))
    with pytest.raises(ValueError, match="num_partitions must be positive, got 0"):
        plc.partitioning.hash_partition(t, [0], 0)
    with pytest.raises(IndexError, match=r"partitioning\.hash_partition: column 1 does not"):
        plc.partitioning.hash_partition(t, [1], 2)


# --------------------------------------------------------------------------- host vs device


def plain(a: pa.Array) -> list:
    """Values with NaN made comparable."""
    return ["nan" if isinstance(v, float) and math.isnan(v) else v for v in a.to_pylist()]


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
@pytest.mark.parametrize("t", [pa.int64(), pa.float64(), pa.string()], ids=type_id)
def test_host_device_parity(t):
    pool = pool_of(t, 300)
    left = keys_from(pool, 20_000, 1, t, 7)
    right = keys_from(pool, 5_000, 2, t, 3)
    lt, rt = table(left, left), table(right, right)

    def everything():
        out = {}
        for kind in ALL_KINDS:
            for ne in NullEq:
                out[kind, ne] = run_join(kind, lt, rt, ne)
        part, offsets = plc.partitioning.hash_partition(lt, [0], 13)
        out["partition"] = (plain(part.columns()[0].to_arrow()), offsets)
        sc = plc.stream_compaction
        keep = sc.DuplicateKeepOption
        for k in keep:
            d = sc.stable_distinct(lt, [0], k, NullEq.EQUAL, plc.types.NanEquality.ALL_EQUAL)
            out["distinct", k] = plain(d.columns()[0].to_arrow())
        return out

    with ferrodf.option_context(device="cpu"):
        host = everything()
    with ferrodf.option_context(device="gpu"):
        dev = everything()
    assert host.keys() == dev.keys()
    for k in host:
        assert host[k] == dev[k], k


def _struct_keys(seed: int, n: int) -> pa.Array:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        if rng.random() < 0.15:
            rows.append(None)
        else:
            x = None if rng.random() < 0.2 else int(rng.integers(0, 2))
            rows.append({"x": x, "y": str(rng.choice(["a", "b"]))})
    return pa.array(rows, pa.struct([("x", pa.int64()), ("y", pa.string())]))


@pytest.mark.parametrize("nulls_equal", [True, False])
@pytest.mark.parametrize("offset", [0, 3])
def test_joins_on_struct_keys(nulls_equal, offset):
    left = _struct_keys(1, 40).slice(offset)
    right = _struct_keys(2, 30)
    lk = plc.Table([plc.Column.from_arrow(left)])
    rk = plc.Table([plc.Column.from_arrow(right)])
    eq = plc.types.NullEquality.EQUAL if nulls_equal else plc.types.NullEquality.UNEQUAL
    lv, rv = left.to_pylist(), right.to_pylist()
    expected = sorted(
        (i, j)
        for i in range(len(lv))
        for j in range(len(rv))
        if nested_rows_equal(lv[i], rv[j], nulls_equal)
    )
    lm, rm = plc.join.inner_join(lk, rk, eq)
    got = sorted(zip(lm.to_arrow().to_pylist(), rm.to_arrow().to_pylist(), strict=True))
    assert got == expected
    matched = sorted({i for i, _ in expected})
    assert plc.join.left_semi_join(lk, rk, eq).to_arrow().to_pylist() == matched
    unmatched = [i for i in range(len(lv)) if i not in set(matched)]
    assert plc.join.left_anti_join(lk, rk, eq).to_arrow().to_pylist() == unmatched
