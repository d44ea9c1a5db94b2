"""DLPack: ``Column.__dlpack__`` (no copy, the Python array API protocol) and pylibcudf's
copying ``plc.interop.to_dlpack`` / ``from_dlpack``.

The oracle is NumPy: the values pyarrow gives for the same array. On the GPU the tensors are
read with CuPy, on the host with NumPy.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import NUMERIC_TYPES, make_array, runs_on_gpu
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ferrodf.plc as plc

# The types DLPack carries: every integer, both floats and bool.
DLPACK_TYPES = NUMERIC_TYPES
SLICES = [(0, 37), (3, 30), (13, 5), (36, 1), (5, 0)]


class _Capsule:
    """A bare capsule behind ``__dlpack__``: NumPy reads producers, not capsules."""

    def __init__(self, capsule) -> None:
        self.capsule = capsule

    def __dlpack__(self, **_kwargs):
        return self.capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0) if runs_on_gpu() else (1, 0)


def _host(tensor_like) -> np.ndarray:
    """What a consumer reads from a DLPack producer or capsule, as a host array."""
    if type(tensor_like).__name__ == "PyCapsule":
        tensor_like = _Capsule(tensor_like)
    if runs_on_gpu():
        import cupy as cp

        return cp.from_dlpack(tensor_like).get()
    return np.from_dlpack(tensor_like)


def _capsule_values(capsule) -> np.ndarray:
    """The values of a bare capsule, read back through ferrodf (as a 2-D host array)."""
    tbl = plc.interop.from_dlpack(capsule)
    return np.column_stack([c.to_arrow().to_numpy(zero_copy_only=False) for c in tbl.columns()])


def _expected(arr: pa.Array) -> np.ndarray:
    return arr.to_numpy(zero_copy_only=False)


def _sliced(arr: pa.Array, offset: int, length: int) -> plc.Column:
    col = plc.Column.from_arrow(arr)
    return plc.copying.slice(col, [offset, offset + length])[0]


@pytest.fixture(params=DLPACK_TYPES, ids=str)
def dl_type(request) -> pa.DataType:
    return request.param


# --- Column.__dlpack__ ------------------------------------------------------------------


@pytest.mark.parametrize("offset,length", SLICES)
def test_column_exports_its_values(dl_type, offset, length):
    arr = make_array(dl_type, 37, nulls=False)
    col = _sliced(arr, offset, length)
    assert col.offset() == offset
    got = _host(col)
    expected = _expected(arr.slice(offset, length))
    assert got.dtype == expected.dtype
    assert got.shape == (length,)
    np.testing.assert_array_equal(got, expected)


def test_dlpack_device_follows_placement():
    col = plc.Column.from_arrow(pa.array([1, 2, 3]))
    assert col.__dlpack_device__() == ((2, 0) if runs_on_gpu() else (1, 0))


def test_versioned_and_legacy_capsules():
    arr = pa.array([1.5, -2.0, float("nan"), 4.25])
    col = plc.Column.from_arrow(arr)
    legacy = col.__dlpack__()
    versioned = col.__dlpack__(max_version=(1, 0))
    assert "dltensor" in repr(legacy) and "versioned" not in repr(legacy)
    assert "dltensor_versioned" in repr(versioned)
    for capsule in (legacy, versioned):
        np.testing.assert_array_equal(_capsule_values(capsule)[:, 0], _expected(arr))


@pytest.mark.skipif("runs_on_gpu()", reason="host tensors: the CPU placement")
def test_host_export_shares_read_only_memory():
    col = plc.Column.from_arrow(pa.array(np.arange(100, dtype=np.int64)))
    a = np.from_dlpack(col)
    b = np.from_dlpack(col)
    assert a.ctypes.data == b.ctypes.data  # no copy
    assert not a.flags.writeable  # ferrodf's bytes are immutable
    with pytest.raises(ValueError, match="assignment destination is read-only"):
        a[0] = 5


@pytest.mark.skipif("runs_on_gpu()", reason="host tensors: the CPU placement")
def test_copy_true_gives_a_private_writable_copy():
    arr = pa.array(np.arange(10, dtype=np.float64))
    col = plc.Column.from_arrow(arr)
    a = np.from_dlpack(col, copy=True)
    assert a.flags.writeable
    a[:] = -1
    np.testing.assert_array_equal(col.to_arrow().to_numpy(), _expected(arr))


def test_host_tensor_on_request():
    arr = pa.array(np.arange(50, dtype=np.int32))
    col = plc.Column.from_arrow(arr)
    got = np.from_dlpack(col, device="cpu")
    np.testing.assert_array_equal(got, _expected(arr))


@pytest.mark.skipif("not runs_on_gpu()", reason="device tensors: a GPU run")
def test_device_export_is_zero_copy_and_host_copy_can_be_refused():
    import cupy as cp

    col = plc.Column.from_arrow(pa.array(np.arange(1000, dtype=np.int64)))
    a = cp.from_dlpack(col)
    b = cp.from_dlpack(col)
    assert a.data.ptr == b.data.ptr == col.data().ptr
    # A fresh device column has no host copy: a host tensor without copying is impossible.
    fresh = plc.binaryop.binary_operation(
        col, col, plc.binaryop.BinaryOperator.ADD, plc.DataType(plc.TypeId.INT64)
    )
    with pytest.raises(BufferError, match="copy=False"):
        fresh.__dlpack__(dl_device=(1, 0), copy=False, max_version=(1, 0))
    copied = cp.from_dlpack(col.__dlpack__(copy=True, max_version=(1, 0)))
    assert copied.data.ptr != col.data().ptr
    np.testing.assert_array_equal(copied.get(), np.arange(1000))


@pytest.mark.parametrize(
    "arr,match",
    [
        (pa.array([1, None, 3]), "1 nulls"),
        (pa.array(["a", "b"]), "no DLPack form"),
        (pa.array([1, 2], type=pa.timestamp("ms")), "no DLPack form"),
    ],
    ids=["nulls", "string", "timestamp"],
)
def test_columns_dlpack_cannot_carry_raise_buffer_error(arr, match):
    col = plc.Column.from_arrow(arr)
    with pytest.raises(BufferError, match=match):
        col.__dlpack__()


def test_unknown_device_raises_buffer_error():
    col = plc.Column.from_arrow(pa.array([1, 2, 3]))
    with pytest.raises(BufferError, match="device type 4"):
        col.__dlpack__(dl_device=(4, 0))
    with pytest.raises(ValueError, match="non-negative"):
        col.__dlpack__(dl_device=(1, -1))


# --- interop.to_dlpack ------------------------------------------------------------------


@pytest.mark.parametrize("ncols", [1, 2, 3])
@pytest.mark.parametrize("offset,length", SLICES)
def test_to_dlpack_is_column_major(dl_type, ncols, offset, length):
    arrays = [make_array(dl_type, 37, nulls=False, seed=s) for s in range(ncols)]
    tbl = plc.Table([_sliced(a, offset, length) for a in arrays])
    capsule = plc.interop.to_dlpack(tbl)
    assert "dltensor" in repr(capsule)
    expected = np.column_stack([_expected(a.slice(offset, length)) for a in arrays])
    got = _host(capsule)
    if ncols == 1:
        assert got.shape == (length,)
        got = got[:, None]
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def _address(tensor_like) -> int:
    """The address of the first element a consumer sees."""
    if type(tensor_like).__name__ == "PyCapsule":
        tensor_like = _Capsule(tensor_like)
    if runs_on_gpu():
        import cupy as cp

        return cp.from_dlpack(tensor_like).data.ptr
    return np.from_dlpack(tensor_like).ctypes.data


def test_to_dlpack_copies_and_dunder_dlpack_does_not():
    arr = pa.array(np.arange(20, dtype=np.float64))
    tbl = plc.Table([plc.Column.from_arrow(arr)])
    col = tbl.columns()[0]
    assert _address(col) == _address(col)
    assert _address(plc.interop.to_dlpack(tbl)) != _address(col)
    np.testing.assert_array_equal(_host(plc.interop.to_dlpack(tbl)), _expected(arr))


@pytest.mark.parametrize(
    "columns,exc,match",
    [
        ([], ValueError, "at least one column"),
        ([pa.array([1, 2]), pa.array([1.0, 2.0])], TypeError, "one type"),
        ([pa.array([1, 2]), pa.array([1, None])], ValueError, "column 1 has 1 nulls"),
        ([pa.array(["x", "y"])], ValueError, "no DLPack form"),
    ],
    ids=["empty", "mixed", "nulls", "string"],
)
def test_to_dlpack_errors(columns, exc, match):
    tbl = plc.Table([plc.Column.from_arrow(c) for c in columns])
    with pytest.raises(exc, match=match):
        plc.interop.to_dlpack(tbl)


# --- interop.from_dlpack ----------------------------------------------------------------


def _table_values(tbl: plc.Table) -> np.ndarray:
    cols = [c.to_arrow().to_numpy(zero_copy_only=False) for c in tbl.columns()]
    return np.column_stack(cols) if cols else np.empty((tbl.num_rows(), 0))


def _device_or_host(a: np.ndarray):
    """The array as the placement's consumers hold it: CuPy on a GPU run, else NumPy."""
    if runs_on_gpu():
        import cupy as cp

        return cp.asarray(a, order="F" if a.flags.f_contiguous else "C")
    return a


@pytest.mark.parametrize(
    "dtype", ["int8", "int16", "int32", "int64", "uint8", "uint64", "float32", "float64", "bool"]
)
@pytest.mark.parametrize("shape", [(0,), (1,), (37,), (37, 1), (37, 3), (0, 2), (5, 0)])
def test_from_dlpack_reads_each_column(dtype, shape):
    rng = np.random.default_rng(1)
    a = np.asfortranarray((rng.random(shape) * 100).astype(dtype))
    tbl = plc.interop.from_dlpack(_device_or_host(a))
    expected = a[:, None] if a.ndim == 1 else a
    assert tbl.num_rows() == shape[0]
    assert tbl.num_columns() == expected.shape[1]
    got = _table_values(tbl)
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
    for c in tbl.columns():
        assert c.type().to_arrow() == pa.from_numpy_dtype(np.dtype(dtype))
        assert c.null_count() == 0


def test_from_dlpack_takes_capsules_and_pyarrow_arrays():
    a = np.arange(12, dtype=np.int64)
    np.testing.assert_array_equal(_table_values(plc.interop.from_dlpack(a.__dlpack__()))[:, 0], a)
    arr = pa.array([1.5, 2.5, 3.5])
    np.testing.assert_array_equal(_table_values(plc.interop.from_dlpack(arr))[:, 0], _expected(arr))


class _PreVersionedProducer:
    """A producer from before DLPack 1.0: its ``__dlpack__`` takes only ``stream``."""

    def __init__(self, array) -> None:
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__() if stream is None else self.array.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


def test_from_dlpack_asks_old_producers_the_old_way():
    a = np.asfortranarray(np.arange(20, dtype=np.float32).reshape(10, 2))
    tbl = plc.interop.from_dlpack(_PreVersionedProducer(_device_or_host(a)))
    np.testing.assert_array_equal(_table_values(tbl), a)


def test_from_dlpack_copies():
    a = np.arange(10, dtype=np.int64)
    tbl = plc.interop.from_dlpack(a)
    a[:] = -1
    np.testing.assert_array_equal(_table_values(tbl)[:, 0], np.arange(10))


def test_from_dlpack_reads_a_strided_view_of_columns():
    big = np.asfortranarray(np.arange(40, dtype=np.float64).reshape(10, 4))
    view = big[:, 1:3]  # column-major, columns 10 elements apart, offset start
    tbl = plc.interop.from_dlpack(view)
    np.testing.assert_array_equal(_table_values(tbl), view)


@pytest.mark.parametrize(
    "make,exc,match",
    [
        (lambda: np.arange(6, dtype=np.int64).reshape(2, 3), ValueError, "Fortran-order"),
        (lambda: np.arange(10, dtype=np.int32)[::2], ValueError, "next to each other"),
        (lambda: np.zeros((2, 2, 2)), ValueError, "3 dimensions"),
        (lambda: np.zeros(3, dtype=np.float16), TypeError, "has no ferrodf type"),
        (lambda: np.zeros(3, dtype=np.complex64), TypeError, "has no ferrodf type"),
        (lambda: [1, 2, 3], TypeError, "an object with __dlpack__"),
    ],
    ids=["c-order", "strided", "3d", "float16", "complex", "list"],
)
def test_from_dlpack_errors(make, exc, match):
    with pytest.raises(exc, match=match):
        plc.interop.from_dlpack(make())


def test_a_capsule_is_read_once():
    capsule = np.arange(3).__dlpack__()
    plc.interop.from_dlpack(capsule)
    with pytest.raises(ValueError, match="DLPack capsule has already been consumed"):
        plc.interop.from_dlpack(capsule)


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.int64, np.float64, np.uint8, np.int32]),
        shape=hnp.array_shapes(min_dims=2, max_dims=2, min_side=0, max_side=20),
    )
)
def test_round_trip_property(a):
    a = np.asfortranarray(a)
    tbl = plc.interop.from_dlpack(a)
    if tbl.num_columns() == 0:
        return
    got = _host(plc.interop.to_dlpack(tbl))
    np.testing.assert_array_equal(got.reshape(a.shape), a)
