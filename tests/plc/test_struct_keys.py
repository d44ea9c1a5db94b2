"""STRUCT key columns in search (lower_bound / upper_bound), sorting.is_sorted, the
segmented sorts and join.FilteredJoin, against plain-Python oracles of libcudf's nested
row comparison: a struct's own null first (by the key's null order), then its fields in
order, each null by the same null order; the fields of a null struct do not count."""

from __future__ import annotations

import bisect
import functools
import itertools

import pyarrow as pa
import pytest
from order_helpers import nested_rows_equal, struct_keys

import ferrodf.plc as plc

Order, NullOrder = plc.types.Order, plc.types.NullOrder
NullEq = plc.types.NullEquality


def cmp_value(a, b, descending: bool, nulls_before: bool) -> int:
    """libcudf's comparison of two nested values under one column order and null order."""
    if a is None or b is None:
        if a is None and b is None:
            return 0
        # A null is below every value with nulls before (relative to ascending order).
        low = -1 if nulls_before else 1
        r = low if a is None else -low
        return -r if descending else r
    if isinstance(a, dict):
        for k in a:
            c = cmp_value(a[k], b[k], descending, nulls_before)
            if c:
                return c
        return 0
    r = (a > b) - (a < b)
    return -r if descending else r


def cmp_rows(orders, nulls):
    def cmp(r1, r2):
        for a, b, o, n in zip(r1, r2, orders, nulls, strict=True):
            c = cmp_value(a, b, o == Order.DESCENDING, n == NullOrder.BEFORE)
            if c:
                return c
        return 0

    return cmp


def table(*arrays) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def rows_of(*arrays) -> list[tuple]:
    return list(zip(*(a.to_pylist() for a in arrays), strict=True))


CASES = [
    ([Order.ASCENDING, Order.ASCENDING], [NullOrder.BEFORE, NullOrder.AFTER]),
    ([Order.DESCENDING, Order.ASCENDING], [NullOrder.AFTER, NullOrder.BEFORE]),
]


@pytest.mark.parametrize(("orders", "nulls"), CASES)
@pytest.mark.parametrize("offset", [0, 4])
def test_bounds_and_is_sorted(orders, nulls, offset):
    keys = struct_keys(1, 50 + offset).slice(offset)
    ints = pa.array([i % 3 for i in range(50 + offset)], pa.int32()).slice(offset)
    cmp = cmp_rows(orders, nulls)
    hay_rows = sorted(rows_of(keys, ints), key=functools.cmp_to_key(cmp))
    order = plc.sorting.stable_sorted_order(table(keys, ints), orders, nulls)
    hay = plc.copying.gather(table(keys, ints), order, plc.copying.OutOfBoundsPolicy.DONT_CHECK)
    assert plc.sorting.is_sorted(hay, orders, nulls)
    # The sorted rows equal the oracle's, row by row, up to rows that compare equal.
    input_rows = rows_of(keys, ints)
    got_rows = [input_rows[i] for i in order.to_arrow().to_pylist()]
    assert all(cmp(a, b) == 0 for a, b in zip(hay_rows, got_rows, strict=True))
    needles_k, needles_i = struct_keys(2, 20), pa.array([i % 3 for i in range(20)], pa.int32())
    key = functools.cmp_to_key(cmp)
    sorted_keys = [key(r) for r in hay_rows]
    want_lo = [bisect.bisect_left(sorted_keys, key(r)) for r in rows_of(needles_k, needles_i)]
    want_hi = [bisect.bisect_right(sorted_keys, key(r)) for r in rows_of(needles_k, needles_i)]
    lo = plc.search.lower_bound(hay, table(needles_k, needles_i), orders, nulls)
    hi = plc.search.upper_bound(hay, table(needles_k, needles_i), orders, nulls)
    assert lo.to_arrow().to_pylist() == want_lo
    assert hi.to_arrow().to_pylist() == want_hi
    # The unsorted input is not sorted (its rows are not all equal).
    assert not plc.sorting.is_sorted(table(keys, ints), orders, nulls)


@pytest.mark.parametrize("offsets", [[0, 20, 20, 45], [5, 30], [0, 45]])
def test_segmented_sort_by_struct_key(offsets):
    keys = struct_keys(3, 45)
    values = pa.array(range(45), pa.int32())
    orders, nulls = [Order.ASCENDING], [NullOrder.AFTER]
    cmp = cmp_rows(orders, nulls)
    rows = rows_of(keys)
    want = list(range(45))
    for s, e in itertools.pairwise(offsets):
        want[s:e] = sorted(range(s, e), key=lambda i: functools.cmp_to_key(cmp)(rows[i]))
    seg = plc.Column.from_arrow(pa.array(offsets, pa.int32()))
    for f in (plc.sorting.segmented_sort_by_key, plc.sorting.stable_segmented_sort_by_key):
        got = f(table(values), table(keys), seg, orders, nulls)
        assert got.columns()[0].to_arrow().to_pylist() == want, f.__name__


@pytest.mark.parametrize("ne", [NullEq.EQUAL, NullEq.UNEQUAL])
@pytest.mark.parametrize("offset", [0, 3])
def test_filtered_join_on_struct_keys(ne, offset):
    build = struct_keys(4, 25 + offset).slice(offset)
    fj = plc.join.FilteredJoin(table(build), ne)
    eq = ne == NullEq.EQUAL
    for seed in (5, 6):
        probe = struct_keys(seed, 30)
        bl = build.to_pylist()
        semi = [
            i
            for i, p in enumerate(probe.to_pylist())
            if any(nested_rows_equal(p, b, eq) for b in bl)
        ]
        anti = [i for i in range(len(probe)) if i not in set(semi)]
        assert fj.semi_join(table(probe)).to_arrow().to_pylist() == semi
        assert fj.anti_join(table(probe)).to_arrow().to_pylist() == anti


def test_struct_search_errors():
    keys = struct_keys(7, 5)
    with pytest.raises(TypeError, match="same type"):
        plc.search.lower_bound(table(keys), table(pa.array([1, 2], pa.int64())), [], [])
    with pytest.raises(ValueError, match="column_order has 2 entries"):
        plc.search.lower_bound(table(keys), table(keys), [Order.ASCENDING] * 2, [])
    with pytest.raises(ValueError, match="column_order has 2 entries"):
        plc.sorting.is_sorted(table(keys), [Order.ASCENDING] * 2, [])


@pytest.mark.parametrize("offset", [0, 3])
def test_contains_struct_needles(offset):
    hay = struct_keys(8, 20 + offset).slice(offset)
    needles = struct_keys(9, 30)
    got = plc.search.contains(plc.Column.from_arrow(hay), plc.Column.from_arrow(needles))
    hl = hay.to_pylist()
    want = [
        None if v is None else any(nested_rows_equal(v, h, True) for h in hl)
        for v in needles.to_pylist()
    ]
    assert got.to_arrow().to_pylist() == want
    empty = plc.search.contains(
        plc.Column.from_arrow(hay.slice(0, 0)), plc.Column.from_arrow(needles)
    )
    assert empty.to_arrow().to_pylist() == [
        None if v is None else False for v in needles.to_pylist()
    ]
