"""plc.partitioning.partition and round_robin_partition. Oracles: a stable argsort of the
partition ids in NumPy (rows keep their input order within a partition) and the counts of
the ids for the offsets."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import assert_table_eq, make_array
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc


def table_of(arrays: list[pa.Array]) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def grouped(arrays: list[pa.Array], ids: np.ndarray, parts: int):
    order = np.argsort(ids, kind="stable")
    starts = np.concatenate([[0], np.cumsum(np.bincount(ids, minlength=parts))])
    want = pa.table({str(i): a.take(pa.array(order, pa.int64())) for i, a in enumerate(arrays)})
    return want, starts.tolist()


def data(n: int, offset: int = 0) -> list[pa.Array]:
    return [
        make_array(pa.int64(), n + offset, seed=1).slice(offset),
        make_array(pa.string(), n + offset, seed=2).slice(offset),
    ]


@pytest.mark.parametrize("map_type", [pa.int32(), pa.int8(), pa.uint16(), pa.int64()])
@pytest.mark.parametrize("offset", [0, 5])
def test_partition(map_type, offset):
    arrays = data(50, offset)
    rng = np.random.default_rng(offset)
    ids = rng.integers(0, 7, 50)
    pmap = pa.array(np.concatenate([np.zeros(offset, int), ids]), map_type).slice(offset)
    got, offsets = plc.partitioning.partition(table_of(arrays), plc.Column.from_arrow(pmap), 7)
    want, starts = grouped(arrays, ids, 7)
    assert_table_eq(got, want)
    assert offsets == starts
    assert len(offsets) == 8


def test_partition_empty_and_one():
    arrays = [pa.array([], pa.int32())]
    got, offsets = plc.partitioning.partition(
        table_of(arrays), plc.Column.from_arrow(pa.array([], pa.int32())), 3
    )
    assert got.num_rows() == 0
    assert offsets == [0, 0, 0, 0]
    arrays = data(9)
    got, offsets = plc.partitioning.partition(
        table_of(arrays), plc.Column.from_arrow(pa.array([0] * 9, pa.int32())), 1
    )
    assert_table_eq(got, pa.table({str(i): a for i, a in enumerate(arrays)}))
    assert offsets == [0, 9]


def test_partition_errors():
    t = table_of([pa.array([1, 2, 3])])
    pmap = plc.Column.from_arrow(pa.array([0, 1, 2], pa.int32()))
    with pytest.raises(IndexError, match=r"must lie in \[0, 2\)"):
        plc.partitioning.partition(t, pmap, 2)
    with pytest.raises(IndexError, match=r"must lie in \[0, 3\)"):
        plc.partitioning.partition(t, plc.Column.from_arrow(pa.array([0, -1, 2], pa.int32())), 3)
    with pytest.raises(ValueError, match="partition_map has 2 rows but the table has 3"):
        plc.partitioning.partition(t, plc.Column.from_arrow(pa.array([0, 1], pa.int32())), 3)
    with pytest.raises(ValueError, match="cannot contain nulls"):
        plc.partitioning.partition(t, plc.Column.from_arrow(pa.array([0, None, 1], pa.int32())), 3)
    with pytest.raises(TypeError, match="must be an integer column"):
        plc.partitioning.partition(t, plc.Column.from_arrow(pa.array([0.0, 1.0, 1.0])), 3)
    with pytest.raises(ValueError, match="num_partitions must be between 1"):
        plc.partitioning.partition(t, pmap, 0)


def rr_ids(n: int, parts: int, start: int) -> np.ndarray:
    return (np.arange(n) + start) % parts


@pytest.mark.parametrize(
    ("n", "parts", "start"), [(13, 3, 0), (13, 3, 2), (4, 6, 5), (20, 1, 0), (0, 4, 1)]
)
@pytest.mark.parametrize("offset", [0, 3])
def test_round_robin_partition(n, parts, start, offset):
    arrays = data(n, offset)
    got, offsets = plc.partitioning.round_robin_partition(table_of(arrays), parts, start)
    want, starts = grouped(arrays, rr_ids(n, parts, start), parts)
    assert_table_eq(got, want)
    assert offsets == starts[:-1]


def test_round_robin_partition_default_start_and_errors():
    t = table_of([pa.array(list(range(13)))])
    got, offsets = plc.partitioning.round_robin_partition(t, 3)
    assert got.columns()[0].to_arrow().to_pylist() == [0, 3, 6, 9, 12, 1, 4, 7, 10, 2, 5, 8, 11]
    assert offsets == [0, 5, 9]
    with pytest.raises(ValueError, match="num_partitions must be between 1"):
        plc.partitioning.round_robin_partition(t, 0)
    with pytest.raises(ValueError, match="start_partition must be between 0 and"):
        plc.partitioning.round_robin_partition(t, 3, 3)
    with pytest.raises(ValueError, match="start_partition must be between 0 and"):
        plc.partitioning.round_robin_partition(t, 3, -1)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(0, 5), max_size=40),
    st.integers(1, 6),
    st.integers(0, 5),
)
def test_partition_properties(ids, parts, start):
    ids = [i % parts for i in ids]
    arrays = [pa.array(list(range(len(ids))), pa.int32())]
    got, offsets = plc.partitioning.partition(
        table_of(arrays), plc.Column.from_arrow(pa.array(ids, pa.int32())), parts
    )
    want, starts = grouped(arrays, np.array(ids, dtype=np.int64), parts)
    assert_table_eq(got, want)
    assert offsets == starts
    start %= parts
    got, offsets = plc.partitioning.round_robin_partition(table_of(arrays), parts, start)
    want, starts = grouped(arrays, rr_ids(len(ids), parts, start), parts)
    assert_table_eq(got, want)
    assert offsets == starts[:-1]
