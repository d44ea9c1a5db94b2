"""plc.search against a plain-Python oracle of libcudf's ordering.

Rows compare column by column: a null is below every value with NullOrder.BEFORE and above
with AFTER, then DESCENDING reverses the column's result; floats order NaN above every
number and equal to NaN (-0.0 == 0.0); strings compare their UTF-8 bytes. lower_bound is
the first haystack row not less than the needle, upper_bound the first row greater.
contains: NaN matches NaN, null needles give null.
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal

import pyarrow as pa
import pytest
from conftest import make_array, type_id
from hypothesis import given
from hypothesis import strategies as st
from order_helpers import cmp_rows

import ferrodf.plc as plc

Order = plc.types.Order
NullOrder = plc.types.NullOrder


def expected_bounds(hay_rows, needle_rows, orders, nulls, upper: bool) -> list[int]:
    out = []
    for nr in needle_rows:
        i = 0
        while i < len(hay_rows) and (
            cmp_rows(hay_rows[i], nr, orders, nulls) <= 0
            if upper
            else cmp_rows(hay_rows[i], nr, orders, nulls) < 0
        ):
            i += 1
        out.append(i)
    return out


def sort_rows(rows, orders, nulls):
    return sorted(rows, key=functools.cmp_to_key(lambda x, y: cmp_rows(x, y, orders, nulls)))


def to_table(rows, types) -> plc.Table:
    cols = list(zip(*rows, strict=True)) if rows else [[] for _ in types]
    return plc.Table(
        [plc.Column.from_arrow(pa.array(list(c), t)) for c, t in zip(cols, types, strict=True)]
    )


def check(hay_rows, needle_rows, types, orders, nulls):
    hay = sort_rows(hay_rows, orders, nulls)
    h, n = to_table(hay, types), to_table(needle_rows, types)
    for upper, f in ((False, plc.search.lower_bound), (True, plc.search.upper_bound)):
        got = f(h, n, orders, nulls)
        assert got.type().id() == plc.TypeId.INT32
        assert got.null_count() == 0
        assert got.to_pylist() == expected_bounds(hay, needle_rows, orders, nulls, upper), (
            f.__name__,
            orders,
            nulls,
        )


SEARCH_TYPES = [
    pa.int8(),
    pa.int32(),
    pa.int64(),
    pa.uint64(),
    pa.float32(),
    pa.float64(),
    pa.bool_(),
    pa.date32(),
    pa.timestamp("ms"),
    pa.duration("s"),
    pa.decimal128(20, 2),
    pa.string(),
    pa.large_string(),
]

FLOAT_SPECIALS = [float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 1.5, -2.5]


def values(t, n, seed):
    vals = make_array(t, n, nulls=True, seed=seed).to_pylist()
    if pa.types.is_floating(t):
        vals[: len(FLOAT_SPECIALS)] = FLOAT_SPECIALS
    return vals


@pytest.mark.parametrize("t", SEARCH_TYPES, ids=type_id)
@pytest.mark.parametrize("order", list(Order), ids=lambda o: o.name)
@pytest.mark.parametrize("null_order", list(NullOrder), ids=lambda o: o.name)
def test_single_column(t, order, null_order):
    hay = [(v,) for v in values(t, 40, 1)]
    needles = [(v,) for v in values(t, 25, 2)] + hay[:5]
    check(hay, needles, [t], [order], [null_order])


@pytest.mark.parametrize(
    "orders,nulls",
    [
        ([Order.ASCENDING, Order.ASCENDING, Order.ASCENDING], [NullOrder.BEFORE] * 3),
        (
            [Order.DESCENDING, Order.ASCENDING, Order.DESCENDING],
            [NullOrder.AFTER, NullOrder.BEFORE, NullOrder.AFTER],
        ),
    ],
)
def test_multi_column(orders, nulls):
    types = [pa.int32(), pa.string(), pa.float64()]
    small = [[None, 1, 2, 3][i % 4] for i in range(60)]
    strs = [[None, "a", "b", "é"][(i // 4) % 4] for i in range(60)]
    floats = [[None, 0.5, float("nan"), -1.0, 2.0][i % 5] for i in range(60)]
    hay = list(zip(small, strs, floats, strict=True))
    needles = [*hay[::7], (2, "b", 3.0), (None, None, None), (5, "z", -5.0), (0, "", 0.0)]
    check(hay, needles, types, orders, nulls)


def test_sliced_inputs_and_defaults():
    hay_arr = pa.array([None, None, 1, 2, 2, 5, 9], pa.int64())
    hay = plc.Table(
        [plc.Column.from_arrow(pa.array([7, 7, *hay_arr.to_pylist()], pa.int64()).slice(2))]
    )
    needles = plc.Table(
        [plc.Column.from_arrow(pa.array([0, 0, 0, 2, None, 10], pa.int64()).slice(2))]
    )
    orders, nulls = [Order.ASCENDING], [NullOrder.BEFORE]
    hay_rows = [(v,) for v in hay_arr.to_pylist()]
    needle_rows = [(v,) for v in [0, 2, None, 10]]
    lo = plc.search.lower_bound(hay, needles, orders, nulls)
    hi = plc.search.upper_bound(hay, needles, orders, nulls)
    assert lo.to_pylist() == expected_bounds(hay_rows, needle_rows, orders, nulls, upper=False)
    assert hi.to_pylist() == expected_bounds(hay_rows, needle_rows, orders, nulls, upper=True)
    # empty lists mean ascending, nulls before
    assert plc.search.lower_bound(hay, needles, [], []).to_pylist() == lo.to_pylist()


def test_empty_inputs():
    empty = plc.Table([plc.Column.from_arrow(pa.array([], pa.int32()))])
    some = plc.Table([plc.Column.from_arrow(pa.array([1, None], pa.int32()))])
    args = ([Order.ASCENDING], [NullOrder.BEFORE])
    some_rows = [(1,), (None,)]
    assert plc.search.lower_bound(empty, some, *args).to_pylist() == expected_bounds(
        [], some_rows, *args, upper=False
    )
    assert plc.search.upper_bound(some, empty, *args).to_pylist() == expected_bounds(
        sort_rows(some_rows, *args), [], *args, upper=True
    )


def test_errors():
    i32 = plc.Table([plc.Column.from_arrow(pa.array([1, 2], pa.int32()))])
    i64 = plc.Table([plc.Column.from_arrow(pa.array([1, 2], pa.int64()))])
    two = plc.Table([plc.Column.from_arrow(pa.array([1, 2], pa.int32()))] * 2)
    args = ([Order.ASCENDING], [NullOrder.BEFORE])
    with pytest.raises(TypeError, match="same type"):
        plc.search.lower_bound(i32, i64, *args)
    with pytest.raises(ValueError, match="columns"):
        plc.search.upper_bound(i32, two, *args)
    with pytest.raises(ValueError, match="column_order"):
        plc.search.lower_bound(two, two, [Order.ASCENDING], [NullOrder.BEFORE] * 2)
    with pytest.raises(ValueError, match="Order"):
        plc.search.lower_bound(i32, i32, [5], [NullOrder.BEFORE])
    lists = plc.Table([plc.Column.from_arrow(pa.array([[1], [2]]))])
    with pytest.raises(NotImplementedError, match="does not support"):
        plc.search.lower_bound(lists, lists, *args)


# ---------------------------------------------------------------------------------------
# contains
# ---------------------------------------------------------------------------------------


def member_key(v):
    if isinstance(v, float) and math.isnan(v):
        return "nan"
    return v


def expected_contains(hay, needles):
    keys = {member_key(v) for v in hay if v is not None}
    return [None if v is None else member_key(v) in keys for v in needles]


@pytest.mark.parametrize("t", SEARCH_TYPES, ids=type_id)
@pytest.mark.parametrize("sliced", [False, True], ids=["plain", "sliced"])
def test_contains(t, sliced):
    hay = pa.array(values(t, 50, 3), t)
    needles = pa.array(values(t, 30, 4) + hay.to_pylist()[:10], t)
    if sliced:
        hay, needles = hay.slice(4, 40), needles.slice(3)
    got = plc.search.contains(plc.Column.from_arrow(hay), plc.Column.from_arrow(needles))
    assert got.type().id() == plc.TypeId.BOOL8
    expected = expected_contains(hay.to_pylist(), needles.to_pylist())
    assert got.to_pylist() == expected
    assert got.null_count() == expected.count(None)


def test_contains_floats_and_edges():
    hay_vals, needle_vals = [1.0, float("nan"), -0.0, None], [float("nan"), 0.0, 2.0, None, 1.0]
    hay = plc.Column.from_arrow(pa.array(hay_vals))
    needles = plc.Column.from_arrow(pa.array(needle_vals))
    # NaN equals NaN and -0.0 equals 0.0 (libcudf's rules), as member_key says
    assert plc.search.contains(hay, needles).to_pylist() == expected_contains(hay_vals, needle_vals)
    empty = plc.Column.from_arrow(pa.array([], pa.float64()))
    got = plc.search.contains(empty, needles).to_pylist()
    assert got == expected_contains([], needle_vals)
    assert plc.search.contains(hay, empty).to_pylist() == expected_contains(hay_vals, [])
    dup_vals = [Decimal("1.5")] * 100 + [Decimal("2")]
    nd_vals = [Decimal("2"), Decimal("1.5"), Decimal("3")]
    dup = plc.Column.from_arrow(pa.array(dup_vals, pa.decimal128(5, 1)))
    nd = plc.Column.from_arrow(pa.array(nd_vals, pa.decimal128(5, 1)))
    assert plc.search.contains(dup, nd).to_pylist() == expected_contains(dup_vals, nd_vals)
    with pytest.raises(TypeError, match="same type"):
        plc.search.contains(hay, plc.Column.from_arrow(pa.array([1], pa.int64())))


@given(
    st.lists(st.one_of(st.none(), st.integers(-5, 5)), max_size=30),
    st.lists(st.one_of(st.none(), st.integers(-5, 5)), max_size=20),
    st.sampled_from(list(Order)),
    st.sampled_from(list(NullOrder)),
)
def test_property_bounds_and_contains(hay_vals, needle_vals, order, null_order):
    check(
        [(v,) for v in hay_vals], [(v,) for v in needle_vals], [pa.int64()], [order], [null_order]
    )
    got = plc.search.contains(
        plc.Column.from_arrow(pa.array(hay_vals, pa.int64())),
        plc.Column.from_arrow(pa.array(needle_vals, pa.int64())),
    )
    assert got.to_pylist() == expected_contains(hay_vals, needle_vals)
