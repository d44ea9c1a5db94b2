"""plc.column_factories. Oracle: pyarrow (the type, length and validity a column of that
type would have; values are zeroed by ferrodf, so ``pa.array([0] * n, type)``)."""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import assert_column_eq
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc

T = plc.TypeId
M = plc.types.MaskState
cf = plc.column_factories


def zeros(t: pa.DataType, n: int, null: bool) -> pa.Array:
    arr = (
        pa.array([0] * n, pa.int64()).cast(t)
        if not pa.types.is_boolean(t)
        else pa.array([False] * n, pa.bool_())
    )
    if null:
        return pa.array([None] * n, t)
    return arr


FACTORIES = [
    (cf.make_numeric_column, T.INT32, pa.int32()),
    (cf.make_numeric_column, T.FLOAT64, pa.float64()),
    (cf.make_numeric_column, T.BOOL8, pa.bool_()),
    (cf.make_numeric_column, T.UINT16, pa.uint16()),
    (cf.make_timestamp_column, T.TIMESTAMP_MILLISECONDS, pa.timestamp("ms")),
    (cf.make_duration_column, T.DURATION_NANOSECONDS, pa.duration("ns")),
    (cf.make_fixed_width_column, T.INT8, pa.int8()),
    (cf.make_fixed_width_column, T.DURATION_SECONDS, pa.duration("s")),
]


@pytest.mark.parametrize(
    ("factory", "tid", "pa_type"), FACTORIES, ids=lambda x: getattr(x, "__name__", str(x))
)
@pytest.mark.parametrize("state", [M.UNALLOCATED, M.ALL_VALID, M.ALL_NULL, M.UNINITIALIZED])
@pytest.mark.parametrize("size", [0, 1, 37])
def test_make_fixed_width(factory, tid, pa_type, state, size):
    col = factory(plc.DataType(tid), size, state)
    assert col.type().id() == tid
    null = state in (M.ALL_NULL, M.UNINITIALIZED)
    assert_column_eq(col, zeros(pa_type, size, null))
    assert (col.null_mask() is None) == (state == M.UNALLOCATED)


@pytest.mark.parametrize("tid", [T.DECIMAL32, T.DECIMAL64, T.DECIMAL128])
def test_make_fixed_point_column(tid):
    col = cf.make_fixed_point_column(plc.DataType(tid, -2), 5, M.ALL_VALID)
    assert col.type().id() == tid
    assert col.type().scale() == -2
    assert col.size() == 5
    assert col.null_count() == 0
    vals = col.to_arrow().to_pylist()
    assert all(v == 0 for v in vals)


def test_type_errors():
    with pytest.raises(TypeError, match="the type must be numeric"):
        cf.make_numeric_column(plc.DataType(T.TIMESTAMP_DAYS), 2, M.UNALLOCATED)
    with pytest.raises(TypeError, match="fixed-point"):
        cf.make_fixed_point_column(plc.DataType(T.INT32), 2, M.UNALLOCATED)
    with pytest.raises(TypeError, match="a timestamp type"):
        cf.make_timestamp_column(plc.DataType(T.DURATION_DAYS), 2, M.UNALLOCATED)
    with pytest.raises(TypeError, match="a duration type"):
        cf.make_duration_column(plc.DataType(T.INT64), 2, M.UNALLOCATED)
    with pytest.raises(TypeError, match="fixed-width"):
        cf.make_fixed_width_column(plc.DataType(T.STRING), 2, M.UNALLOCATED)
    with pytest.raises(ValueError, match="size cannot be negative"):
        cf.make_numeric_column(plc.DataType(T.INT32), -1, M.UNALLOCATED)
    with pytest.raises(ValueError, match="9 is not a valid MaskState"):
        cf.make_numeric_column(plc.DataType(T.INT32), 1, 9)
    for not_a_scalar, name in [(pa.scalar(3), "Int64Scalar"), (3, "int"), (None, "NoneType")]:
        with pytest.raises(TypeError, match=f"takes a ferrodf.plc.Scalar, got {name}: make one"):
            plc.Column.from_scalar(not_a_scalar, 2)


@pytest.mark.parametrize(
    ("arg", "pa_type"),
    [
        (T.INT64, pa.int64()),
        (plc.DataType(T.FLOAT32), pa.float32()),
        (T.STRING, pa.string()),
        (T.BOOL8, pa.bool_()),
        (plc.DataType(T.TIMESTAMP_DAYS), pa.date32()),
    ],
)
def test_make_empty_column(arg, pa_type):
    col = cf.make_empty_column(arg)
    assert col.size() == 0
    assert col.null_count() == 0
    assert col.to_arrow().type == pa_type or col.to_arrow().type == pa.timestamp("s")


def test_make_empty_nested_columns():
    lists = cf.make_empty_lists_column(plc.DataType(T.INT16))
    assert lists.type().id() == T.LIST
    assert lists.size() == 0
    assert lists.to_arrow().type == pa.list_(pa.int16())
    assert cf.make_empty_column(T.LIST).size() == 0
    assert cf.make_empty_column(T.STRUCT).type().id() == T.STRUCT
    with pytest.raises(TypeError, match="DICTIONARY32"):
        cf.make_empty_column(T.DICTIONARY32)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 200), st.sampled_from(list(M)))
def test_factory_property(size, state):
    col = cf.make_numeric_column(plc.DataType(T.INT64), size, state)
    assert col.size() == size
    want_nulls = size if state in (M.ALL_NULL, M.UNINITIALIZED) else 0
    assert col.null_count() == want_nulls
    assert col.to_arrow().to_pylist() == [None if want_nulls else 0] * size
