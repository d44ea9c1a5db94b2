"""plc.merge against pyarrow: merging tables sorted by the key columns equals a stable
sort of their concatenation (ties keep input order: table by table, then row by row)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import make_array

import ferrodf.plc as plc

Order = plc.types.Order
NullOrder = plc.types.NullOrder


def plc_table(t: pa.Table) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(c.combine_chunks()) for c in t.columns])


def as_arrow(t: plc.Table) -> pa.Table:
    return pa.table({str(i): c.to_arrow() for i, c in enumerate(t.columns())})


def sort_keys(names, orders, placement):
    return [
        (n, "descending" if o == Order.DESCENDING else "ascending", placement)
        for n, o in zip(names, orders, strict=True)
    ]


@pytest.mark.parametrize(
    "orders,placement",
    [
        ([Order.ASCENDING, Order.ASCENDING], "at_start"),
        ([Order.DESCENDING, Order.ASCENDING], "at_end"),
    ],
)
@pytest.mark.parametrize("ntables", [1, 2, 3])
def test_merge(orders, placement, ntables):
    # null order giving pyarrow's absolute placement for each column
    nulls = [
        (
            NullOrder.BEFORE
            if (placement == "at_start") != (o == Order.DESCENDING)
            else NullOrder.AFTER
        )
        for o in orders
    ]
    parts = []
    for i in range(ntables):
        t = pa.table(
            {
                "k": pc.divide(make_array(pa.int64(), 20 + i, seed=i), 10**18),
                "s": make_array(pa.string(), 20 + i, nulls=False, seed=10 + i),
                "v": pa.array(
                    [(i, j) for j in range(20 + i)],
                    pa.struct([("t", pa.int8()), ("r", pa.int16())]),
                ),
            }
        )
        keys = sort_keys(["k", "s"], orders, placement)
        parts.append(t.take(pc.sort_indices(t, sort_keys=keys)))
    got = plc.merge.merge([plc_table(p) for p in parts], [0, 1], orders, nulls)
    concat = pa.concat_tables(parts)
    want = concat.take(pc.sort_indices(concat, sort_keys=sort_keys(["k", "s"], orders, placement)))
    assert as_arrow(got).equals(as_arrow(plc_table(want)))


def test_merge_sliced_and_empty():
    a = pa.table({"x": pa.array([9, 1, 3, 5, 7], pa.int32()).slice(1)})
    b = pa.table({"x": pa.array([], pa.int32())})
    c = pa.table({"x": pa.array([0, 2, 4, 100], pa.int32()).slice(0, 3)})
    got = plc.merge.merge([plc_table(a), plc_table(b), plc_table(c)], [0], [Order.ASCENDING], [])
    assert got.columns()[0].to_pylist() == sorted([1, 3, 5, 7, 0, 2, 4])
    assert plc.merge.merge([], [], [], []).num_columns() == 0


def test_merge_errors():
    a = plc_table(pa.table({"x": pa.array([1], pa.int32())}))
    b = plc_table(pa.table({"x": pa.array([1], pa.int64())}))
    with pytest.raises(TypeError, match="column 0"):
        plc.merge.merge([a, b], [0], [Order.ASCENDING], [])
    with pytest.raises(IndexError, match="key column 3"):
        plc.merge.merge([a, a], [3], [Order.ASCENDING], [])
    with pytest.raises(ValueError, match="column_order"):
        plc.merge.merge([a, a], [0], [], [])
