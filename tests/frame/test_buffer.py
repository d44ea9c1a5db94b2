"""ferrodf.core.buffer.Buffer: the seed document's examples."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

import ferrodf
from ferrodf.core.buffer import Buffer


def test_from_host_array_copies_into_ferrodf_memory():
    host = np.array([1, 2, 3], dtype="int64")
    buf = Buffer(host.view("uint8"))
    assert buf.size == 24
    assert buf.ptr != 0 and buf.ptr != host.ctypes.data
    assert buf._owner is not None and buf._owner is not host
    if ferrodf.gpu_info() is None or ferrodf.get_option("device") == "cpu":
        # no GPU: ptr is the host address of ferrodf's copy
        assert bytes((ctypes.c_ubyte * 24).from_address(buf.ptr)) == host.tobytes()
    assert buf.tobytes() == host.tobytes()


def test_empty():
    buf = Buffer.empty(10)
    assert buf.size == 10 and buf._owner is not None
    assert Buffer.empty(0).size == 0
    with pytest.raises(ValueError, match="a buffer size cannot be negative, got -1"):
        Buffer.empty(-1)


def test_from_bytes_and_size_check():
    assert Buffer(b"abcd").tobytes() == b"abcd"
    with pytest.raises(ValueError, match="size"):
        Buffer(b"abcd", size=3)


def test_from_cupy_is_zero_copy():
    if ferrodf.gpu_info() is None:
        pytest.skip("needs a GPU (CuPy arrays live in device memory)")
    cp = pytest.importorskip("cupy")
    c_ary = cp.asarray([1, 2, 3], dtype="int64")
    buf = Buffer(c_ary.view("uint8"))
    assert buf.ptr == c_ary.data.mem.ptr
    assert buf.size == 24
    assert buf._owner is c_ary


@pytest.mark.parametrize("key", [slice(8, 24), slice(None, 8), slice(16, None), slice(30, 40)])
def test_slicing_shares_the_owner(key):
    host = np.arange(4, dtype="int64")
    buf = Buffer(host.view("uint8"))
    part = buf[key]
    expected = host.tobytes()[key]
    assert isinstance(part, Buffer) and part.size == len(expected)
    assert part.tobytes() == expected
    assert part._owner is buf._owner
    if expected:
        assert part.ptr == buf.ptr + (key.start or 0)


def test_slicing_errors():
    buf = Buffer(b"abcdef")
    with pytest.raises(ValueError, match="step 1"):
        buf[::2]
    with pytest.raises(TypeError, match="slice"):
        buf[1]
