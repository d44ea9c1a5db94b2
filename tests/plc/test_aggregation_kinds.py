"""The later pylibcudf aggregations of plc.aggregation (M2, COVARIANCE, CORRELATION,
BITWISE_AGG, and the factories of the others), is_valid_aggregation, the Kind values and
the Aggregation repr.

Oracles: pandas (M2 as var * (n - 1), Series.cov / Series.corr per group) and plain-Python
loops over NumPy integers (bitwise folds). libcudf leaves the group order unspecified, so
results are compared as maps from key to value."""

from __future__ import annotations

import functools
import itertools
import math
import operator

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

# Host fallbacks warn in device='auto' on a GPU machine.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

agg = plc.aggregation
NP = plc.types.NullPolicy
GroupBy, GroupByRequest = plc.groupby.GroupBy, plc.groupby.GroupByRequest
INT_TYPES = [pa.int8(), pa.int16(), pa.int32(), pa.int64()]
INT_TYPES += [pa.uint8(), pa.uint16(), pa.uint32(), pa.uint64()]


def col(a: pa.Array) -> plc.Column:
    return plc.Column.from_arrow(a)


def missing(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def close(a, b) -> bool:
    """Equal, or both missing (pandas has NaN where libcudf has null)."""
    if missing(a) or missing(b):
        return missing(a) and missing(b)
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def aggregate(keys: pa.Array, values: pa.Array | plc.Column, aggs) -> dict:
    """{key: [result per aggregation]} of GroupBy(keys).aggregate (null keys dropped)."""
    vals = values if isinstance(values, plc.Column) else col(values)
    gb = GroupBy(plc.Table([col(keys)]))
    out_keys, (res,) = gb.aggregate([GroupByRequest(vals, aggs)])
    ks = out_keys.columns()[0].to_arrow().to_pylist()
    rs = [c.to_arrow().to_pylist() for c in res.columns()]
    return {k: [r[i] for r in rs] for i, k in enumerate(ks)}


def groups_of(keys: pa.Array, *columns: list) -> dict:
    """{key: [rows of each column]} for the non-null keys, rows in input order."""
    out: dict = {}
    for i, k in enumerate(keys.to_pylist()):
        if k is not None:
            out.setdefault(k, [[] for _ in columns])
            for j, c in enumerate(columns):
                out[k][j].append(c[i])
    return out


def assert_maps(got: dict, want: dict):
    assert set(got) == set(want)
    for k, vs in want.items():
        for g, w in zip(got[k], vs, strict=True):
            assert close(g, w), (k, g, w)


# ---------------------------------------------------------------------------------------
# factories, kinds, repr, enums
# ---------------------------------------------------------------------------------------

FACTORIES = [
    (agg.m2, "M2"),
    (lambda: agg.covariance(1, 1), "COVARIANCE"),
    (lambda: agg.correlation(agg.CorrelationType.PEARSON, 1), "CORRELATION"),
    (lambda: agg.bitwise(agg.BitwiseOp.XOR), "BITWISE_AGG"),
    (lambda: agg.ewma(1.5, agg.EWMHistory.FINITE), "EWMA"),
    (agg.histogram, "HISTOGRAM"),
    (agg.merge_histogram, "MERGE_HISTOGRAM"),
    (agg.merge_m2, "MERGE_M2"),
    (agg.merge_lists, "MERGE_LISTS"),
    (agg.merge_sets, "MERGE_SETS"),
    (lambda: agg.tdigest(100), "TDIGEST"),
    (lambda: agg.merge_tdigest(100), "MERGE_TDIGEST"),
]


@pytest.mark.parametrize(("make", "kind"), FACTORIES)
def test_factory_kinds(make, kind):
    a = make()
    assert a.kind() == agg.Kind[kind]
    assert a == make() and hash(a) == hash(make())
    # pylibcudf prints the Kind member's repr.
    assert repr(a) == f"<Aggregation({agg.Kind[kind]!r})>"


def test_kind_values_and_enums():
    # libcudf 26's numbering (aggregation::Kind), PTX/CUDA/HOST_UDF included.
    assert [agg.Kind[n] for n in ("M2", "EWMA", "MERGE_LISTS", "BITWISE_AGG")] == [10, 20, 29, 38]
    assert [m.name for m in agg.BitwiseOp] == ["AND", "OR", "XOR"]
    assert [m.name for m in agg.CorrelationType] == ["PEARSON", "KENDALL", "SPEARMAN"]
    assert [m.name for m in agg.EWMHistory] == ["INFINITE", "FINITE"]
    assert repr(agg.sum()) == "<Aggregation(<Kind.SUM: 0>)>"


def test_parameters_distinguish_and_bad_enums():
    assert agg.covariance(1, 1) != agg.covariance(1, 0)
    assert agg.covariance(2, 1) != agg.covariance(1, 1)
    assert agg.bitwise(agg.BitwiseOp.AND) != agg.bitwise(agg.BitwiseOp.OR)
    assert agg.ewma(1.0, agg.EWMHistory.FINITE) != agg.ewma(1.0, agg.EWMHistory.INFINITE)
    assert agg.tdigest(10) != agg.tdigest(20)
    with pytest.raises(ValueError, match="5 is not a valid BitwiseOp; valid values: AND"):
        agg.bitwise(5)
    with pytest.raises(ValueError, match="9 is not a valid CorrelationType"):
        agg.correlation(9, 1)
    with pytest.raises(ValueError, match="3 is not a valid EWMHistory"):
        agg.ewma(1.0, 3)


T = plc.TypeId


@pytest.mark.parametrize(
    ("tid", "make", "valid"),
    [
        (T.INT32, lambda: agg.bitwise(agg.BitwiseOp.AND), True),
        (T.UINT64, lambda: agg.bitwise(agg.BitwiseOp.OR), True),
        (T.FLOAT64, lambda: agg.bitwise(agg.BitwiseOp.AND), False),
        (T.STRING, lambda: agg.bitwise(agg.BitwiseOp.AND), False),
        (T.STRUCT, lambda: agg.covariance(1, 1), True),
        (T.FLOAT64, lambda: agg.covariance(1, 1), False),
        (T.STRUCT, lambda: agg.correlation(agg.CorrelationType.PEARSON, 1), True),
        (T.STRUCT, agg.merge_m2, True),
        (T.FLOAT64, agg.m2, True),
        (T.STRING, agg.m2, False),
        (T.LIST, agg.merge_lists, True),
        (T.INT32, agg.merge_lists, False),
        (T.STRING, agg.sum, False),
        (T.INT8, agg.sum, True),
        (T.STRING, agg.max, True),
        (T.STRING, agg.histogram, True),
        (T.FLOAT32, lambda: agg.ewma(1.0, agg.EWMHistory.FINITE), True),
        (T.STRING, lambda: agg.ewma(1.0, agg.EWMHistory.FINITE), False),
        (T.STRING, agg.count, True),
    ],
)
def test_is_valid_aggregation(tid, make, valid):
    assert agg.is_valid_aggregation(plc.DataType(tid), make()) is valid


def test_is_valid_aggregation_agrees_with_groupby():
    """A pair is_valid_aggregation refuses is refused by groupby too."""
    keys = pa.array([1, 1, 2])
    for values in (pa.array(["a", "b", "c"]), pa.array([1.0, 2.0, 3.0])):
        dt = col(values).type()
        for make in (agg.m2, lambda: agg.bitwise(agg.BitwiseOp.AND)):
            if not agg.is_valid_aggregation(dt, make()):
                with pytest.raises(TypeError, match="is not supported for"):
                    aggregate(keys, values, [make()])
    with pytest.raises(TypeError, match="must be an Aggregation"):
        agg.is_valid_aggregation(plc.DataType(T.INT32), "sum")


# ---------------------------------------------------------------------------------------
# M2
# ---------------------------------------------------------------------------------------


def m2_oracle(vals: list) -> float | None:
    s = pd.Series([v for v in vals if v is not None], dtype="float64")
    # M2 = var(ddof=1) * (n - 1); pandas gives NaN for one value, where M2 is 0.
    return None if len(s) == 0 else (0.0 if len(s) == 1 else s.var(ddof=1) * (len(s) - 1))


@pytest.mark.parametrize("vt", [pa.int8(), pa.int64(), pa.uint32(), pa.float32(), pa.float64()])
@pytest.mark.parametrize("offset", [0, 3])
def test_m2_vs_pandas(vt, offset):
    rng = np.random.default_rng(7)
    n = 200
    keys = pa.array([None if i % 11 == 5 else int(v) for i, v in enumerate(rng.integers(0, 9, n))])
    raw = rng.integers(0, 100, n)
    # group 8 has only null values: its M2 is null
    vals = pa.array(
        [None if (i % 4 == 1 or keys[i].as_py() == 8) else int(v) for i, v in enumerate(raw)], vt
    )
    keys, vals = keys.slice(offset), vals.slice(offset)
    got = aggregate(keys, vals, [agg.m2(), agg.variance()])
    want = {}
    for k, (v,) in groups_of(keys, vals.to_pylist()).items():
        d = [x for x in v if x is not None]
        want[k] = [m2_oracle(v), None if len(d) < 2 else float(np.var(d, ddof=1))]
    assert any(w[0] is None for w in want.values())
    assert_maps(got, want)


def test_m2_empty_and_types():
    got = aggregate(pa.array([], pa.int32()), pa.array([], pa.float64()), [agg.m2()])
    assert got == {}
    gb = GroupBy(plc.Table([col(pa.array([1, 2]))]))
    _, (res,) = gb.aggregate([GroupByRequest(col(pa.array([1, 2], pa.int16())), [agg.m2()])])
    assert res.columns()[0].type().id() == plc.TypeId.FLOAT64
    with pytest.raises(TypeError, match="groupby: M2 is not supported for STRING values"):
        aggregate(pa.array([1]), pa.array(["a"]), [agg.m2()])


# ---------------------------------------------------------------------------------------
# COVARIANCE and CORRELATION
# ---------------------------------------------------------------------------------------


def pair_column(x: pa.Array, y: pa.Array, struct_nulls=None) -> pa.StructArray:
    mask = None if struct_nulls is None else pa.array(struct_nulls, pa.bool_())
    return pa.StructArray.from_arrays([x, y], names=["x", "y"], mask=mask)


def co_oracle(xs, ys, valid, what, min_periods, ddof=1):
    """pandas' pairwise Series.cov / Series.corr of the rows where the struct is valid."""
    x = pd.Series([a if ok and a is not None else None for a, ok in zip(xs, valid, strict=True)])
    y = pd.Series([b if ok and b is not None else None for b, ok in zip(ys, valid, strict=True)])
    x, y = x.astype("float64"), y.astype("float64")
    pairs = int((x.notna() & y.notna()).sum())
    if what == "cov":
        if pairs < min_periods or pairs - ddof <= 0:
            return None
        return x.cov(y, ddof=ddof)
    if pairs < max(min_periods, 2):
        return None
    return x.corr(y)


@pytest.mark.parametrize("offset", [0, 5])
@pytest.mark.parametrize(("min_periods", "ddof"), [(1, 1), (3, 1), (0, 0), (1, 2)])
@pytest.mark.parametrize("types", [(pa.float64(), pa.float64()), (pa.int32(), pa.float32())])
def test_covariance_correlation_vs_pandas(offset, min_periods, ddof, types):
    rng = np.random.default_rng(11)
    n = 150
    keys = pa.array([None if i % 13 == 7 else int(v) for i, v in enumerate(rng.integers(0, 12, n))])
    xs = [None if i % 5 == 2 else int(v) for i, v in enumerate(rng.integers(-50, 50, n))]
    ys = [None if i % 7 == 3 else float(v) for i, v in enumerate(rng.normal(0, 10, n))]
    ys = [None if y is None else (round(y) if pa.types.is_integer(types[1]) else y) for y in ys]
    struct_valid = [i % 9 != 4 for i in range(n)]
    # a group where y is constant: correlation 0 / 0 = NaN, as pandas
    for i in range(n):
        if keys[i].as_py() == 11:
            ys[i] = 1.0
    xa, ya = pa.array(xs, types[0]), pa.array(ys, types[1])
    # the oracle reads the stored values (FLOAT32 rounds)
    xs, ys = xa.to_pylist(), ya.to_pylist()
    values = pair_column(xa, ya, [not v for v in struct_valid])
    keys, values = keys.slice(offset), values.slice(offset)
    xs, ys, struct_valid = xs[offset:], ys[offset:], struct_valid[offset:]
    aggs = [
        agg.covariance(min_periods, ddof),
        agg.correlation(agg.CorrelationType.PEARSON, min_periods),
    ]
    got = aggregate(keys, col(values), aggs)
    want = {
        k: [
            co_oracle(x, y, v, "cov", min_periods, ddof),
            co_oracle(x, y, v, "corr", min_periods),
        ]
        for k, (x, y, v) in groups_of(keys, xs, ys, struct_valid).items()
    }
    assert_maps(got, want)


def test_covariance_sliced_children_and_errors():
    # A struct whose children are longer than it (sliced parent): the children are read at
    # the parent's offset.
    x = pa.array([1.0, 2.0, 4.0, 8.0, 3.0, 5.0])
    y = pa.array([2.0, 1.0, 0.0, 7.0, 3.0, 2.0])
    values = pair_column(x, y).slice(2, 4)
    keys = pa.array([1, 1, 2, 2])
    got = aggregate(keys, col(values), [agg.covariance(1, 1)])
    want = {1: [pd.Series([4.0, 8.0]).cov(pd.Series([0.0, 7.0]))]}
    want[2] = [pd.Series([3.0, 5.0]).cov(pd.Series([3.0, 2.0]))]
    assert_maps(got, want)
    with pytest.raises(TypeError, match="COVARIANCE needs a STRUCT column of two numeric"):
        aggregate(keys, pa.array([1.0, 2, 3, 4]), [agg.covariance(1, 1)])
    three = pa.StructArray.from_arrays([x, y, x], names=["a", "b", "c"])
    with pytest.raises(TypeError, match="CORRELATION needs a STRUCT column of exactly two"):
        aggregate(pa.array([1] * 6), col(three), [agg.correlation(agg.CorrelationType.PEARSON, 1)])
    strings = pair_column(pa.array(["a", "b"]), pa.array([1.0, 2.0]))
    with pytest.raises(TypeError, match=r"children \[STRING, FLOAT64\]"):
        aggregate(pa.array([1, 1]), col(strings), [agg.covariance(1, 1)])
    for kind in (agg.CorrelationType.KENDALL, agg.CorrelationType.SPEARMAN):
        with pytest.raises(NotImplementedError, match=r"CORRELATION of type .* not implemented"):
            aggregate(pa.array([1, 1]), col(pair_column(x[:2], y[:2])), [agg.correlation(kind, 1)])
    empty = pair_column(pa.array([], pa.float64()), pa.array([], pa.float64()))
    assert aggregate(pa.array([], pa.int64()), col(empty), [agg.covariance(1, 1)]) == {}


# ---------------------------------------------------------------------------------------
# BITWISE_AGG
# ---------------------------------------------------------------------------------------

BIT_OPS = {
    agg.BitwiseOp.AND: operator.and_,
    agg.BitwiseOp.OR: operator.or_,
    agg.BitwiseOp.XOR: operator.xor,
}


def bits_oracle(vals: list, op, t: pa.DataType):
    """The fold of the valid values as NumPy integers of the column's type (None: none)."""
    valid = [np.array(v, dtype=t.to_pandas_dtype()) for v in vals if v is not None]
    if not valid:
        return None
    return int(functools.reduce(BIT_OPS[op], valid))


def int_values(t: pa.DataType, n: int, rng) -> list:
    info = np.iinfo(t.to_pandas_dtype())
    return [int(v) for v in rng.integers(info.min, info.max, n, dtype=t.to_pandas_dtype())]


@pytest.mark.parametrize("t", INT_TYPES)
@pytest.mark.parametrize("op", list(agg.BitwiseOp))
def test_bitwise_groupby_vs_loop(t, op):
    rng = np.random.default_rng(3)
    n = 120
    keys = pa.array([None if i % 17 == 6 else int(v) for i, v in enumerate(rng.integers(0, 7, n))])
    raw = int_values(t, n, rng)
    vals = [None if (i % 5 == 0 or keys[i].as_py() == 6) else v for i, v in enumerate(raw)]
    keys, arr = keys.slice(2), pa.array(vals, t).slice(2)
    got = aggregate(keys, arr, [agg.bitwise(op)])
    want = {k: [bits_oracle(v, op, t)] for k, (v,) in groups_of(keys, arr.to_pylist()).items()}
    assert any(w == [None] for w in want.values())
    assert_maps(got, want)
    gb = GroupBy(plc.Table([col(keys)]))
    _, (res,) = gb.aggregate([GroupByRequest(col(arr), [agg.bitwise(op)])])
    assert res.columns()[0].type() == col(arr).type()


@pytest.mark.parametrize("t", INT_TYPES)
@pytest.mark.parametrize("op", list(agg.BitwiseOp))
@pytest.mark.parametrize("offset", [0, 3])
def test_bitwise_reduce_vs_loop(t, op, offset):
    rng = np.random.default_rng(5)
    raw = int_values(t, 300, rng)
    vals = pa.array([None if i % 6 == 2 else v for i, v in enumerate(raw)], t).slice(offset)
    dt = col(vals).type()
    got = plc.reduce.reduce(col(vals), agg.bitwise(op), dt).to_py()
    assert got == bits_oracle(vals.to_pylist(), op, t)
    # into another integer type: the result converted (wrapping), as libcudf's cast
    out = plc.reduce.reduce(col(vals), agg.bitwise(op), plc.DataType(plc.TypeId.INT64))
    assert out.to_py() == int(np.array(got, t.to_pandas_dtype()).astype(np.int64))


def test_bitwise_reduce_empty_null_and_errors():
    i32 = plc.DataType(plc.TypeId.INT32)
    for arr in (pa.array([], pa.int32()), pa.array([None, None], pa.int32())):
        for op in agg.BitwiseOp:
            s = plc.reduce.reduce(col(arr), agg.bitwise(op), i32)
            assert not s.is_valid()
    f64 = plc.DataType(plc.TypeId.FLOAT64)
    with pytest.raises(TypeError, match="BITWISE_AGG needs integer values and an integer"):
        plc.reduce.reduce(col(pa.array([1.0])), agg.bitwise(agg.BitwiseOp.OR), f64)
    with pytest.raises(TypeError, match="BITWISE_AGG needs integer values and an integer"):
        plc.reduce.reduce(col(pa.array([1])), agg.bitwise(agg.BitwiseOp.OR), f64)
    with pytest.raises(TypeError, match="groupby: BITWISE_AGG is not supported for FLOAT64"):
        aggregate(pa.array([1]), pa.array([1.0]), [agg.bitwise(agg.BitwiseOp.AND)])


# ---------------------------------------------------------------------------------------
# HISTOGRAM, MERGE_HISTOGRAM, MERGE_LISTS, MERGE_SETS
# ---------------------------------------------------------------------------------------


def aggregate_lists(keys: pa.Array, values: pa.Array, a) -> dict:
    """{key: [(value, count), ...]} of a LIST<STRUCT<value, count>> result (read by field
    position: the plc result's struct fields have no names)."""
    gb = GroupBy(plc.Table([col(keys)]))
    out_keys, (res,) = gb.aggregate([GroupByRequest(col(values), [a])])
    la = res.columns()[0].to_arrow()
    offs = la.offsets.to_pylist()
    v, c = la.values.field(0).to_pylist(), la.values.field(1).to_pylist()
    assert pa.types.is_int64(la.values.field(1).type)
    ks = out_keys.columns()[0].to_arrow().to_pylist()
    return {
        k: list(zip(v[offs[i] : offs[i + 1]], c[offs[i] : offs[i + 1]], strict=True))
        for i, k in enumerate(ks)
    }


def sorted_entries(counts: dict) -> list:
    """(value, count) pairs in ascending value order, null last."""
    return sorted(counts.items(), key=lambda e: (e[0] is None, e[0] if e[0] is not None else 0))


@pytest.mark.parametrize("vt", [pa.int32(), pa.float64(), pa.string()])
@pytest.mark.parametrize("offset", [0, 2])
def test_histogram_vs_loop(vt, offset):
    rng = np.random.default_rng(4)
    n = 90
    keys = pa.array([None if i % 11 == 3 else int(v) for i, v in enumerate(rng.integers(0, 5, n))])
    raw = [int(v) for v in rng.integers(0, 6, n)]
    conv = (lambda v: f"s{v}") if vt == pa.string() else (float if vt == pa.float64() else int)
    vals = pa.array([None if i % 7 == 1 else conv(v) for i, v in enumerate(raw)], vt)
    keys, vals = keys.slice(offset), vals.slice(offset)
    got = aggregate_lists(keys, vals, agg.histogram())
    want = {}
    for k, (v,) in groups_of(keys, vals.to_pylist()).items():
        counts: dict = {}
        for x in v:
            counts[x] = counts.get(x, 0) + 1
        want[k] = sorted_entries(counts)
    assert got == want


def test_merge_histogram_vs_loop():
    t = pa.list_(pa.struct([("v", pa.int16()), ("c", pa.int64())]))
    rows = [
        [{"v": 1, "c": 2}, {"v": 3, "c": 1}],
        None,
        [{"v": 1, "c": 5}, {"v": None, "c": 2}],
        [],
        [{"v": 3, "c": 4}],
        [{"v": None, "c": 1}, {"v": 2, "c": 7}],
        None,
    ]
    keys = pa.array([1, 1, 1, 2, 2, 1, 3])
    got = aggregate_lists(keys, pa.array(rows, t), agg.merge_histogram())
    want = {}
    for k, (hs,) in groups_of(keys, rows).items():
        counts: dict = {}
        for h in hs:
            for e in h or []:
                counts[e["v"]] = counts.get(e["v"], 0) + e["c"]
        want[k] = sorted_entries(counts)
    assert got == want
    # sliced input
    got = aggregate_lists(keys.slice(2), pa.array(rows, t).slice(2), agg.merge_histogram())
    assert got[1] == sorted_entries({1: 5, None: 3, 2: 7})


LIST_ROWS = [[3, 1], None, [1, None, 2], [], [5, 5], [None], [2, 3], None, [4]]
LIST_KEYS = [1, 1, 2, 2, 1, 2, 3, 3, None]


@pytest.mark.parametrize("offset", [0, 1])
def test_merge_lists_vs_loop(offset):
    keys = pa.array(LIST_KEYS).slice(offset)
    lists = pa.array(LIST_ROWS, pa.list_(pa.int64())).slice(offset)
    got = aggregate(keys, lists, [agg.merge_lists()])
    want = {
        k: [[x for lst in ls if lst is not None for x in lst]]
        for k, (ls,) in groups_of(keys, lists.to_pylist()).items()
    }
    assert got == want


@pytest.mark.parametrize("nulls_equal", list(plc.types.NullEquality))
def test_merge_sets_vs_loop(nulls_equal):
    keys, lists = pa.array(LIST_KEYS), pa.array(LIST_ROWS, pa.list_(pa.int64()))
    got = aggregate(keys, lists, [agg.merge_sets(nulls_equal=nulls_equal)])
    want = {}
    for k, (ls,) in groups_of(keys, lists.to_pylist()).items():
        flat = [x for lst in ls if lst is not None for x in lst]
        nulls = [None] * flat.count(None)
        if nulls_equal == plc.types.NullEquality.EQUAL:
            nulls = nulls[:1]
        want[k] = [sorted({x for x in flat if x is not None}) + nulls]
    assert got == want


def test_merge_kinds_need_lists():
    for make in (agg.merge_lists, agg.merge_sets, agg.merge_histogram):
        with pytest.raises(TypeError, match="needs LIST values, not FLOAT64 values"):
            aggregate(pa.array([1, 1]), pa.array([1.0, 2.0]), [make()])
    with pytest.raises(TypeError, match="MERGE_HISTOGRAM needs LIST<STRUCT<value, count>>"):
        aggregate(pa.array([1]), pa.array([[1]]), [agg.merge_histogram()])
    empty = aggregate_lists(pa.array([], pa.int64()), pa.array([], pa.int32()), agg.histogram())
    assert empty == {}


@pytest.mark.parametrize("offset", [0, 3])
def test_merge_m2_vs_pandas(offset):
    """Partial (count, mean, M2) of chunks of each group's values merge into the (count,
    mean, M2) of all of them."""
    rng = np.random.default_rng(12)
    # (key, chunk of values, whether the partial result is valid)
    parts = [
        (k, rng.normal(k, 3, int(rng.integers(0, 6))).tolist(), True)
        for k in range(6)
        for _ in range(int(rng.integers(1, 5)))
    ]
    # a null partial result, and a group with nothing to merge (count 0)
    parts += [(0, [100.0] * 9, False), (6, [], True)]
    t = pa.struct([("count", pa.int32()), ("mean", pa.float64()), ("m2", pa.float64())])
    values = pa.StructArray.from_arrays(
        [
            pa.array([len(c) for _, c, _ in parts], pa.int32()),
            pa.array([float(np.mean(c)) if c else None for _, c, _ in parts]),
            pa.array([float(np.var(c) * len(c)) if c else None for _, c, _ in parts]),
        ],
        fields=list(t),
        mask=pa.array([not ok for _, _, ok in parts]),
    ).slice(offset)
    keys = pa.array([k for k, _, _ in parts]).slice(offset)
    whole: dict = {}
    for k, c, ok in parts[offset:]:
        whole.setdefault(k, []).extend(c if ok else [])
    gb = GroupBy(plc.Table([col(keys)]))
    out_keys, (res,) = gb.aggregate([GroupByRequest(col(values), [agg.merge_m2()])])
    sa = res.columns()[0].to_arrow()
    got_n, got_mean, got_m2 = (sa.field(i).to_pylist() for i in range(3))
    assert pa.types.is_int32(sa.field(0).type)
    got_keys = out_keys.columns()[0].to_arrow().to_pylist()
    assert sorted(got_keys) == sorted(whole)
    for i, k in enumerate(got_keys):
        xs = whole[k]
        assert got_n[i] == len(xs), k
        if not xs:
            assert got_mean[i] is None and got_m2[i] is None
            continue
        s = pd.Series(xs)
        assert math.isclose(got_mean[i], s.mean(), rel_tol=1e-9, abs_tol=1e-9)
        m2 = s.var(ddof=1) * (len(xs) - 1) if len(xs) > 1 else 0.0
        assert math.isclose(got_m2[i], m2, rel_tol=1e-9, abs_tol=1e-9)
    with pytest.raises(TypeError, match="MERGE_M2 needs STRUCT<count, mean, M2> values"):
        aggregate(pa.array([1]), pa.array([1.0]), [agg.merge_m2()])


# ---------------------------------------------------------------------------------------
# EWMA and M2 outside their algorithms
# ---------------------------------------------------------------------------------------


def test_ewma_is_a_scan_and_m2_not_a_reduction():
    with pytest.raises(NotImplementedError, match="EWMA aggregations are not supported by"):
        aggregate(pa.array([1, 1]), pa.array([1.0, 2.0]), [agg.ewma(1.0, agg.EWMHistory.FINITE)])
    with pytest.raises(NotImplementedError, match="reduce with M2 is not implemented"):
        plc.reduce.reduce(col(pa.array([1.0])), agg.m2(), plc.DataType(plc.TypeId.FLOAT64))


# ---------------------------------------------------------------------------------------
# EWMA scans
# ---------------------------------------------------------------------------------------

ScanType = plc.reduce.ScanType


def ewm_oracle(vals: list, com: float, history) -> list:
    """pandas' ewm(com, adjust=INFINITE, ignore_na=False).mean()."""
    s = pd.Series([np.nan if v is None else v for v in vals], dtype="float64")
    adjust = history == agg.EWMHistory.INFINITE
    if not adjust and com == 1.0:
        # pandas 3.0-3.1 special-case com == 1 with adjust=False (meant for `times`), which
        # breaks the documented weights after a NaN gap (pandas GH-31178, PR 66521: 2.3.x gave
        # 3.667 for [1, NaN, 5], 3.x gives 4.0). The answer is continuous in com, so the
        # neighbouring float gives the documented one.
        com = float(np.nextafter(1.0, 2.0))
    return s.ewm(com=com, adjust=adjust).mean().tolist()


def assert_floats(got: list, want: list, rel: float = 1e-9):
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert close(g, w) or math.isclose(g, w, rel_tol=rel, abs_tol=rel), (i, g, w)


@pytest.mark.parametrize("history", list(agg.EWMHistory))
@pytest.mark.parametrize("com", [0.0, 0.5, 3.0, 40.0])
@pytest.mark.parametrize("t", [pa.float64(), pa.float32()])
@pytest.mark.parametrize("offset", [0, 4])
def test_ewma_scan_vs_pandas(history, com, t, offset):
    rng = np.random.default_rng(9)
    n = 5000  # several device tiles of 2,048 rows
    raw = rng.normal(0, 10, n)
    # leading nulls, scattered nulls and a long run of them
    vals = [
        None if i < 3 or i % 7 == 2 or 1000 <= i < 1040 else float(v) for i, v in enumerate(raw)
    ]
    arr = pa.array(vals, t).slice(offset)
    out = plc.reduce.scan(col(arr), agg.ewma(com, history), ScanType.INCLUSIVE)
    assert out.type() == col(arr).type() and out.null_count() == 0
    rel = 1e-4 if t == pa.float32() else 1e-9
    want = ewm_oracle([None if v is None else float(v) for v in arr.to_pylist()], com, history)
    assert_floats(out.to_arrow().to_pylist(), want, rel)


def test_ewma_scan_empty_no_nulls_and_errors():
    e = plc.reduce.scan(
        col(pa.array([], pa.float64())), agg.ewma(1.0, agg.EWMHistory.FINITE), ScanType.INCLUSIVE
    )
    assert e.size() == 0
    vals = [1.0, 2.0, 4.0, 8.0]
    for h in agg.EWMHistory:
        got = plc.reduce.scan(col(pa.array(vals)), agg.ewma(2.0, h), ScanType.INCLUSIVE)
        assert_floats(got.to_arrow().to_pylist(), ewm_oracle(vals, 2.0, h))
    finite = agg.ewma(1.0, agg.EWMHistory.FINITE)
    with pytest.raises(TypeError, match="scan with EWMA needs FLOAT32 or FLOAT64 values"):
        plc.reduce.scan(col(pa.array([1, 2])), finite, ScanType.INCLUSIVE)
    with pytest.raises(NotImplementedError, match="scan with EWMA is inclusive only"):
        plc.reduce.scan(col(pa.array([1.0])), finite, ScanType.EXCLUSIVE)
    with pytest.raises(ValueError, match="EWMA center_of_mass must be a finite number >= 0"):
        plc.reduce.scan(
            col(pa.array([1.0])), agg.ewma(-1.0, agg.EWMHistory.FINITE), ScanType.INCLUSIVE
        )


def maybe_host(fn):
    """fn(); with device='gpu' host-only work must raise NotImplementedError, and is then
    checked on the host."""
    if ferrodf.get_option("device") != "gpu":
        return fn()
    with pytest.raises(NotImplementedError, match=r"GPU|on the device"):
        fn()
    ferrodf.set_option("device", "cpu")
    try:
        return fn()
    finally:
        ferrodf.set_option("device", "gpu")


@pytest.mark.parametrize("history", list(agg.EWMHistory))
def test_ewma_groupby_scan_vs_pandas(history):
    rng = np.random.default_rng(2)
    n = 300
    keys = pa.array([None if i % 19 == 4 else int(v) for i, v in enumerate(rng.integers(0, 6, n))])
    vals = pa.array([None if i % 6 == 1 else float(v) for i, v in enumerate(rng.normal(0, 5, n))])
    keys, vals = keys.slice(3), vals.slice(3)
    gb = GroupBy(plc.Table([col(keys)]))
    out_keys, (res,) = maybe_host(
        lambda: gb.scan([GroupByRequest(col(vals), [agg.ewma(1.5, history)])])
    )
    got_keys = out_keys.columns()[0].to_arrow().to_pylist()
    got = res.columns()[0].to_arrow().to_pylist()
    # rows come in grouped order, each group's rows in input order
    want = {k: ewm_oracle(v, 1.5, history) for k, (v,) in groups_of(keys, vals.to_pylist()).items()}
    seen: dict = {}
    for k, g in zip(got_keys, got, strict=True):
        i = seen.get(k, 0)
        seen[k] = i + 1
        assert close(g, want[k][i]) or math.isclose(g, want[k][i], rel_tol=1e-9), (k, i)
    assert seen == {k: len(v) for k, v in want.items()}
    with pytest.raises(TypeError, match="groupby: EWMA is not supported for INT64 values"):
        gb.scan([GroupByRequest(col(pa.array(range(len(keys)))), [agg.ewma(1.0, history)])])


@given(
    st.lists(st.one_of(st.none(), st.floats(-1e3, 1e3)), max_size=80),
    st.floats(0, 20),
    st.sampled_from(list(agg.EWMHistory)),
)
@example([1.0, None, 5.0], 1.0, agg.EWMHistory.FINITE)  # pandas 3's com == 1 case: ewm_oracle
def test_ewma_property(vals, com, history):
    ewma = agg.ewma(com, history)
    out = plc.reduce.scan(col(pa.array(vals, pa.float64())), ewma, ScanType.INCLUSIVE)
    assert_floats(out.to_arrow().to_pylist(), ewm_oracle(vals, com, history), 1e-7)


# ---------------------------------------------------------------------------------------
# TDIGEST / MERGE_TDIGEST (host only: a counted fallback in auto mode)
# ---------------------------------------------------------------------------------------


def digests_of(res: plc.Column) -> list:
    """[(centroids [(mean, weight)], min, max)] of a tdigest column."""
    sa = res.to_arrow()
    lists = sa.field(0)
    offs = lists.offsets.to_pylist()
    means, weights = lists.values.field(0).to_pylist(), lists.values.field(1).to_pylist()
    mins, maxs = sa.field(1).to_pylist(), sa.field(2).to_pylist()
    return [
        (
            list(zip(means[offs[i] : offs[i + 1]], weights[offs[i] : offs[i + 1]], strict=True)),
            mins[i],
            maxs[i],
        )
        for i in range(len(sa))
    ]


def approx_percentile(digest, q: float) -> float:
    """percentile_approx from a digest: interpolate between centroid means placed at the
    middle of their weight (min and max at the ends)."""
    cs, lo, hi = digest
    total = sum(w for _, w in cs)
    pts = [(0.0, lo)]
    seen = 0.0
    for m, w in cs:
        pts.append(((seen + w / 2) / total, m))
        seen += w
    pts.append((1.0, hi))
    for (q0, v0), (q1, v1) in itertools.pairwise(pts):
        if q0 <= q <= q1:
            return v0 if q1 == q0 else v0 + (v1 - v0) * (q - q0) / (q1 - q0)
    return hi


def check_digest(digest, xs: list, max_centroids: int):
    cs, lo, hi = digest
    if not xs:
        assert cs == [] and (lo, hi) == (0.0, 0.0)
        return
    assert len(cs) <= max_centroids
    assert sum(w for _, w in cs) == len(xs)
    assert [m for m, _ in cs] == sorted(m for m, _ in cs)
    assert (lo, hi) == (min(xs), max(xs))
    if max_centroids < 100:
        return  # too coarse to read percentiles from
    spread = max(xs) - min(xs) or 1.0
    for q in (0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99):
        # percentile_approx: within a few percent of the range
        assert abs(approx_percentile(digest, q) - np.quantile(xs, q)) <= 0.05 * spread, q


@pytest.mark.parametrize("max_centroids", [10, 100, 1000])
def test_tdigest_groupby_and_merge(max_centroids):
    rng = np.random.default_rng(21)
    n = 3000
    keys = pa.array([None if i % 29 == 3 else int(v) for i, v in enumerate(rng.integers(0, 4, n))])
    vals = pa.array([None if i % 9 == 4 else float(v) for i, v in enumerate(rng.exponential(5, n))])
    keys, vals = keys.slice(2), vals.slice(2)
    gb = GroupBy(plc.Table([col(keys)]))
    req = [GroupByRequest(col(vals), [agg.tdigest(max_centroids)])]
    out_keys, (res,) = maybe_host(lambda: gb.aggregate(req))
    groups = {
        k: [x for x in v if x is not None] for k, (v,) in groups_of(keys, vals.to_pylist()).items()
    }
    ks = out_keys.columns()[0].to_arrow().to_pylist()
    digests = digests_of(res.columns()[0])
    for k, d in zip(ks, digests, strict=True):
        check_digest(d, groups[k], max_centroids)
    # Merging the groups' digests under one key approximates the digest of all values.
    one = GroupBy(plc.Table([col(pa.array([0] * len(ks)))]))
    mreq = [GroupByRequest(res.columns()[0], [agg.merge_tdigest(max_centroids)])]
    _, (merged,) = maybe_host(lambda: one.aggregate(mreq))
    (d,) = digests_of(merged.columns()[0])
    check_digest(d, [x for v in groups.values() for x in v], max_centroids)


def test_tdigest_reduce_empty_and_errors():
    struct = plc.DataType(plc.TypeId.STRUCT)
    xs = [float(v) for v in np.random.default_rng(1).normal(0, 1, 500)]
    arr = pa.array([*xs, None]).slice(1)
    s = maybe_host(lambda: plc.reduce.reduce(col(arr), agg.tdigest(50), struct))
    (d,) = digests_of(plc.Column.from_scalar(s, 1))
    check_digest(d, xs[1:], 50)
    e = maybe_host(
        lambda: plc.reduce.reduce(col(pa.array([], pa.float64())), agg.tdigest(5), struct)
    )
    assert digests_of(plc.Column.from_scalar(e, 1)) == [([], 0.0, 0.0)]
    with pytest.raises(TypeError, match="reduce with TDIGEST needs numeric values and a STRUCT"):
        plc.reduce.reduce(col(arr), agg.tdigest(5), plc.DataType(plc.TypeId.FLOAT64))
    with pytest.raises(ValueError, match="TDIGEST max_centroids must be positive, got 0"):
        maybe_host(lambda: plc.reduce.reduce(col(arr), agg.tdigest(0), struct))
    with pytest.raises(TypeError, match="MERGE_TDIGEST needs tdigest"):
        aggregate(pa.array([1]), pa.array([1.0]), [agg.merge_tdigest(5)])


# ---------------------------------------------------------------------------------------
# property test
# ---------------------------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(0, 4)),
            st.one_of(st.none(), st.integers(-(2**31), 2**31 - 1)),
            st.one_of(st.none(), st.integers(-100, 100)),
        ),
        max_size=50,
    ),
    st.integers(0, 3),
)
def test_bitwise_m2_covariance_property(rows, offset):
    keys = pa.array([r[0] for r in rows], pa.int64()).slice(min(offset, len(rows)))
    x = pa.array([r[1] for r in rows], pa.int32()).slice(min(offset, len(rows)))
    y = pa.array([r[2] for r in rows], pa.int64()).slice(min(offset, len(rows)))
    got = aggregate(keys, x, [agg.bitwise(op) for op in agg.BitwiseOp])
    want = {
        k: [bits_oracle(v, op, pa.int32()) for op in agg.BitwiseOp]
        for k, (v,) in groups_of(keys, x.to_pylist()).items()
    }
    assert got == want
    got = aggregate(keys, y, [agg.m2()])
    want = {k: [m2_oracle(v)] for k, (v,) in groups_of(keys, y.to_pylist()).items()}
    assert_maps(got, want)
    got = aggregate(keys, col(pair_column(x, y)), [agg.covariance(1, 1)])
    groups = groups_of(keys, x.to_pylist(), y.to_pylist())
    for k, (g,) in got.items():
        a, b = groups[k]
        w = co_oracle(a, b, [True] * len(a), "cov", 1)
        assert missing(g) == missing(w), (k, g, w)
        if not missing(g):
            # two-pass rounding: bounded by the magnitudes of the values
            scale = (max(abs(v or 0) for v in a) + 1) * (max(abs(v or 0) for v in b) + 1)
            assert math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-9 * scale), (k, g, w)


def test_is_valid_reduce_aggregation_new_kinds():
    valid = plc.reduce.is_valid_reduce_aggregation
    assert valid(plc.DataType(T.INT16), agg.bitwise(agg.BitwiseOp.XOR))
    assert not valid(plc.DataType(T.FLOAT64), agg.bitwise(agg.BitwiseOp.XOR))
    assert valid(plc.DataType(T.FLOAT64), agg.tdigest(10))
    assert not valid(plc.DataType(T.STRING), agg.tdigest(10))
    assert not valid(plc.DataType(T.FLOAT64), agg.m2())
