"""plc.sorting against a plain-Python oracle of libcudf's ordering (and pyarrow where its
semantics agree).

Rows compare column by column: a null is below every value with NullOrder.BEFORE and above
with AFTER, then DESCENDING reverses the column's result; floats order NaN above every
number and equal to NaN (-0.0 == 0.0); strings compare their UTF-8 bytes. Python's sort is
stable, so sorting row numbers with that comparison gives the stable sorted order.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import make_array, type_id
from hypothesis import given
from hypothesis import strategies as st
from order_helpers import cmp_rows

import ferrodf
import ferrodf.plc as plc

Order = plc.types.Order
NullOrder = plc.types.NullOrder
NullPolicy = plc.types.NullPolicy
RankMethod = plc.aggregation.RankMethod


def columns_of(tbl: pa.Table) -> list[list]:
    return [c.to_pylist() for c in tbl.columns]


def expected_order(cols: list[list], orders, nulls) -> list[int]:
    n = len(cols[0]) if cols else 0
    rows = list(zip(*cols, strict=True)) if cols else [()] * n
    key = functools.cmp_to_key(lambda i, j: cmp_rows(rows[i], rows[j], orders, nulls))
    return sorted(range(n), key=key)


def plc_table(tbl: pa.Table) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(c.combine_chunks()) for c in tbl.columns])


def to_arrow_table(t: plc.Table) -> pa.Table:
    return pa.table({str(i): c.to_arrow() for i, c in enumerate(t.columns())})


SORT_TYPES = [
    pa.int8(),
    pa.int16(),
    pa.int32(),
    pa.int64(),
    pa.uint8(),
    pa.uint32(),
    pa.uint64(),
    pa.float32(),
    pa.float64(),
    pa.bool_(),
    pa.date32(),
    pa.timestamp("ns"),
    pa.duration("ms"),
    pa.decimal128(20, 2),
    pa.decimal128(38, 0),
    pa.string(),
    pa.large_string(),
]
if hasattr(pa, "decimal32"):
    SORT_TYPES += [pa.decimal32(7, 2), pa.decimal64(15, 3)]

FLOAT_SPECIALS = [float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 1.5, -2.5, float("nan")]


def values(t, n, seed, nulls=True):
    vals = make_array(t, n, nulls=nulls, seed=seed).to_pylist()
    if pa.types.is_floating(t):
        vals[2 : 2 + len(FLOAT_SPECIALS)] = FLOAT_SPECIALS
    # a few duplicates so ties (and stability) matter
    vals[-6:] = vals[:6]
    return pa.array(vals, t)


def pyarrow_order(tbl: pa.Table, orders, nulls) -> list[int] | None:
    """pyarrow's stable sort_indices (per-key null placement), where its semantics match
    libcudf's: no floats (pyarrow keeps NaN next to the nulls), no 32/64-bit decimals."""
    if any(pa.types.is_floating(c.type) for c in tbl.columns):
        return None
    if any(pa.types.is_decimal(c.type) and c.type.bit_width < 128 for c in tbl.columns):
        return None
    keys = [
        (
            name,
            "descending" if o == Order.DESCENDING else "ascending",
            "at_start" if (n == NullOrder.BEFORE) != (o == Order.DESCENDING) else "at_end",
        )
        for name, o, n in zip(tbl.column_names, orders, nulls, strict=True)
    ]
    return pc.sort_indices(tbl, sort_keys=keys).to_pylist()


@pytest.mark.parametrize("t", SORT_TYPES, ids=type_id)
@pytest.mark.parametrize("order", list(Order), ids=lambda o: o.name)
@pytest.mark.parametrize("null_order", list(NullOrder), ids=lambda o: o.name)
def test_sorted_order_single_column(t, order, null_order):
    tbl = pa.table({"a": values(t, 60, 3)})
    want = expected_order(columns_of(tbl), [order], [null_order])
    for f in (plc.sorting.sorted_order, plc.sorting.stable_sorted_order):
        got = f(plc_table(tbl), [order], [null_order])
        assert got.type().id() == plc.TypeId.INT32
        assert got.null_count() == 0
        assert got.to_pylist() == want, f.__name__
    arrow = pyarrow_order(tbl, [order], [null_order])
    if arrow is not None:
        assert arrow == want


@pytest.mark.parametrize("t", [pa.int64(), pa.float64(), pa.string()], ids=type_id)
def test_sorted_order_no_nulls_and_large(t):
    # Large enough for the radix sort and the parallel paths.
    tbl = pa.table({"a": values(t, 50_000, 7, nulls=False)})
    want = expected_order(columns_of(tbl), [Order.ASCENDING], [NullOrder.BEFORE])
    got = plc.sorting.stable_sorted_order(plc_table(tbl), [Order.ASCENDING], [NullOrder.BEFORE])
    assert got.to_pylist() == want


def multi_table(n=90):
    small = [[None, 1, 2, 3][i % 4] for i in range(n)]
    strs = [[None, "a", "b", "é", ""][(i // 4) % 5] for i in range(n)]
    floats = [[None, 0.5, float("nan"), -1.0, 2.0, -0.0, 0.0][(i * 7) % 7] for i in range(n)]
    big = [None if i % 11 == 0 else (i * 37) % 13 - 6 for i in range(n)]
    return pa.table(
        {
            "a": pa.array(small, pa.int32()),
            "b": pa.array(strs, pa.string()),
            "c": pa.array(floats, pa.float64()),
            "d": pa.array(big, pa.decimal128(10, 1)),
        }
    )


ORDER_SETS = [
    ([Order.ASCENDING] * 4, [NullOrder.BEFORE] * 4),
    ([Order.DESCENDING] * 4, [NullOrder.AFTER] * 4),
    (
        [Order.DESCENDING, Order.ASCENDING, Order.DESCENDING, Order.ASCENDING],
        [NullOrder.AFTER, NullOrder.BEFORE, NullOrder.BEFORE, NullOrder.AFTER],
    ),
]


@pytest.mark.parametrize("orders,nulls", ORDER_SETS)
def test_multi_column(orders, nulls):
    tbl = multi_table()
    want = expected_order(columns_of(tbl), orders, nulls)
    got = plc.sorting.sorted_order(plc_table(tbl), orders, nulls)
    assert got.to_pylist() == want
    sorted_tbl = plc.sorting.sort(plc_table(tbl), orders, nulls)
    assert to_arrow_table(sorted_tbl).equals(
        to_arrow_table(plc_table(tbl.take(want))), check_metadata=False
    )
    stable = plc.sorting.stable_sort(plc_table(tbl), orders, nulls)
    assert to_arrow_table(stable).equals(to_arrow_table(sorted_tbl))


def test_two_int_columns_against_pyarrow():
    tbl = pa.table(
        {"x": make_array(pa.int64(), 500, seed=1), "y": make_array(pa.int16(), 500, seed=2)}
    )
    tbl = pa.table({"x": pc.divide(tbl["x"], 10**17), "y": tbl["y"]})
    orders, nulls = [Order.ASCENDING, Order.DESCENDING], [NullOrder.AFTER, NullOrder.BEFORE]
    got = plc.sorting.sorted_order(plc_table(tbl), orders, nulls).to_pylist()
    assert got == expected_order(columns_of(tbl), orders, nulls)
    assert got == pyarrow_order(tbl, orders, nulls)


def test_sort_by_key():
    tbl = multi_table()
    values_tbl = pa.table({"v": pa.array(range(90), pa.int64()), "s": tbl["b"]})
    keys = tbl.select(["a", "c"])
    orders, nulls = [Order.ASCENDING, Order.DESCENDING], [NullOrder.AFTER, NullOrder.BEFORE]
    want = values_tbl.take(expected_order(columns_of(keys), orders, nulls))
    for f in (plc.sorting.sort_by_key, plc.sorting.stable_sort_by_key):
        got = f(plc_table(values_tbl), plc_table(keys), orders, nulls)
        assert to_arrow_table(got).equals(to_arrow_table(plc_table(want))), f.__name__


def test_sliced_inputs_and_defaults():
    arr = pa.array([9, 9, None, 3, 1, None, 2, 3, 0], pa.int64()).slice(2, 6)
    strs = pa.array(["z", "q", None, "b", "a", "c", "b", "a", "x"]).slice(2, 6)
    tbl = pa.table({"a": arr, "b": strs})
    want = expected_order(columns_of(tbl), [Order.ASCENDING] * 2, [NullOrder.BEFORE] * 2)
    # empty lists mean ascending, nulls before
    assert plc.sorting.sorted_order(plc_table(tbl), [], []).to_pylist() == want
    col = plc.Column.from_arrow(arr)
    # top_k's defaults: descending, nulls last (NullOrder.BEFORE in descending order)
    top = expected_order([arr.to_pylist()], [Order.DESCENDING], [NullOrder.BEFORE])[:2]
    assert plc.sorting.top_k(col, 2).to_pylist() == [arr.to_pylist()[i] for i in top]


def test_empty_inputs():
    empty = plc.Table([plc.Column.from_arrow(pa.array([], pa.int32()))])
    args = ([Order.ASCENDING], [NullOrder.BEFORE])
    assert plc.sorting.sorted_order(empty, *args).to_pylist() == expected_order([[]], *args)
    assert plc.sorting.sort(empty, *args).num_rows() == 0
    assert plc.sorting.is_sorted(empty, *args)
    col = plc.Column.from_arrow(pa.array([], pa.float64()))
    r = plc.sorting.rank(
        col, RankMethod.AVERAGE, Order.ASCENDING, NullPolicy.EXCLUDE, NullOrder.AFTER, False
    )
    assert r.size() == 0 and r.type().id() == plc.TypeId.FLOAT64
    assert plc.sorting.top_k_order(col, 3).to_pylist() == expected_order([[]], *args)[:3]
    strs = plc.Table([plc.Column.from_arrow(pa.array([], pa.string()))])
    assert plc.sorting.stable_sorted_order(strs, *args).to_pylist() == expected_order([[]], *args)


def test_all_null_column():
    tbl = plc.Table([plc.Column.from_arrow(pa.array([None] * 5, pa.int32()))])
    for null_order in NullOrder:
        got = plc.sorting.sorted_order(tbl, [Order.DESCENDING], [null_order])
        assert got.to_pylist() == expected_order([[None] * 5], [Order.DESCENDING], [null_order])


# ---------------------------------------------------------------------------------------
# segmented sorts
# ---------------------------------------------------------------------------------------


def expected_segmented(cols, offsets, orders, nulls):
    n = len(cols[0])
    out = list(range(n))
    for s, e in itertools.pairwise(offsets):
        seg = [c[s:e] for c in cols]
        out[s:e] = [s + i for i in expected_order(seg, orders, nulls)]
    return out


@pytest.mark.parametrize("offsets", [[0, 30, 30, 60, 90], [10, 50, 80], [0, 90], [5]])
def test_segmented_sort_by_key(offsets):
    tbl = multi_table()
    keys = tbl.select(["c", "a"])
    values_tbl = pa.table({"v": pa.array(range(90), pa.int32())})
    orders, nulls = [Order.DESCENDING, Order.ASCENDING], [NullOrder.BEFORE, NullOrder.AFTER]
    want = expected_segmented(columns_of(keys), offsets, orders, nulls)
    seg = plc.Column.from_arrow(pa.array(offsets, pa.int32()))
    for f in (plc.sorting.segmented_sort_by_key, plc.sorting.stable_segmented_sort_by_key):
        got = f(plc_table(values_tbl), plc_table(keys), seg, orders, nulls)
        assert got.columns()[0].to_pylist() == want, f.__name__


def test_segmented_errors():
    t = plc.Table([plc.Column.from_arrow(pa.array([3, 1, 2], pa.int32()))])
    args = ([Order.ASCENDING], [NullOrder.BEFORE])
    with pytest.raises(TypeError, match="INT32"):
        plc.sorting.segmented_sort_by_key(
            t, t, plc.Column.from_arrow(pa.array([0, 3], pa.int64())), *args
        )
    with pytest.raises(ValueError, match="non-decreasing"):
        plc.sorting.segmented_sort_by_key(
            t, t, plc.Column.from_arrow(pa.array([0, 5], pa.int32())), *args
        )


# ---------------------------------------------------------------------------------------
# rank
# ---------------------------------------------------------------------------------------


def expected_rank(vals, method, order, null_handling, null_order, percentage):
    """libcudf's rank: ranks over the sorted order with nulls placed by null_order (nulls
    equal to each other); EXCLUDE nulls the null rows' ranks; percentage divides by the
    ranked count (dense: by the dense rank at position count - 1)."""
    n = len(vals)
    srt = expected_order([vals], [order], [null_order])
    ranks = [0.0] * n
    dense = [0] * n
    start, d = 0, 0
    while start < n:
        end = start + 1
        while (
            end < n and cmp_rows((vals[srt[start]],), (vals[srt[end]],), [order], [null_order]) == 0
        ):
            end += 1
        d += 1
        for p in range(start, end):
            dense[p] = d
            ranks[srt[p]] = {
                RankMethod.FIRST: p + 1,
                RankMethod.MIN: start + 1,
                RankMethod.MAX: end,
                RankMethod.AVERAGE: start + 1 + (end - start - 1) / 2,
                RankMethod.DENSE: d,
            }[method]
        start = end
    count = n - sum(v is None for v in vals) if null_handling == NullPolicy.EXCLUDE else n
    if percentage:
        denom = (dense[count - 1] if count else 1) if method == RankMethod.DENSE else count
        ranks = [r / denom for r in ranks]
    if null_handling == NullPolicy.EXCLUDE:
        ranks = [None if v is None else r for v, r in zip(vals, ranks, strict=True)]
    return ranks


@pytest.mark.parametrize("t", [pa.int32(), pa.float64(), pa.string()], ids=type_id)
@pytest.mark.parametrize("method", list(RankMethod), ids=lambda m: m.name)
@pytest.mark.parametrize("order", list(Order), ids=lambda o: o.name)
@pytest.mark.parametrize("null_handling", list(NullPolicy), ids=lambda p: p.name)
@pytest.mark.parametrize("null_order", list(NullOrder), ids=lambda o: o.name)
@pytest.mark.parametrize("percentage", [False, True], ids=["count", "pct"])
def test_rank(t, method, order, null_handling, null_order, percentage):
    arr = values(t, 40, 5)
    if t == pa.int32():
        arr = pc.divide(arr, 300_000_000)  # many ties
    vals = arr.to_pylist()
    got = plc.sorting.rank(
        plc.Column.from_arrow(arr), method, order, null_handling, null_order, percentage
    )
    float_out = percentage or method == RankMethod.AVERAGE
    assert got.type().id() == (plc.TypeId.FLOAT64 if float_out else plc.TypeId.INT32)
    want = expected_rank(vals, method, order, null_handling, null_order, percentage)
    assert got.to_pylist() == pytest.approx(want)


@pytest.mark.filterwarnings("ignore:Specifying null_placement:FutureWarning")
@pytest.mark.parametrize("tiebreaker", ["min", "max", "first", "dense"])
def test_rank_against_pyarrow(tiebreaker):
    arr = pc.divide(make_array(pa.int64(), 200, seed=9), 10**17)
    method = getattr(RankMethod, tiebreaker.upper())
    for order in Order:
        sort_order = "descending" if order == Order.DESCENDING else "ascending"
        want = pc.rank(arr, sort_keys=sort_order, null_placement="at_end", tiebreaker=tiebreaker)
        null_order = NullOrder.AFTER if order == Order.ASCENDING else NullOrder.BEFORE
        got = plc.sorting.rank(
            plc.Column.from_arrow(arr), method, order, NullPolicy.INCLUDE, null_order, False
        )
        assert got.to_pylist() == want.to_pylist()


def test_rank_sliced():
    arr = pa.array([5, 5, 2, None, 2, 7, 1], pa.int16()).slice(1, 5)
    got = plc.sorting.rank(
        plc.Column.from_arrow(arr),
        RankMethod.MIN,
        Order.ASCENDING,
        NullPolicy.EXCLUDE,
        NullOrder.AFTER,
        False,
    )
    assert got.to_pylist() == expected_rank(
        arr.to_pylist(),
        RankMethod.MIN,
        Order.ASCENDING,
        NullPolicy.EXCLUDE,
        NullOrder.AFTER,
        False,
    )


# ---------------------------------------------------------------------------------------
# is_sorted, top_k
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("orders,nulls", ORDER_SETS)
def test_is_sorted(orders, nulls):
    tbl = multi_table()
    args = (orders, nulls)
    assert not plc.sorting.is_sorted(plc_table(tbl), *args)
    srt = plc_table(tbl.take(expected_order(columns_of(tbl), *args)))
    assert plc.sorting.is_sorted(srt, *args)
    # a single swapped pair of distinct rows breaks it
    rows = expected_order(columns_of(tbl), *args)
    for i in range(len(rows) - 1):
        a, b = tbl.take([rows[i]]).to_pylist()[0], tbl.take([rows[i + 1]]).to_pylist()[0]
        if cmp_rows(list(a.values()), list(b.values()), *args) != 0:
            rows[i], rows[i + 1] = rows[i + 1], rows[i]
            break
    assert not plc.sorting.is_sorted(plc_table(tbl.take(rows)), *args)


@given(
    st.lists(st.tuples(st.integers(-3, 3), st.integers(-(2**31), 2**31 - 1)), max_size=60),
    st.lists(st.sampled_from(list(Order)), min_size=2, max_size=2),
    st.integers(0, 3),
)
def test_is_sorted_int32_keys_without_nulls(rows, orders, offset):
    """INT32 keys without nulls (the merge's join maps) take a path of their own on the
    host; the answer is the Python loop's, sliced inputs included."""
    cols = [pa.array([r[i] for r in rows], pa.int32()) for i in range(2)]
    tbl = plc.Table([plc.Column.from_arrow(c) for c in cols])
    tbl = plc.Table(
        [plc.copying.slice(c, [min(offset, len(rows)), len(rows)])[0] for c in tbl.columns()]
    )
    kept = rows[min(offset, len(rows)) :]
    nulls = [NullOrder.BEFORE] * 2
    want = all(cmp_rows(list(a), list(b), orders, nulls) <= 0 for a, b in itertools.pairwise(kept))
    assert plc.sorting.is_sorted(tbl, orders, nulls) == want
    # sorted by the oracle, it is sorted
    ordered = sorted(
        kept, key=functools.cmp_to_key(lambda a, b: cmp_rows(list(a), list(b), orders, nulls))
    )
    srt = plc.Table(
        [plc.Column.from_arrow(pa.array([r[i] for r in ordered], pa.int32())) for i in range(2)]
    )
    assert plc.sorting.is_sorted(srt, orders, nulls)


@pytest.mark.parametrize("t", [pa.int64(), pa.float32(), pa.string()], ids=type_id)
@pytest.mark.parametrize("order", list(Order), ids=lambda o: o.name)
@pytest.mark.parametrize("k", [0, 1, 5, 100])
def test_top_k(t, order, k):
    arr = values(t, 40, 11)
    vals = arr.to_pylist()
    null_order = NullOrder.AFTER if order == Order.ASCENDING else NullOrder.BEFORE
    want = expected_order([vals], [order], [null_order])[:k]
    col = plc.Column.from_arrow(arr)
    got_order = plc.sorting.top_k_order(col, k, order)
    assert got_order.to_pylist() == want
    got = plc.sorting.top_k(col, k, order).to_pylist()
    expect = [vals[i] for i in want]
    assert len(got) == len(expect)
    for g, e in zip(got, expect, strict=True):
        assert g == e or (g != g and e != e)
    # the default order is descending
    if order == Order.DESCENDING:
        assert plc.sorting.top_k_order(col, k).to_pylist() == want


def test_errors():
    i32 = plc.Table([plc.Column.from_arrow(pa.array([1, 2], pa.int32()))])
    two = plc.Table([plc.Column.from_arrow(pa.array([1, 2], pa.int32()))] * 2)
    three = plc.Table([plc.Column.from_arrow(pa.array([1, 2, 3], pa.int32()))])
    with pytest.raises(ValueError, match="column_order"):
        plc.sorting.sorted_order(two, [Order.ASCENDING], [])
    with pytest.raises(ValueError, match="null_precedence"):
        plc.sorting.is_sorted(two, [], [NullOrder.BEFORE] * 3)
    with pytest.raises(ValueError, match="Order"):
        plc.sorting.sorted_order(i32, [7], [NullOrder.BEFORE])
    with pytest.raises(ValueError, match="same rows"):
        plc.sorting.sort_by_key(three, i32, [], [])
    lists = plc.Table([plc.Column.from_arrow(pa.array([[1], [2]]))])
    with pytest.raises(NotImplementedError, match="does not support"):
        plc.sorting.sort(lists, [], [])
    with pytest.raises(ValueError, match="non-negative"):
        plc.sorting.top_k(i32.columns()[0], -1)
    with pytest.raises(ValueError, match="RankMethod"):
        plc.sorting.rank(
            i32.columns()[0], 9, Order.ASCENDING, NullPolicy.INCLUDE, NullOrder.AFTER, False
        )


# ---------------------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------------------

ints = st.one_of(st.none(), st.integers(-50, 50))
floats = st.one_of(st.none(), st.floats(allow_nan=True, width=32), st.sampled_from([-0.0, 0.0]))
texts = st.one_of(st.none(), st.text(alphabet="ab\u00e9\U0001f600", max_size=9))


@given(
    data=st.lists(st.tuples(ints, floats, texts), max_size=120),
    orders=st.lists(st.sampled_from(list(Order)), min_size=3, max_size=3),
    nulls=st.lists(st.sampled_from(list(NullOrder)), min_size=3, max_size=3),
    which=st.sampled_from([[0], [1], [2], [0, 1], [2, 1, 0]]),
)
def test_property_stable_sorted_order(data, orders, nulls, which):
    cols = [list(c) for c in zip(*data, strict=True)] if data else [[], [], []]
    types = [pa.int64(), pa.float32(), pa.string()]
    tbl = pa.table({str(i): pa.array(cols[i], types[i]) for i in which})
    o = [orders[i] for i in which]
    n = [nulls[i] for i in which]
    want = expected_order([cols[i] for i in which], o, n)
    got = plc.sorting.stable_sorted_order(plc_table(tbl), o, n).to_pylist()
    assert got == want
    assert plc.sorting.is_sorted(plc_table(tbl.take(pa.array(want, pa.int32()))), o, n)


# ---------------------------------------------------------------------------------------
# host/device parity on inputs spanning many radix-sort tiles (skipped without a GPU)
# ---------------------------------------------------------------------------------------


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
@pytest.mark.parametrize("which", ["int64", "float64", "string", "multi", "decimal"])
def test_device_matches_host_large(which):
    rng = np.random.default_rng(42)
    n = 300_001
    mask = rng.random(n) < 0.05
    i64 = pa.array(rng.integers(-(2**63), 2**63 - 1, n, endpoint=True), mask=mask)
    f64 = rng.standard_normal(n)
    f64[::101] = np.nan
    f64[::103] = -0.0
    words = np.array(["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefgh\x00", "zz" * 9, "é"])
    strs = pa.array(words[rng.integers(0, len(words), n)].tolist(), mask=mask)
    dec = pa.array(rng.integers(-(10**12), 10**12, n), mask=mask).cast(pa.decimal128(38, 2))
    small = pa.array(rng.integers(0, 5, n).astype(np.int8), mask=rng.random(n) < 0.2)
    cols = {
        "int64": [i64],
        "float64": [pa.array(f64, mask=mask)],
        "string": [strs],
        "multi": [small, strs, pa.array(f64)],
        "decimal": [dec, small],
    }[which]
    tbl = plc.Table([plc.Column.from_arrow(c) for c in cols])
    k = len(cols)
    orders = [Order.DESCENDING, Order.ASCENDING, Order.DESCENDING][:k]
    nulls = [NullOrder.AFTER, NullOrder.BEFORE, NullOrder.BEFORE][:k]

    def run():
        out = plc.sorting.sorted_order(tbl, orders, nulls).to_pylist()
        srt = plc.sorting.sort(tbl, orders, nulls)
        ok = plc.sorting.is_sorted(srt, orders, nulls)
        rank = plc.sorting.rank(
            tbl.columns()[0], RankMethod.AVERAGE, orders[0], NullPolicy.INCLUDE, nulls[0], True
        ).to_pylist()
        seg = plc.Column.from_arrow(pa.array([0, 1000, 1000, 250_000, n], pa.int32()))
        segs = plc.sorting.segmented_sort_by_key(tbl, tbl, seg, orders, nulls)
        return out, ok, rank, [c.to_arrow() for c in segs.columns()]

    with ferrodf.option_context(device="cpu"):
        host = run()
    with ferrodf.option_context(device="gpu"):
        dev = run()
    assert host[0] == dev[0]
    assert host[1] and dev[1]
    assert host[2] == pytest.approx(dev[2])
    # repr makes NaN equal to NaN (Array.equals does not) and tells -0.0 from 0.0.
    for a, b in zip(host[3], dev[3], strict=True):
        assert a.type == b.type
        assert [repr(x) for x in a.to_pylist()] == [repr(x) for x in b.to_pylist()]


def _struct_rows(n: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        if rng.random() < 0.15:
            rows.append(None)
            continue
        x = None if rng.random() < 0.2 else int(rng.integers(0, 3))
        y = None if rng.random() < 0.2 else str(rng.choice(["a", "b", "c"]))
        rows.append({"x": x, "y": y})
    return rows


def _flat_key(v, nulls_before: bool):
    """A Python sort key of one value under ferrodf's rule (nulls below every value with
    BEFORE, above with AFTER); a struct compares field by field after its own null."""
    null, some = (0, 1) if nulls_before else (1, 0)
    if v is None:
        return (null,)
    if isinstance(v, dict):
        return (some, *(_flat_key(f, nulls_before) for f in v.values()))
    return (some, v)


@pytest.mark.parametrize("order", [plc.types.Order.ASCENDING, plc.types.Order.DESCENDING])
@pytest.mark.parametrize("null_order", [plc.types.NullOrder.BEFORE, plc.types.NullOrder.AFTER])
@pytest.mark.parametrize("offset", [0, 5])
def test_sorted_order_of_struct_keys(order, null_order, offset):
    rows = _struct_rows(60, seed=offset + 1)
    st = pa.array(rows, pa.struct([("x", pa.int64()), ("y", pa.string())])).slice(offset)
    tie = pa.array(range(len(rows)), pa.int64()).slice(offset)
    keys = plc.Table([plc.Column.from_arrow(st), plc.Column.from_arrow(tie)])
    got = plc.sorting.stable_sorted_order(keys, [order, order], [null_order, null_order])
    before = null_order == plc.types.NullOrder.BEFORE
    values = st.to_pylist()
    expected = sorted(
        range(len(values)),
        key=lambda i: _flat_key(values[i], before),
        reverse=order == plc.types.Order.DESCENDING,
    )
    # The tie-break column makes the order total; compare the struct keys of each row.
    assert [values[i] for i in got.to_arrow().to_pylist()] == [values[i] for i in expected]


def test_sort_by_nested_struct_key():
    inner = pa.array([{"a": 2}, {"a": 1}, None, {"a": 1}], pa.struct([("a", pa.int32())]))
    outer = pa.StructArray.from_arrays([inner, pa.array([1, 1, 0, 0])], ["in", "b"])
    keys = plc.Table([plc.Column.from_arrow(outer)])
    values = plc.Table([plc.Column.from_arrow(pa.array(["w", "x", "y", "z"]))])
    got = plc.sorting.stable_sort_by_key(values, keys, [], [])
    rows = outer.to_pylist()
    expected = sorted(range(4), key=lambda i: _flat_key(rows[i], True))
    assert got.columns()[0].to_arrow().to_pylist() == [["w", "x", "y", "z"][i] for i in expected]
    with pytest.raises(ValueError, match="column_order has 2 entries for 1 key columns"):
        plc.sorting.sorted_order(keys, [plc.types.Order.ASCENDING] * 2, [])
