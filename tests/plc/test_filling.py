"""plc.filling against plain-Python oracles."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import assert_column_eq, type_id
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import FIXED_TYPES, MOVE_TYPES, col, data, scalar, table

import ferrodf.plc as plc

fl = plc.filling


@pytest.mark.parametrize("t", MOVE_TYPES, ids=type_id)
@pytest.mark.parametrize("offset", [0, 3])
def test_fill(t, offset):
    a = data(t, 30 + offset)[offset:]
    v = data(t, 2, seed=4, nulls=False)[0].as_py()
    for val in (v, None):
        got = fl.fill(col(a), 4, 17, scalar(val, t))
        expect = a.to_pylist()
        expect[4:17] = [val] * 13
        assert_column_eq(got, pa.array(expect, t))
    assert_column_eq(fl.fill(col(a), 5, 5, scalar(v, t)), a)


@pytest.mark.parametrize("t", FIXED_TYPES, ids=type_id)
def test_fill_in_place(t):
    a = data(t, 20)
    c = col(a)
    v = data(t, 2, seed=4, nulls=False)[0].as_py()
    assert fl.fill_in_place(c, 2, 9, scalar(v, t)) is None
    expect = a.to_pylist()
    expect[2:9] = [v] * 7
    assert_column_eq(c, pa.array(expect, t))
    fl.fill_in_place(c, 0, 3, scalar(None, t))
    expect[0:3] = [None] * 3
    assert_column_eq(c, pa.array(expect, t))


def test_fill_errors():
    c = col(data(pa.int32(), 5))
    with pytest.raises(TypeError, match="fill: the value is INT64 but the column is INT32"):
        fl.fill(c, 0, 1, scalar(1, pa.int64()))
    with pytest.raises(IndexError, match=r"fill: range 2\.\.6 is not inside a column of 5 rows"):
        fl.fill(c, 2, 6, scalar(1, pa.int32()))
    with pytest.raises(IndexError, match=r"fill: range 3\.\.2 is not inside a column of 5 rows"):
        fl.fill(c, 3, 2, scalar(1, pa.int32()))
    with pytest.raises(TypeError, match="fill_in_place works on fixed-width columns only"):
        fl.fill_in_place(col(data(pa.string(), 3)), 0, 1, scalar("x", pa.string()))
    with pytest.raises(ValueError, match="fill_in_place: the value is null but the column"):
        fl.fill_in_place(col(data(pa.int32(), 3, nulls=False)), 0, 1, scalar(None, pa.int32()))


SEQ_TYPES = [pa.int8(), pa.int32(), pa.uint16(), pa.int64(), pa.float32(), pa.float64()]


@pytest.mark.parametrize("t", SEQ_TYPES, ids=type_id)
@pytest.mark.parametrize("size", [0, 1, 300])
def test_sequence(t, size):
    init, step = (3, 7) if pa.types.is_integer(t) else (0.5, -0.25)
    got = fl.sequence(size, scalar(init, t), scalar(step, t))
    if pa.types.is_integer(t):
        info = np.iinfo(t.to_pandas_dtype())
        span = int(info.max) - int(info.min) + 1
        expect = [((init + i * step - int(info.min)) % span) + int(info.min) for i in range(size)]
    else:
        dt = np.float32 if t == pa.float32() else np.float64
        expect = [float(dt(init) + dt(i) * dt(step)) for i in range(size)]
    assert_column_eq(got, pa.array(expect, t))
    assert got.null_mask() is None


def test_sequence_errors():
    with pytest.raises(ValueError, match="sequence: init is INT32 but step is INT64"):
        fl.sequence(3, scalar(1, pa.int32()), scalar(1, pa.int64()))
    with pytest.raises(ValueError, match="sequence needs a numeric type other than BOOL8"):
        fl.sequence(3, scalar("a", pa.string()), scalar("b", pa.string()))
    with pytest.raises(ValueError, match=r"sequence: init and step must be valid \(not null\)"):
        fl.sequence(3, scalar(None, pa.int32()), scalar(1, pa.int32()))
    with pytest.raises(ValueError, match="sequence size -1 is negative"):
        fl.sequence(-1, scalar(1, pa.int32()), scalar(1, pa.int32()))


@pytest.mark.parametrize("t", MOVE_TYPES, ids=type_id)
def test_repeat(t):
    a = data(t, 12)
    got = fl.repeat(table(a), 3)
    expect = [v for v in a.to_pylist() for _ in range(3)]
    assert_column_eq(got.columns()[0], pa.array(expect, t))
    counts = [i % 4 for i in range(12)]
    got = fl.repeat(table(a), col(pa.array(counts, pa.int32())))
    expect = [v for v, k in zip(a.to_pylist(), counts, strict=True) for _ in range(k)]
    assert_column_eq(got.columns()[0], pa.array(expect, t))
    assert fl.repeat(table(a), 0).num_rows() == 0


def test_repeat_errors():
    t = table(data(pa.int32(), 3))
    with pytest.raises(ValueError, match="repeat count -1 is negative"):
        fl.repeat(t, -1)
    with pytest.raises(ValueError, match="repeat: 2 counts for 3 rows; they must match"):
        fl.repeat(t, col(pa.array([1, 2], pa.int32())))
    with pytest.raises(ValueError, match="repeat counts must not be null"):
        fl.repeat(t, col(pa.array([1, None, 2], pa.int32())))
    with pytest.raises(ValueError, match="repeat counts must not be negative, got -2"):
        fl.repeat(t, col(pa.array([1, -2, 2], pa.int32())))
    with pytest.raises(TypeError, match="repeat counts must be integers, got FLOAT64"):
        fl.repeat(t, col(pa.array([1.0, 2.0, 2.0])))
    with pytest.raises(OverflowError, match="repeat: 3 rows x 1073741824 exceeds the"):
        fl.repeat(t, 2**30)


@given(st.lists(st.integers(0, 5), max_size=30))
def test_repeat_property(counts):
    vals = list(range(len(counts)))
    got = fl.repeat(table(pa.array(vals, pa.int64())), col(pa.array(counts, pa.int64())))
    assert got.columns()[0].to_arrow().to_pylist() == [
        v for v, k in zip(vals, counts, strict=True) for _ in range(k)
    ]
