"""plc.groupby (and the plc.aggregation factories) against pyarrow's Table.group_by,
pandas (quantiles) and plain-Python loops (argmin/argmax, nth_element, collect_*, scans,
shift, replace_nulls, get_groups).

libcudf leaves the group order unspecified, so results are compared as maps from key to
value (and grouped rows after a stable sort by key)."""

from __future__ import annotations

import datetime
import decimal
import itertools
import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import make_array, type_id
from hypothesis import given
from hypothesis import strategies as st
from order_helpers import struct_keys

import ferrodf
import ferrodf.plc as plc

# Host fallbacks warn in device='auto' on a GPU machine; `maybe_host` checks them instead.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

agg = plc.aggregation
NP = plc.types.NullPolicy
GroupBy, GroupByRequest = plc.groupby.GroupBy, plc.groupby.GroupByRequest

KEY_TYPES = [
    pa.int8(),
    pa.int32(),
    pa.int64(),
    pa.uint16(),
    pa.float64(),
    pa.bool_(),
    pa.timestamp("ms"),
    pa.date32(),
    pa.decimal128(12, 2),
    pa.string(),
    pa.large_string(),
]
VALUE_TYPES = [pa.int8(), pa.int32(), pa.int64(), pa.uint32(), pa.float32(), pa.float64()]


def col(a: pa.Array) -> plc.Column:
    return plc.Column.from_arrow(a)


def key_array(t: pa.DataType, n: int, groups: int, *, seed: int = 0, nulls: bool = True):
    """n keys of type t drawn from `groups` distinct values (every 5th null when asked)."""
    rng = np.random.default_rng(seed)
    ids = [int(v) for v in rng.integers(0, max(groups, 1), n)]

    def conv(v: int):
        if pa.types.is_boolean(t):
            return v % 2 == 1
        if pa.types.is_integer(t):
            return v % 100 if t.bit_width == 8 else v
        if pa.types.is_floating(t):
            # -0.0 and 0.0 are one key.
            return -0.0 if v == 0 and rng.random() < 0.5 else v * 0.5
        if pa.types.is_timestamp(t):
            return v * 1000
        if pa.types.is_date32(t):
            return datetime.date(2000, 1, 1) + datetime.timedelta(days=v)
        if pa.types.is_decimal(t):
            return decimal.Decimal(v).scaleb(-2)
        return f"key-{v}"

    vals = [None if nulls and i % 5 == 3 else conv(v) for i, v in enumerate(ids)]
    return pa.array(vals, t)


def value_array(t: pa.DataType, n: int, *, seed: int = 1, nulls: bool = True):
    """Small values (sums and products stay exact) with every 4th value null."""
    rng = np.random.default_rng(seed)
    if pa.types.is_floating(t):
        raw = [float(np.float32(v)) for v in rng.normal(0, 10, n)]
    elif pa.types.is_boolean(t):
        raw = [bool(v) for v in rng.integers(0, 2, n)]
    else:
        lo = 0 if pa.types.is_unsigned_integer(t) else -50
        raw = [int(v) for v in rng.integers(lo, 50, n)]
    return pa.array([None if nulls and i % 4 == 1 else v for i, v in enumerate(raw)], t)


# What GroupBy.aggregate computes on the device (the rest falls back to the host).
DEVICE_KINDS = {
    "SUM",
    "PRODUCT",
    "ANY",
    "ALL",
    "SUM_OF_SQUARES",
    "MIN",
    "MAX",
    "COUNT_VALID",
    "COUNT_ALL",
    "MEAN",
    "VARIANCE",
    "STD",
}


# Composed on the device from sorts, searches and gathers (core/src/ops/groupby/order_stats.rs).
ORDER_KINDS = {
    "MEDIAN",
    "QUANTILE",
    "NUNIQUE",
    "NTH_ELEMENT",
    "ARGMIN",
    "ARGMAX",
    "COLLECT_LIST",
    "COLLECT_SET",
}


def device_aggregates(vt: pa.DataType, aggs) -> bool:
    """Whether every aggregation of `vt` values has a device path."""
    kinds = {a.kind().name for a in aggs}
    if not kinds <= DEVICE_KINDS | ORDER_KINDS:
        return False
    numeric = pa.types.is_integer(vt) or pa.types.is_floating(vt) or pa.types.is_boolean(vt)
    if kinds & {"MEDIAN", "QUANTILE"} and not numeric:
        return False
    stringy = pa.types.is_string(vt) or pa.types.is_large_string(vt) or pa.types.is_string_view(vt)
    by_order = {"NUNIQUE", "NTH_ELEMENT", "ARGMIN", "ARGMAX", "COLLECT_LIST", "COLLECT_SET"}
    if kinds & by_order and not (
        numeric or pa.types.is_temporal(vt) or stringy or pa.types.is_decimal(vt)
    ):
        return False
    kinds -= ORDER_KINDS
    if not kinds:
        return True
    if pa.types.is_integer(vt) or pa.types.is_floating(vt) or pa.types.is_boolean(vt):
        return True
    small_decimal = pa.types.is_decimal(vt) and vt.bit_width <= 64
    chrono = pa.types.is_temporal(vt) or small_decimal
    return kinds <= (
        {"MIN", "MAX", "COUNT_VALID", "COUNT_ALL"} if chrono else {"COUNT_VALID", "COUNT_ALL"}
    )


def maybe_host(fn, on_device: bool):
    """Call fn. With device='gpu', work without a device path must raise
    NotImplementedError (no silent host fallback); it is then checked on the host."""
    if on_device or ferrodf.get_option("device") != "gpu":
        return fn()
    with pytest.raises(NotImplementedError, match=r"GPU|on the device"):
        fn()
    ferrodf.set_option("device", "cpu")
    try:
        return fn()
    finally:
        ferrodf.set_option("device", "gpu")


def run_agg(keys: list[pa.Array], values: pa.Array, aggs, null_handling=NP.EXCLUDE):
    """ferrodf's result as {key tuple: [value per aggregation]}, and the result types."""
    gb = GroupBy(plc.Table([col(k) for k in keys]), null_handling)
    req = [GroupByRequest(col(values), aggs)]
    # An empty table needs no kernel: every aggregation answers it on any placement.
    on_device = len(values) == 0 or device_aggregates(values.type, aggs)
    out_keys, results = maybe_host(lambda: gb.aggregate(req), on_device)
    ks = [c.to_arrow().to_pylist() for c in out_keys.columns()]
    rs = [c.to_arrow().to_pylist() for c in results[0].columns()]
    assert len(set(zip(*ks, strict=True))) == len(ks[0]), "keys must be distinct"
    got = {k: list(v) for k, v in zip(zip(*ks, strict=True), zip(*rs, strict=True), strict=True)}
    types = [c.type() for c in results[0].columns()]
    return got, types


def pa_oracle(keys: list[pa.Array], values: pa.Array, specs, include_nulls=False):
    """pyarrow's group_by as {key tuple: [value per spec]} (null keys dropped unless asked)."""
    names = [f"k{i}" for i in range(len(keys))]
    # pyarrow hashes -0.0 and 0.0 apart; libcudf compares them equal.
    keys = [
        pa.compute.add(k, pa.scalar(0, k.type)) if pa.types.is_floating(k.type) else k for k in keys
    ]
    t = pa.table({**dict(zip(names, keys, strict=True)), "v": values})
    if not include_nulls:
        for nm in names:
            t = t.filter(pa.compute.is_valid(t[nm]))
    res = t.group_by(names).aggregate([("v", fn, opts) for fn, opts in specs])
    cols = [res[nm].to_pylist() for nm in names]
    # pyarrow puts the aggregates before or after the keys depending on its version.
    outs = [res.column(i).to_pylist() for i, nm in enumerate(res.column_names) if nm not in names]
    return {
        k: list(v) for k, v in zip(zip(*cols, strict=True), zip(*outs, strict=True), strict=True)
    }


def pa_oracle_as(keys, values, specs, out_type):
    """pa_oracle over the int64 storage of `values` (pyarrow has no duration hash kernels),
    with the results converted back to `out_type`."""
    want = pa_oracle(keys, values.cast(pa.int64()), specs)
    return {
        k: [pa.array([x], pa.int64()).cast(out_type)[0].as_py() for x in v] for k, v in want.items()
    }


def same(a, b, abs_tol: float = 1e-6) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) or isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return math.isclose(a, b, rel_tol=1e-5, abs_tol=abs_tol)
    return a == b


def assert_maps_equal(got: dict, want: dict, abs_tol: float = 1e-6):
    assert set(got) == set(want)
    for k, vs in want.items():
        for g, w in zip(got[k], vs, strict=True):
            assert same(g, w, abs_tol), (k, g, w)


# ---------------------------------------------------------------------------------------
# aggregation factories
# ---------------------------------------------------------------------------------------


#: The factories without arguments, each making the Kind of its own name.
PLAIN_FACTORIES = ["sum", "product", "min", "max", "any", "all", "sum_of_squares", "mean"]
PLAIN_FACTORIES += ["std", "median", "argmax", "argmin", "nunique", "collect_list", "collect_set"]


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        *((getattr(agg, name), name.upper()) for name in PLAIN_FACTORIES),
        (lambda: agg.count(NP.INCLUDE), "COUNT_ALL"),
        (agg.count, "COUNT_VALID"),
        (lambda: agg.variance(0), "VARIANCE"),
        (lambda: agg.quantile([0.1, 0.9]), "QUANTILE"),
        (lambda: agg.nth_element(2), "NTH_ELEMENT"),
        (lambda: agg.rank(agg.RankMethod.DENSE), "RANK"),
    ],
)
def test_aggregation_kinds(make, kind):
    a = make()
    assert a.kind() == agg.Kind[kind]
    assert a == make() and hash(a) == hash(make())


def test_aggregation_parameters_distinguish():
    assert agg.variance(0) != agg.variance(1)
    assert agg.collect_set(nulls_equal=plc.types.NullEquality.UNEQUAL) != agg.collect_set()
    assert agg.rank(agg.RankMethod.MIN) != agg.rank(agg.RankMethod.MAX)
    with pytest.raises(ValueError, match="7 is not a valid RankMethod; valid values: FIRST"):
        agg.rank(7)


# ---------------------------------------------------------------------------------------
# aggregate vs pyarrow
# ---------------------------------------------------------------------------------------

PA_SPECS = [
    (agg.sum, ("sum", None)),
    (agg.min, ("min", None)),
    (agg.max, ("max", None)),
    (agg.count, ("count", pa.compute.CountOptions("only_valid"))),
    (lambda: agg.count(NP.INCLUDE), ("count", pa.compute.CountOptions("all"))),
    (agg.mean, ("mean", None)),
    (lambda: agg.variance(1), ("variance", pa.compute.VarianceOptions(ddof=1))),
    (lambda: agg.std(0), ("stddev", pa.compute.VarianceOptions(ddof=0))),
    (agg.nunique, ("count_distinct", pa.compute.CountOptions("only_valid"))),
    (lambda: agg.nunique(NP.INCLUDE), ("count_distinct", pa.compute.CountOptions("all"))),
]


def expected_type(vt: pa.DataType, kind: str) -> plc.TypeId:
    """libcudf's output types (target_type_t)."""
    src = plc.interop.from_arrow(pa.array([], vt)).type().id()
    if kind == "SUM":
        return (
            plc.TypeId.FLOAT32
            if vt == pa.float32()
            else (plc.TypeId.FLOAT64 if vt == pa.float64() else plc.TypeId.INT64)
        )
    if kind in ("MIN", "MAX"):
        return src
    if kind in ("COUNT_VALID", "COUNT_ALL", "NUNIQUE"):
        return plc.TypeId.INT32
    return plc.TypeId.FLOAT64


@pytest.fixture(params=KEY_TYPES, ids=type_id)
def key_type(request):
    return request.param


@pytest.fixture(params=VALUE_TYPES, ids=type_id)
def value_type(request):
    return request.param


@pytest.mark.parametrize("include_nulls", [False, True], ids=["exclude", "include"])
def test_aggregate_vs_pyarrow(key_type, value_type, include_nulls):
    n = 300
    keys = [key_array(key_type, n, 17)]
    vals = value_array(value_type, n)
    aggs = [m() for m, _ in PA_SPECS]
    got, types = run_agg(keys, vals, aggs, NP.INCLUDE if include_nulls else NP.EXCLUDE)
    want = pa_oracle(keys, vals, [s for _, s in PA_SPECS], include_nulls)
    # FLOAT32 sums on the device accumulate in float32 (pyarrow in float64): a sum near
    # zero of values near 100 is off by up to n * eps32 * 100.
    f32 = value_type == pa.float32()
    assert_maps_equal(got, want, abs_tol=1e-3 if f32 else 1e-6)
    for a, t in zip(aggs, types, strict=True):
        assert t.id() == expected_type(value_type, a.kind().name)


@pytest.mark.parametrize("offset", [0, 7])
def test_aggregate_sliced_multi_key(offset):
    n = 200
    k1 = key_array(pa.string(), n + offset, 5, seed=3)[offset:]
    k2 = key_array(pa.int32(), n + offset, 4, seed=4)[offset:]
    k3 = key_array(pa.float32(), n + offset, 3, seed=5, nulls=False)[offset:]
    vals = value_array(pa.int64(), n + offset, seed=6)[offset:]
    specs = PA_SPECS[:6]
    got, _ = run_agg([k1, k2, k3], vals, [m() for m, _ in specs])
    assert_maps_equal(got, pa_oracle([k1, k2, k3], vals, [s for _, s in specs]))
    got, _ = run_agg([k1, k2, k3], vals, [m() for m, _ in specs], NP.INCLUDE)
    assert_maps_equal(got, pa_oracle([k1, k2, k3], vals, [s for _, s in specs], True))


@pytest.mark.parametrize("groups", [1, 10**6], ids=["one-group", "all-distinct"])
def test_aggregate_one_group_and_all_distinct(groups):
    n = 500
    k = pa.array(range(n)) if groups > n else pa.array([7] * n)
    vals = value_array(pa.float64(), n)
    specs = PA_SPECS[:8]
    got, _ = run_agg([k], vals, [m() for m, _ in specs])
    assert_maps_equal(got, pa_oracle([k], vals, [s for _, s in specs]))


def sums_by_key(keys, values, term=lambda v: v):
    """The plain-Python oracle of a grouped sum of ``term(value)``: ``[sum]`` for each
    non-null key of ``keys[0]``, ``[None]`` where all its values are null."""
    want = {}
    for k, v in zip(keys[0].to_pylist(), values.to_pylist(), strict=True):
        if k is not None:
            want.setdefault((k,), [None])
            if v is not None:
                want[(k,)][0] = (want[(k,)][0] or 0) + term(v)
    return want


def test_aggregate_empty_and_all_null():
    k = pa.array([], pa.int64())
    got, types = run_agg([k], pa.array([], pa.float64()), [agg.sum(), agg.count(), agg.mean()])
    assert got == {}
    assert [t.id() for t in types] == [plc.TypeId.FLOAT64, plc.TypeId.INT32, plc.TypeId.FLOAT64]
    k = pa.array([1, 2, 1])
    v = pa.array([None, None, None], pa.int32())
    got, _ = run_agg([k], v, [agg.sum(), agg.count(), agg.min(), agg.mean(), agg.std()])
    assert got == {(1,): [None, 0, None, None, None], (2,): [None, 0, None, None, None]}
    # Every key null and excluded: no groups at all.
    got, _ = run_agg([pa.array([None, None], pa.int64())], pa.array([1, 2]), [agg.sum()])
    assert got == {}


@pytest.mark.parametrize("vt", [pa.bool_(), pa.int16()], ids=type_id)
def test_any_all_product_sum_of_squares(vt):
    n = 120
    keys = [key_array(pa.int64(), n, 6)]
    vals = value_array(vt, n, seed=9)
    if vt == pa.bool_():
        specs = [(agg.any, ("any", None)), (agg.all, ("all", None))]
    else:
        vals = pa.array([None if v is None else v % 3 for v in vals.to_pylist()], vt)
        specs = [(agg.product, ("product", None))]
    got, _ = run_agg(keys, vals, [m() for m, _ in specs])
    assert_maps_equal(got, pa_oracle(keys, vals, [s for _, s in specs]))
    got, types = run_agg(keys, vals, [agg.sum_of_squares()])
    assert got == sums_by_key(keys, vals, lambda v: int(v) * int(v))
    assert types[0].id() == plc.TypeId.INT64


def test_min_max_strings_timestamps_decimals():
    n = 150
    keys = [key_array(pa.int32(), n, 9, seed=2)]
    for vt in [pa.string(), pa.timestamp("us"), pa.decimal128(20, 3), pa.duration("ms")]:
        vals = make_array(vt, n, seed=4)
        specs = [(agg.min, ("min", None)), (agg.max, ("max", None))]
        got, types = run_agg(keys, vals, [m() for m, _ in specs])
        if pa.types.is_duration(vt):
            want = pa_oracle_as(keys, vals, [s for _, s in specs], vt)
        else:
            want = pa_oracle(keys, vals, [s for _, s in specs])
        assert_maps_equal(got, want)
        assert all(t == plc.Column.from_arrow(vals).type() for t in types)


def test_sum_mean_duration_and_decimal():
    n = 80
    keys = [key_array(pa.int32(), n, 5, seed=2)]
    vals = pa.array([None if i % 6 == 0 else i * 1000 for i in range(n)], pa.duration("ms"))
    got, types = run_agg(keys, vals, [agg.sum(), agg.mean()])
    want = pa_oracle_as(keys, vals, [("sum", None)], vals.type)
    sums = {k: v[:1] for k, v in got.items()}
    assert_maps_equal(sums, want)
    # MEAN of durations keeps the type (integer division, truncating toward zero).
    counts = pa_oracle(keys, vals.cast(pa.int64()), [("sum", None), ("count", None)])
    for k, (s_, c) in counts.items():
        want_mean = (
            None if not c else pa.array([int(s_ / c)], pa.int64()).cast(vals.type)[0].as_py()
        )
        assert got[k][1] == want_mean
    assert [t for t in types] == [plc.Column.from_arrow(vals).type()] * 2
    d = pa.array(
        [None if i % 6 == 0 else decimal.Decimal(i).scaleb(-2) for i in range(n)],
        pa.decimal128(12, 2),
    )
    if hasattr(pa, "decimal64"):
        d = d.cast(pa.decimal64(12, 2))
    got, _ = run_agg(keys, d, [agg.sum()])
    assert got == sums_by_key(keys, d)


# ---------------------------------------------------------------------------------------
# order-based aggregations vs pandas and Python loops
# ---------------------------------------------------------------------------------------


def groups_of(keys: list[pa.Array], vals: pa.Array, include_nulls=False):
    """{key tuple: [(row, value)]} in row order."""
    out: dict = {}
    ks = [k.to_pylist() for k in keys]
    for i, v in enumerate(vals.to_pylist()):
        key = tuple(k[i] for k in ks)
        if not include_nulls and any(x is None for x in key):
            continue
        out.setdefault(key, []).append((i, v))
    return out


@pytest.mark.parametrize("interp", list(plc.types.Interpolation), ids=lambda i: i.name)
def test_quantile_and_median_vs_pandas(interp):
    n = 250
    keys = [key_array(pa.int32(), n, 8, seed=11)]
    vals = value_array(pa.float64(), n, seed=12)
    qs = [0.0, 0.25, 0.5, 0.9, 1.0]
    gb = GroupBy(plc.Table([col(keys[0])]))
    req = [GroupByRequest(col(vals), [agg.quantile(qs, interp), agg.median()])]
    out_keys, res = maybe_host(lambda: gb.aggregate(req), True)  # a device path
    ks = out_keys.columns()[0].to_arrow().to_pylist()
    q = res[0].columns()[0].to_arrow().to_pylist()
    med = res[0].columns()[1].to_arrow().to_pylist()
    assert len(q) == len(ks) and res[0].columns()[0].type().id() == plc.TypeId.LIST
    df = pd.DataFrame({"k": keys[0].to_pandas(), "v": vals.to_pandas()}).dropna(subset=["k"])
    method = interp.name.lower()
    for gi, k in enumerate(ks):
        sub = df[df.k == k].v.dropna()
        for j, qq in enumerate(qs):
            assert same(q[gi][j], float(sub.quantile(qq, interpolation=method)))
        assert same(med[gi], float(sub.median()))
    # One quantile: a FLOAT64 column.
    req = [GroupByRequest(col(vals), [agg.quantile([0.3], interp)])]
    _, res = maybe_host(lambda: gb.aggregate(req), True)
    one = res[0].columns()[0]
    assert one.type().id() == plc.TypeId.FLOAT64
    for gi, k in enumerate(ks):
        sub = df[df.k == k].v.dropna()
        assert same(one.to_arrow()[gi].as_py(), float(sub.quantile(0.3, interpolation=method)))


def test_argmin_argmax_nth_collect_vs_loop():
    n = 160
    keys = [key_array(pa.string(), n, 7, seed=21)]
    vals = value_array(pa.int32(), n, seed=22)
    aggs = [
        agg.argmin(),
        agg.argmax(),
        agg.nth_element(0),
        agg.nth_element(-1),
        agg.nth_element(2, NP.EXCLUDE),
        agg.nth_element(100),
        agg.collect_list(),
        agg.collect_list(NP.EXCLUDE),
        agg.collect_set(),
        agg.collect_set(NP.EXCLUDE),
    ]
    got, types = run_agg(keys, vals, aggs)
    assert [t.id() for t in types[:2]] == [plc.TypeId.INT32, plc.TypeId.INT32]
    assert types[6].id() == plc.TypeId.LIST
    for key, rows in groups_of(keys, vals).items():
        valid = [(i, v) for i, v in rows if v is not None]
        r = got[key]
        lo = min(v for _, v in valid) if valid else None
        hi = max(v for _, v in valid) if valid else None
        assert r[0] == next((i for i, v in valid if v == lo), None)
        assert r[1] == next((i for i, v in valid if v == hi), None)
        assert r[2] == rows[0][1]
        assert r[3] == rows[-1][1]
        assert r[4] == (valid[2][1] if len(valid) > 2 else None)
        assert r[5] is None
        assert r[6] == [v for _, v in rows]
        assert r[7] == [v for _, v in valid]
        has_null = len(valid) < len(rows)
        assert r[8] == sorted({v for _, v in valid}) + ([None] if has_null else [])
        assert r[9] == sorted({v for _, v in valid})


def _rank_key(v):
    """The order sorts use: NaN above every number (and equal to other NaNs)."""
    if isinstance(v, float) and math.isnan(v):
        return (1, 0.0)
    return (0, v)


def _first_arg(valid, largest: bool):
    """Row of the first smallest / largest value; NaN only when nothing else is there."""
    numbers = [(i, v) for i, v in valid if not (isinstance(v, float) and math.isnan(v))]
    pool = numbers or valid
    best = (max if largest else min)(_rank_key(v) for _, v in pool)
    return next(i for i, v in pool if _rank_key(v) == best)


@pytest.mark.parametrize("offset", [0, 5])
@pytest.mark.parametrize(
    "vt",
    [pa.float64(), pa.string(), pa.timestamp("us"), pa.decimal128(30, 3), pa.decimal128(12, 2)],
    ids=lambda t: str(t),
)
def test_argminmax_collect_vs_loop_nan_strings_sliced(vt, offset):
    n = 180
    rng = np.random.default_rng(31)
    if vt == pa.float64():
        pool = [1.5, -2.0, float("nan"), 0.0, 7.25, float("inf")]
    elif vt == pa.string():
        pool = ["b", "a", "", "zz", "ab", "é"]
    elif pa.types.is_decimal(vt):
        # Both halves of a DECIMAL128 matter: values beyond 64 bits and negative ones.
        big = 10**20 if vt.precision > 20 else 10**7
        pool = [decimal.Decimal(x).scaleb(-vt.scale) for x in [5, -big, 0, big, -3, 5]]
    else:
        pool = [0, 10**12, -(10**9), 5, 77, 3]
    raw = [None if i % 5 == 2 else pool[int(j)] for i, j in enumerate(rng.integers(0, 6, n))]
    vals = pa.array(raw, vt)[offset:]
    keys = [key_array(pa.int64(), n, 9, seed=32)[offset:]]
    aggs = [agg.argmin(), agg.argmax(), agg.collect_list(), agg.collect_set(NP.EXCLUDE)]
    got, _ = run_agg(keys, vals, aggs)
    py = vals.to_pylist()
    for key, rows in groups_of(keys, vals).items():
        valid = [(i, v) for i, v in rows if v is not None]
        r = got[key]
        if valid:
            assert r[0] == _first_arg(valid, largest=False)
            assert r[1] == _first_arg(valid, largest=True)
            assert py[r[0]] is not None
        else:
            assert r[0] is None and r[1] is None
        got_list = r[2]
        assert len(got_list) == len(rows)
        for a, (_, b) in zip(got_list, rows, strict=True):
            assert a == b or (a != a and b != b)  # NaN equals NaN here
        distinct = sorted({_rank_key(v) for _, v in valid})
        want_set = [float("nan") if k[0] else k[1] for k in distinct]
        assert len(r[3]) == len(want_set)
        for a, b in zip(r[3], want_set, strict=True):
            assert a == b or (a != a and b != b)


def test_collect_set_null_and_nan_equality():
    k = pa.array([1, 1, 1, 1, 1, 2])
    v = pa.array([None, float("nan"), None, float("nan"), 1.0, None])
    ne, nae = plc.types.NullEquality, plc.types.NanEquality
    got, _ = run_agg(
        [k],
        v,
        [agg.collect_set(NP.INCLUDE, ne.UNEQUAL, nae.UNEQUAL), agg.collect_set()],
    )
    for key in ((1,), (2,)):
        rows = [x for kk, x in zip(k.to_pylist(), v.to_pylist(), strict=True) if (kk,) == key]
        unequal, equal = got[key]
        assert _canonical(unequal) == _canonical(set_oracle(rows, False, False))
        assert _canonical(equal) == _canonical(set_oracle(rows, True, True))


def set_oracle(values: list, nulls_equal: bool, nans_equal: bool) -> list:
    """collect_set's distinct values in a Python loop: a null (a NaN) repeats an earlier
    one only when nulls (NaNs) compare equal; other values by ==."""

    def is_nan(x):
        return isinstance(x, float) and math.isnan(x)

    out: list = []
    for x in values:
        if x is None:
            seen = nulls_equal and any(y is None for y in out)
        elif is_nan(x):
            seen = nans_equal and any(is_nan(y) for y in out)
        else:
            seen = any(y is not None and not is_nan(y) and y == x for y in out)
        if not seen:
            out.append(x)
    return out


def _canonical(values: list) -> list[str]:
    """A set's values in one order (numbers, NaN, null) as reprs, so NaN equals NaN."""
    return sorted(repr(x) for x in values)


# ---------------------------------------------------------------------------------------
# scan, shift, replace_nulls, get_groups
# ---------------------------------------------------------------------------------------


def grouped_rows(out_keys: plc.Table, cols: list[plc.Column]):
    """Rows (key tuple, values...) of grouped outputs, stably sorted by key: groups are
    contiguous and keep their row order, so this matches the oracle's order."""
    ks = [c.to_arrow().to_pylist() for c in out_keys.columns()]
    vs = [c.to_arrow().to_pylist() for c in cols]
    rows = list(zip(zip(*ks, strict=True), *vs, strict=True))
    # Groups must be contiguous.
    seen, prev = set(), object()
    for r in rows:
        if r[0] != prev:
            assert r[0] not in seen, "groups must be contiguous"
            seen.add(r[0])
            prev = r[0]
    return sorted(rows, key=lambda r: tuple((x is None, str(x)) for x in r[0]))


def sort_expected(groups: dict, per_group):
    out = []
    for key in sorted(groups, key=lambda k: tuple((x is None, str(x)) for x in k)):
        out.extend((key, *vals) for vals in per_group(groups[key]))
    return out


def running(rows, f, init):
    acc, out = init, []
    for _, v in rows:
        if v is not None:
            acc = f(acc, v) if acc is not None else v
        out.append(None if v is None else acc)
    return out


@pytest.mark.parametrize("offset", [0, 5])
@pytest.mark.parametrize("include_nulls", [False, True], ids=["exclude", "include"])
def test_scan_vs_loop(offset, include_nulls):
    n = 140
    k = key_array(pa.int64(), n + offset, 6, seed=31)[offset:]
    v = value_array(pa.int32(), n + offset, seed=32)[offset:]
    nh = NP.INCLUDE if include_nulls else NP.EXCLUDE
    gb = GroupBy(plc.Table([col(k)]), nh)
    aggs = [agg.sum(), agg.min(), agg.max(), agg.count(NP.INCLUDE), agg.count(NP.EXCLUDE)]
    out_keys, res = maybe_host(lambda: gb.scan([GroupByRequest(col(v), aggs)]), True)
    # COUNT and integer SUM scans run on the device (a global scan); MIN and MAX too (one
    # thread per group).
    dev_aggs = [agg.sum(), agg.count(NP.INCLUDE), agg.count(NP.EXCLUDE)]
    dk, dres = gb.scan([GroupByRequest(col(v), dev_aggs)])
    assert grouped_rows(dk, dres[0].columns()) == [
        (r[0], r[1], r[4], r[5]) for r in grouped_rows(out_keys, res[0].columns())
    ]
    assert res[0].columns()[0].type().id() == plc.TypeId.INT64
    got = grouped_rows(out_keys, res[0].columns())

    def per_group(rows):
        s = running(rows, lambda a, b: a + b, None)
        lo = running(rows, min, None)
        hi = running(rows, max, None)
        call = list(range(1, len(rows) + 1))
        cvalid, c = [], 0
        for _, x in rows:
            c += x is not None
            cvalid.append(c)
        return zip(s, lo, hi, call, cvalid, strict=True)

    assert got == sort_expected(groups_of([k], v, include_nulls), per_group)


@pytest.mark.parametrize("vt", [pa.float64(), pa.float32(), pa.int16(), pa.uint8()], ids=str)
def test_running_scans_vs_loop(vt):
    """SUM, PRODUCT, MIN and MAX scans walk each group in order on the device, so float
    sums and products are the same bits as a sequential loop."""
    n = 150
    k = key_array(pa.int32(), n, 9, seed=51)
    v = value_array(vt, n, seed=52)
    gb = GroupBy(plc.Table([col(k)]))
    aggs = [agg.sum(), agg.product(), agg.min(), agg.max()]
    out_keys, res = maybe_host(lambda: gb.scan([GroupByRequest(col(v), aggs)]), True)
    got = grouped_rows(out_keys, res[0].columns())
    types = [c.type().id() for c in res[0].columns()]
    np_t = {plc.TypeId.FLOAT32: np.float32, plc.TypeId.FLOAT64: np.float64}

    def per_group(rows):
        # Float results: the loop in the output type (FLOAT32 stays float32).
        cols = []
        for f, t in zip([np.add, np.multiply, np.minimum, np.maximum], types, strict=True):
            cast, acc, out = np_t[t], None, []
            for _, x in rows:
                if x is not None:
                    acc = cast(x) if acc is None else f(acc, cast(x))
                out.append(None if x is None else acc)
            cols.append(out)
        return zip(*cols, strict=True)

    if vt in (pa.int16(), pa.uint8()):
        # Integer sums and products wrap in the INT64/UINT64 output: compare the order
        # statistics, and the sums against a wrapping loop.
        got_minmax = [(r[0], r[3], r[4]) for r in got]
        want = sort_expected(
            groups_of([k], v),
            lambda rows: zip(running(rows, min, None), running(rows, max, None), strict=True),
        )
        assert got_minmax == want
        want_sum = sort_expected(
            groups_of([k], v), lambda rows: ((s,) for s in running(rows, lambda a, b: a + b, None))
        )
        assert [(r[0], r[1]) for r in got] == want_sum
        return
    want = sort_expected(groups_of([k], v), per_group)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g[0] == w[0]
        for a, b in zip(g[1:], w[1:], strict=True):
            assert (a is None and b is None) or float(a) == float(b), (g, w)


def loop_rank(vals, method, descending, include_nulls, nulls_first, pct):
    idx = [i for i, x in enumerate(vals) if include_nulls or x is not None]

    def key(i):
        x = vals[i]
        if x is None:
            return (0 if nulls_first else 2, 0)
        return (1, -x if descending else x)

    order = sorted(idx, key=key)
    out = [None] * len(vals)
    dense = 0
    a = 0
    while a < len(order):
        b = a
        while b < len(order) and key(order[b]) == key(order[a]):
            b += 1
        dense += 1
        for t in range(a, b):
            out[order[t]] = {
                "FIRST": t + 1,
                "MIN": a + 1,
                "MAX": b,
                "AVERAGE": (a + 1 + b) / 2,
                "DENSE": dense,
            }[method]
        a = b
    total = dense if method == "DENSE" else len(order)
    if pct == "ONE_NORMALIZED":
        out = [None if r is None else r / total for r in out]
    elif pct == "ZERO_NORMALIZED":
        out = [None if r is None else ((r - 1) / (total - 1) if total > 1 else 0.0) for r in out]
    return out


@pytest.mark.parametrize("method", list(agg.RankMethod), ids=lambda m: m.name)
@pytest.mark.parametrize("order", list(plc.types.Order), ids=lambda o: o.name)
@pytest.mark.parametrize("null_order", list(plc.types.NullOrder), ids=lambda o: o.name)
@pytest.mark.parametrize("vt", [pa.int64(), pa.float64(), pa.decimal128(25, 2)], ids=str)
def test_rank_scan_vs_loop(method, order, null_order, vt):
    n = 90
    k = key_array(pa.string(), n, 4, seed=41, nulls=False)
    # Ties either way; decimals reach past 64 bits.
    if vt == pa.float64():
        scale = 0.5
    elif pa.types.is_decimal(vt):
        scale = decimal.Decimal(10**19)
    else:
        scale = 1
    v = pa.array(
        [
            None if i % 7 == 2 else int(x) * scale
            for i, x in enumerate(np.random.default_rng(42).integers(0, 6, n))
        ],
        vt,
    )
    gb = GroupBy(plc.Table([col(k)]))
    pcts = list(agg.RankPercentage)
    aggs = [agg.rank(method, order, nh, null_order, p) for nh in NP for p in pcts]
    # A device path (composed from sorts and searches, core/src/ops/groupby/rank.rs).
    out_keys, res = maybe_host(lambda: gb.scan([GroupByRequest(col(v), aggs)]), True)
    got = grouped_rows(out_keys, res[0].columns())
    desc = order == plc.types.Order.DESCENDING
    nulls_first = (null_order == plc.types.NullOrder.BEFORE) != desc

    def per_group(rows):
        vals = [x for _, x in rows]
        cols = [
            loop_rank(vals, method.name, desc, nh == NP.INCLUDE, nulls_first, p.name)
            for nh in NP
            for p in pcts
        ]
        return zip(*cols, strict=True)

    want = sort_expected(groups_of([k], v), per_group)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g[0] == w[0]
        assert all(same(a, b) for a, b in zip(g[1:], w[1:], strict=True)), (g, w)


@pytest.mark.parametrize("include_nulls", [False, True], ids=["exclude", "include"])
def test_get_groups_shift_replace_nulls(include_nulls):
    n = 100
    k = key_array(pa.string(), n, 5, seed=51)
    v1 = value_array(pa.int64(), n, seed=52)
    v2 = make_array(pa.string(), n, seed=53)
    nh = NP.INCLUDE if include_nulls else NP.EXCLUDE
    gb = GroupBy(plc.Table([col(k)]), nh)
    groups = groups_of([k], v1, include_nulls)

    offsets, gkeys, gvals = gb.get_groups(plc.Table([col(v1), col(v2)]))
    assert offsets[0] == 0 and offsets[-1] == sum(len(r) for r in groups.values())
    assert len(offsets) == len(groups) + 1
    ks = gkeys.columns()[0].to_arrow().to_pylist()
    for a, b in itertools.pairwise(offsets):
        assert len(set(ks[a:b])) == 1 and b - a == len(groups[(ks[a],)])
    got = grouped_rows(gkeys, gvals.columns())
    v2l = v2.to_pylist()
    assert got == sort_expected(groups, lambda rows: [(x, v2l[i]) for i, x in rows])
    off2, gk2, none = gb.get_groups()
    assert off2 == offsets and none is None
    assert gk2.columns()[0].to_arrow().to_pylist() == ks

    fill1 = plc.Scalar.from_arrow(pa.scalar(-1, pa.int64()))
    fill2 = plc.Scalar.from_arrow(pa.scalar(None, pa.string()))
    sk, sv = gb.shift(plc.Table([col(v1), col(v2)]), [2, -1], [fill1, fill2])
    got = grouped_rows(sk, sv.columns())

    def shifted(rows):
        a = [x for _, x in rows]
        b = [v2l[i] for i, _ in rows]
        s1 = [a[t - 2] if t - 2 >= 0 else -1 for t in range(len(a))]
        s2 = [b[t + 1] if t + 1 < len(b) else None for t in range(len(b))]
        return zip(s1, s2, strict=True)

    assert got == sort_expected(groups, shifted)

    pol = plc.replace.ReplacePolicy
    rk, rv = gb.replace_nulls(plc.Table([col(v1), col(v1)]), [pol.PRECEDING, pol.FOLLOWING])
    got = grouped_rows(rk, rv.columns())

    def filled(rows):
        a = [x for _, x in rows]
        fwd, last = [], None
        for x in a:
            last = x if x is not None else last
            fwd.append(last)
        bwd, last = [], None
        for x in reversed(a):
            last = x if x is not None else last
            bwd.append(last)
        return zip(fwd, reversed(bwd), strict=True)

    assert got == sort_expected(groups, filled)


# ---------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------


def test_errors():
    keys = plc.Table([col(pa.array([1, 2, 3]))])
    gb = GroupBy(keys)
    with pytest.raises(ValueError, match=r"groupby\.aggregate: the values have 2 rows but the"):
        gb.aggregate([GroupByRequest(col(pa.array([1, 2])), [agg.sum()])])
    with pytest.raises(TypeError, match="groupby: SUM is not supported for STRING values"):
        gb.aggregate([GroupByRequest(col(pa.array(["a", "b", "c"])), [agg.sum()])])
    with pytest.raises(TypeError, match="GroupByRequest: aggregations must hold"):
        gb.aggregate([GroupByRequest(col(pa.array([1, 2, 3])), ["sum"])])
    with pytest.raises(ValueError, match=r"RANK is a scan aggregation: use GroupBy\.scan, not"):
        gb.aggregate([GroupByRequest(col(pa.array([1, 2, 3])), [agg.rank(agg.RankMethod.MIN)])])
    with pytest.raises(ValueError, match=r"quantile 1\.5 is outside \[0, 1\]; pass fractions"):
        gb.aggregate([GroupByRequest(col(pa.array([1.0, 2, 3])), [agg.quantile([1.5])])])
    # the host path's message, or in gpu mode the device path's refusal
    scans = "groupby scan supports SUM, PRODUCT, MIN, MAX|groupby.scan has no GPU implementation"
    with pytest.raises(NotImplementedError, match=scans):
        maybe_host(
            lambda: gb.scan([GroupByRequest(col(pa.array([1, 2, 3])), [agg.median()])]), True
        )
    with pytest.raises(ValueError, match=r"groupby\.shift: 1 value columns need 1 offsets and"):
        gb.shift(plc.Table([col(pa.array([1, 2, 3]))]), [1, 2], [])
    with pytest.raises(TypeError, match=r"groupby\.shift: the fill value is STRING but the"):
        gb.shift(
            plc.Table([col(pa.array([1, 2, 3]))]),
            [1],
            [plc.Scalar.from_arrow(pa.scalar("x"))],
        )
    with pytest.raises(ValueError, match=r"groupby\.replace_nulls: 1 value columns need as"):
        gb.replace_nulls(plc.Table([col(pa.array([1, 2, 3]))]), [])
    with pytest.raises(ValueError, match="groupby needs at least one key column; pass a"):
        GroupBy(plc.Table([]))
    with pytest.raises(
        NotImplementedError, match="groupby keys of type LIST are not supported; use"
    ):
        GroupBy(plc.Table([col(pa.array([[1], [2]]))]))


# ---------------------------------------------------------------------------------------
# property tests
# ---------------------------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(-3, 3)),
            st.one_of(st.none(), st.text(alphabet="ab", max_size=2)),
            st.one_of(st.none(), st.integers(-1000, 1000)),
        ),
        max_size=60,
    ),
    st.booleans(),
)
def test_aggregate_property(rows, include_nulls):
    k1 = pa.array([r[0] for r in rows], pa.int64())
    k2 = pa.array([r[1] for r in rows], pa.string())
    v = pa.array([r[2] for r in rows], pa.int64())
    specs = PA_SPECS[:6] + PA_SPECS[8:9]
    got, _ = run_agg(
        [k1, k2], v, [m() for m, _ in specs], NP.INCLUDE if include_nulls else NP.EXCLUDE
    )
    assert_maps_equal(got, pa_oracle([k1, k2], v, [s for _, s in specs], include_nulls))


@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.one_of(st.none(), st.floats(-100, 100, width=32))),
        max_size=60,
    )
)
def test_float_aggregate_property(rows):
    k = pa.array([r[0] for r in rows], pa.int32())
    v = pa.array([r[1] for r in rows], pa.float32())
    specs = [PA_SPECS[i] for i in (0, 1, 2, 5, 6)]
    got, _ = run_agg([k], v, [m() for m, _ in specs])
    assert_maps_equal(got, pa_oracle([k], v, [s for _, s in specs]))


# STRUCT keys: rows group as libcudf compares nested rows; with NullPolicy.EXCLUDE only a
# null in a top-level key column leaves a row out (a null field of a valid struct groups
# with the other nulls of that field).


def _named(a: pa.Array, t: pa.DataType) -> pa.Array:
    """A plc STRUCT result (its fields come back unnamed) with the field names of `t`."""
    if pa.types.is_list(t):
        return pa.ListArray.from_arrays(
            a.offsets, _named(a.values, t.value_type), type=t, mask=a.is_null()
        )
    if not pa.types.is_struct(t):
        return a
    kids = [_named(k, t.field(i).type) for i, k in enumerate(a.flatten())]
    return pa.StructArray.from_arrays(kids, fields=list(t), mask=a.is_null())


def _struct_rows(c: plc.Column, t: pa.DataType) -> list:
    return _named(c.to_arrow(), t).to_pylist()


def _hashable(v):
    if isinstance(v, dict):
        return tuple((k, _hashable(x)) for k, x in v.items())
    return v


def _oracle_groups(keys: list[list], include_nulls: bool) -> dict:
    """Key row -> the row numbers of its group, in first-appearance order."""
    groups: dict = {}
    for i, row in enumerate(zip(*keys, strict=True)):
        if not include_nulls and any(v is None for v in row):
            continue
        groups.setdefault(tuple(_hashable(v) for v in row), []).append(i)
    return groups


@pytest.mark.parametrize("nh", [NP.INCLUDE, NP.EXCLUDE])
@pytest.mark.parametrize("offset", [0, 5])
def test_struct_keys_aggregate(nh, offset):
    n = 60
    skeys = struct_keys(3, n + offset).slice(offset)
    other = pa.array([None if i % 11 == 0 else i % 2 for i in range(n + offset)]).slice(offset)
    vals = pa.array([float(i) if i % 7 else None for i in range(n + offset)]).slice(offset)
    gb = GroupBy(plc.Table([col(skeys), col(other)]), nh)
    req = [GroupByRequest(col(vals), [agg.sum(), agg.count(plc.types.NullPolicy.INCLUDE)])]
    keys, (res,) = gb.aggregate(req)
    got = {
        (_hashable(a), b): (s, c)
        for a, b, s, c in zip(
            _struct_rows(keys.columns()[0], skeys.type),
            keys.columns()[1].to_arrow().to_pylist(),
            res.columns()[0].to_arrow().to_pylist(),
            res.columns()[1].to_arrow().to_pylist(),
            strict=True,
        )
    }
    v = vals.to_pylist()
    expected = {}
    for k, rows in _oracle_groups([skeys.to_pylist(), other.to_pylist()], nh == NP.INCLUDE).items():
        present = [v[r] for r in rows if v[r] is not None]
        expected[k] = (sum(present) if present else None, len(rows))
    assert got == expected
    assert keys.columns()[0].type().id() == plc.TypeId.STRUCT


@pytest.mark.parametrize("nh", [NP.INCLUDE, NP.EXCLUDE])
def test_struct_keys_get_groups_and_scan(nh):
    skeys = struct_keys(4, 50)
    vals = pa.array(list(range(50)), pa.int64())
    gb = GroupBy(plc.Table([col(skeys)]), nh)
    offsets, _, grouped = gb.get_groups(plc.Table([col(vals)]))
    grouped_vals = grouped.columns()[0].to_arrow().to_pylist()
    got = sorted(sorted(grouped_vals[a:b]) for a, b in itertools.pairwise(offsets))
    expected = sorted(_oracle_groups([skeys.to_pylist()], nh == NP.INCLUDE).values())
    assert got == expected
    # A running count numbers each group's rows 1, 2, ...
    keys, (res,) = gb.scan([GroupByRequest(col(vals), [agg.count(plc.types.NullPolicy.INCLUDE)])])
    kl = [_hashable(k) for k in _struct_rows(keys.columns()[0], skeys.type)]
    counts = res.columns()[0].to_arrow().to_pylist()
    seen: dict = {}
    for k, c in zip(kl, counts, strict=True):
        seen[k] = seen.get(k, 0) + 1
        assert c == seen[k]
    assert {
        k: len(r) for k, r in _oracle_groups([skeys.to_pylist()], nh == NP.INCLUDE).items()
    } == {(k,): c for k, c in seen.items()}


def test_struct_keys_sorted_aggregate_and_empty():
    skeys = struct_keys(5, 30)
    vals = pa.array([1] * 30, pa.int64())
    gb = GroupBy(plc.Table([col(skeys)]), NP.INCLUDE)
    empty = GroupBy(plc.Table([col(skeys.slice(0, 0))]), NP.EXCLUDE)
    k, (r,) = empty.aggregate([GroupByRequest(col(vals.slice(0, 0)), [agg.sum()])])
    assert k.num_rows() == 0 and r.num_rows() == 0
    assert k.columns()[0].type().id() == plc.TypeId.STRUCT
    k, (r,) = gb.aggregate([GroupByRequest(col(vals), [agg.sum()])])
    assert sum(r.columns()[0].to_arrow().to_pylist()) == 30


def test_list_keys_are_refused():
    keys = pa.array([[1], [2]])
    with pytest.raises(NotImplementedError, match="groupby keys of type"):
        GroupBy(plc.Table([col(keys)]))


def _nested_values(kind: str, n: int, seed: int) -> pa.Array:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.2:
            out.append(None)
        elif kind == "list":
            out.append(
                [
                    None if rng.random() < 0.2 else int(x)
                    for x in rng.integers(0, 3, rng.integers(0, 3))
                ]
            )
        else:
            out.append(
                {
                    "a": None if rng.random() < 0.2 else int(rng.integers(0, 3)),
                    "b": str(rng.choice(["p", "q"])),
                }
            )
    t = (
        pa.list_(pa.int32())
        if kind == "list"
        else pa.struct([("a", pa.int32()), ("b", pa.string())])
    )
    return pa.array(out, t)


@pytest.mark.parametrize("kind", ["list", "struct"])
@pytest.mark.parametrize("offset", [0, 4])
def test_collect_and_nth_of_nested_values(kind, offset):
    n = 40
    keys = pa.array([i % 3 if i % 9 else None for i in range(n + offset)], pa.int64()).slice(offset)
    vals = _nested_values(kind, n + offset, 7).slice(offset)
    gb = GroupBy(plc.Table([col(keys)]), NP.EXCLUDE)
    aggs = [
        agg.collect_list(plc.types.NullPolicy.INCLUDE),
        agg.collect_list(plc.types.NullPolicy.EXCLUDE),
        agg.nth_element(1, plc.types.NullPolicy.INCLUDE),
        agg.nth_element(-1, plc.types.NullPolicy.EXCLUDE),
    ]
    # Sets of nested values compare rows on the host (a counted fallback on the GPU).
    collect_set = agg.collect_set(
        plc.types.NullPolicy.INCLUDE, plc.types.NullEquality.EQUAL, plc.types.NanEquality.ALL_EQUAL
    )
    k, (res,) = maybe_host(lambda: gb.aggregate([GroupByRequest(col(vals), aggs)]), True)
    k2, (res2,) = maybe_host(
        lambda: gb.aggregate([GroupByRequest(col(vals), [collect_set])]), False
    )
    kl = k.columns()[0].to_arrow().to_pylist()
    lt = pa.list_(vals.type)
    types = [lt, lt, vals.type, vals.type]
    got = [_struct_rows(c, t) for c, t in zip(res.columns(), types, strict=True)]
    sets = dict(
        zip(
            k2.columns()[0].to_arrow().to_pylist(),
            _struct_rows(res2.columns()[0], lt),
            strict=True,
        )
    )
    v = vals.to_pylist()
    rows: dict = {}
    for i, key in enumerate(keys.to_pylist()):
        if key is not None:
            rows.setdefault(key, []).append(v[i])
    for j, key in enumerate(kl):
        grp = rows[key]
        valid = [x for x in grp if x is not None]
        assert got[0][j] == grp
        assert got[1][j] == valid
        assert got[2][j] == (grp[1] if len(grp) > 1 else None)
        assert got[3][j] == (valid[-1] if valid else None)
        distinct = []
        for x in grp:
            if x not in distinct:
                distinct.append(x)
        assert sorted(map(repr, sets[key])) == sorted(map(repr, distinct))
    assert sorted(kl) == sorted(rows)
