"""plc.reshape (interleave_columns, tile, table_to_array) and plc.transpose.

Oracles: NumPy (``np.column_stack(...).ravel()``, ``np.tile``, Fortran-ordered copies,
``.T``) over the columns' Python values, with nulls carried as ``None``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import NUMERIC_TYPES, assert_column_eq, assert_table_eq, make_array, type_id
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc


def table(*arrays: pa.Array) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def interleaved(arrays: list[pa.Array]) -> list:
    """Row-major values of the columns side by side (NumPy's column_stack, then ravel)."""
    grid = np.empty((len(arrays[0]), len(arrays)), dtype=object)
    for j, a in enumerate(arrays):
        grid[:, j] = a.to_pylist()
    return list(grid.ravel())


@pytest.mark.parametrize("t", [*NUMERIC_TYPES, pa.string(), pa.timestamp("ms")], ids=type_id)
def test_interleave_columns(t):
    arrays = [make_array(t, 23, seed=s) for s in range(3)]
    got = plc.reshape.interleave_columns(table(*arrays))
    assert_column_eq(got, pa.array(interleaved(arrays), arrays[0].type))


def test_interleave_columns_sliced_and_single():
    a = make_array(pa.int64(), 40, seed=1).slice(5, 17)
    b = make_array(pa.int64(), 40, seed=2).slice(11, 17)
    assert_column_eq(plc.reshape.interleave_columns(table(a, b)), pa.array(interleaved([a, b])))
    assert_column_eq(plc.reshape.interleave_columns(table(a)), a)
    empty = pa.array([], pa.float32())
    assert_column_eq(plc.reshape.interleave_columns(table(empty, empty)), empty)


def test_interleave_columns_errors():
    with pytest.raises(TypeError, match="all columns must have the same type"):
        plc.reshape.interleave_columns(table(pa.array([1], pa.int32()), pa.array([1.0])))
    with pytest.raises(ValueError, match="at least one column"):
        plc.reshape.interleave_columns(plc.Table([]))


@pytest.mark.parametrize("count", [0, 1, 3])
def test_tile(count):
    arrays = [make_array(pa.int32(), 13, seed=3), make_array(pa.string(), 13, seed=4)]
    got = plc.reshape.tile(table(*arrays), count)
    expected = pa.table(
        {
            str(i): pa.array(np.tile(np.array(a.to_pylist(), dtype=object), count).tolist(), a.type)
            for i, a in enumerate(arrays)
        }
    )
    assert_table_eq(got, expected)


def test_tile_sliced_empty_and_errors():
    a = make_array(pa.float64(), 30, seed=5).slice(7, 9)
    got = plc.reshape.tile(table(a), 2)
    assert_column_eq(
        got.columns()[0],
        pa.array(np.tile(np.array(a.to_pylist(), dtype=object), 2).tolist(), a.type),
    )
    assert plc.reshape.tile(table(pa.array([], pa.int8())), 4).num_rows() == 0
    with pytest.raises(ValueError, match="count cannot be negative"):
        plc.reshape.tile(table(a), -1)


def transposed(arrays: list[pa.Array]) -> list[list]:
    """The columns of pandas' ``.T`` of the frame of the arrays (its rows, in turn)."""
    flipped = pd.DataFrame({i: a.to_pylist() for i, a in enumerate(arrays)}, dtype=object).T
    return [flipped[c].tolist() for c in flipped.columns]


@pytest.mark.parametrize("t", [*NUMERIC_TYPES, pa.duration("us")], ids=type_id)
def test_transpose(t):
    arrays = [make_array(t, 6, seed=s) for s in range(4)]
    got = plc.transpose.transpose(table(*arrays))
    want = transposed(arrays)
    assert got.num_columns() == 6
    for col, row in zip(got.columns(), want, strict=True):
        assert_column_eq(col, pa.array(row, arrays[0].type))
        # any input null gives every output column a mask
        assert col.null_mask() is not None


def test_transpose_sliced_no_nulls_and_empty():
    arrays = [make_array(pa.int16(), 20, nulls=False, seed=s).slice(3, 5) for s in range(3)]
    got = plc.transpose.transpose(table(*arrays))
    want = np.array([a.to_pylist() for a in arrays]).T
    for col, row in zip(got.columns(), want, strict=True):
        assert_column_eq(col, pa.array(row, pa.int16()))
        assert col.null_count() == 0
    assert plc.transpose.transpose(plc.Table([])).num_columns() == 0
    assert plc.transpose.transpose(table(pa.array([], pa.int32()))).num_columns() == 0


def test_transpose_errors():
    with pytest.raises(TypeError, match="same type"):
        plc.transpose.transpose(table(pa.array([1], pa.int32()), pa.array([1], pa.int64())))
    with pytest.raises(TypeError, match="only fixed-width"):
        plc.transpose.transpose(table(pa.array(["a"]), pa.array(["b"])))


@pytest.fixture
def on_host():
    """table_to_array writes to a host address only on the host path."""
    with ferrodf.option_context(device="cpu"):
        yield


@pytest.mark.parametrize(
    "t", [pa.int8(), pa.int32(), pa.uint64(), pa.float32(), pa.float64()], ids=type_id
)
def test_table_to_array_host(on_host, t):
    arrays = [make_array(t, 40, nulls=False, seed=s).slice(3, 11) for s in range(3)]
    np_type = np.dtype(t.to_pandas_dtype())
    out = np.zeros((11, 3), dtype=np_type, order="F")
    plc.reshape.table_to_array(table(*arrays), out.ctypes.data, out.nbytes)
    want = np.column_stack([a.to_numpy() for a in arrays])
    np.testing.assert_array_equal(out, want)


def test_table_to_array_errors_and_empty(on_host):
    out = np.zeros(4, dtype=np.int32)
    t = table(pa.array([1, 2], pa.int32()), pa.array([3, 4], pa.int32()))
    with pytest.raises(ValueError, match="holds 12 bytes but the table needs 16"):
        plc.reshape.table_to_array(t, out.ctypes.data, 12)
    with pytest.raises(ValueError, match="no nulls"):
        plc.reshape.table_to_array(table(pa.array([1, None], pa.int32())), out.ctypes.data, 16)
    with pytest.raises(TypeError, match="same type"):
        plc.reshape.table_to_array(
            table(pa.array([1], pa.int32()), pa.array([1], pa.int64())), out.ctypes.data, 16
        )
    with pytest.raises(TypeError, match="only fixed-width"):
        plc.reshape.table_to_array(table(pa.array(["a"])), out.ctypes.data, 16)
    plc.reshape.table_to_array(table(pa.array([], pa.int32())), out.ctypes.data, 0)
    plc.reshape.table_to_array(t, out.ctypes.data, out.nbytes, None)  # stream is ignored
    np.testing.assert_array_equal(out, [1, 2, 3, 4])


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda k: st.lists(
            st.lists(
                st.one_of(st.none(), st.integers(-(2**31), 2**31 - 1)), min_size=k, max_size=k
            ),
            min_size=0,
            max_size=12,
        ).map(lambda rows: (k, rows))
    ),
    st.integers(0, 3),
)
def test_reshape_properties(case, count):
    k, rows = case
    arrays = [pa.array([r[j] for r in rows], pa.int32()) for j in range(k)]
    t = table(*arrays)
    assert plc.reshape.interleave_columns(t).to_arrow().to_pylist() == [v for r in rows for v in r]
    tiled = plc.reshape.tile(t, count)
    assert [c.to_arrow().to_pylist() for c in tiled.columns()] == [
        a.to_pylist() * count for a in arrays
    ]
    tr = plc.transpose.transpose(t)
    assert [c.to_arrow().to_pylist() for c in tr.columns()] == [list(r) for r in rows]
