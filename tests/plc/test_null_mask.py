"""plc.null_mask: masks are checked bit by bit against pyarrow validity (plain loops)."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

MS = plc.types.MaskState


def bits(mask: plc.gpumemoryview, n: int) -> list[bool]:
    raw = mask.tobytes()
    return [bool(raw[i // 8] >> (i % 8) & 1) for i in range(n)]


def validity(arr: pa.Array) -> list[bool]:
    return [v.is_valid for v in arr]


I32 = pa.int32()


def col(values, t=I32, offset=0) -> tuple[pa.Array, plc.Column]:
    arr = pa.array([0] * offset + list(values), t).slice(offset)
    return arr, plc.Column.from_arrow(arr)


@pytest.mark.parametrize("n", [0, 1, 7, 8, 63, 64, 65, 511, 512, 513, 10_000])
def test_bitmask_allocation_size_bytes(n):
    nbytes = (n + 7) // 8
    assert plc.null_mask.bitmask_allocation_size_bytes(n) == (nbytes + 63) // 64 * 64


def test_bitmask_allocation_size_bytes_rejects_negative():
    with pytest.raises(ValueError, match="number_of_bits must be non-negative, got -1"):
        plc.null_mask.bitmask_allocation_size_bytes(-1)


@pytest.mark.parametrize("n", [0, 5, 64, 1000])
def test_create_null_mask(n):
    size = plc.null_mask.bitmask_allocation_size_bytes(n)
    valid = plc.null_mask.create_null_mask(n, MS.ALL_VALID)
    assert isinstance(valid, plc.gpumemoryview)
    assert valid.nbytes == size
    assert valid.tobytes() == b"\xff" * size
    null = plc.null_mask.create_null_mask(n, MS.ALL_NULL)
    assert null.tobytes() == b"\x00" * size
    assert plc.null_mask.create_null_mask(n).nbytes == size  # UNINITIALIZED
    assert plc.null_mask.create_null_mask(n, MS.UNALLOCATED).nbytes == 0
    assert plc.null_mask.null_count(valid, 0, n) == 0
    assert plc.null_mask.null_count(null, 0, n) == n


def test_create_null_mask_errors():
    with pytest.raises(ValueError, match="size must be non-negative, got -1"):
        plc.null_mask.create_null_mask(-1)
    with pytest.raises(ValueError, match="MaskState"):
        plc.null_mask.create_null_mask(3, 9)


VALUES = [1 if i % 3 else None for i in range(100)]


@pytest.mark.parametrize("offset", [0, 3, 8, 13])
@pytest.mark.parametrize("n", [0, 1, 33, 64, 97])
def test_copy_bitmask(offset, n):
    arr, c = col(VALUES[:n], offset=offset)
    m = plc.null_mask.copy_bitmask(c)
    if c.null_mask() is None:
        assert m.nbytes == 0
        return
    assert m.nbytes == plc.null_mask.bitmask_allocation_size_bytes(n)
    assert bits(m, n) == validity(arr)
    # bits past the last row are zero
    raw = m.tobytes()
    assert all(not (raw[i // 8] >> (i % 8) & 1) for i in range(n, 8 * len(raw)))


def test_copy_bitmask_without_nulls_is_empty():
    _, c = col([1, 2, 3])
    assert plc.null_mask.copy_bitmask(c).nbytes == 0


def _cols(specs):
    arrays, cols = [], []
    for values, offset in specs:
        a, c = col(values, offset=offset)
        arrays.append(a)
        cols.append(c)
    return arrays, cols


A = [None if i % 2 else i for i in range(70)]
B = [None if i % 3 == 0 else i for i in range(70)]
C = list(range(70))


@pytest.mark.parametrize("offsets", [(0, 0), (5, 11)])
def test_bitmask_and(offsets):
    arrays, cols = _cols([(A, offsets[0]), (B, offsets[1]), (C, 0)])
    mask, nulls = plc.null_mask.bitmask_and(cols)
    want = [all(v) for v in zip(*(validity(a) for a in arrays), strict=True)]
    assert bits(mask, 70) == want
    assert nulls == want.count(False)
    assert plc.null_mask.null_count(mask, 0, 70) == nulls


@pytest.mark.parametrize("offsets", [(0, 0), (5, 11)])
def test_bitmask_or(offsets):
    arrays, cols = _cols([(A, offsets[0]), (B, offsets[1])])
    mask, nulls = plc.null_mask.bitmask_or(cols)
    want = [any(v) for v in zip(*(validity(a) for a in arrays), strict=True)]
    assert bits(mask, 70) == want
    assert nulls == want.count(False)


def test_bitmask_and_or_without_masks():
    _, cols = _cols([(C, 0), (C, 2)])
    for f in (plc.null_mask.bitmask_and, plc.null_mask.bitmask_or):
        mask, nulls = f(cols)
        assert (mask.nbytes, nulls) == (0, 0)
        mask, nulls = f([])
        assert (mask.nbytes, nulls) == (0, 0)
    # OR with one column without a mask: every row is valid, so no mask (as libcudf)
    _, cols = _cols([(A, 0), (C, 0)])
    mask, nulls = plc.null_mask.bitmask_or(cols)
    assert (mask.nbytes, nulls) == (0, 0)


def test_bitmask_and_errors():
    _, c1 = col([1, None])
    _, c2 = col([1, None, 3])
    with pytest.raises(ValueError, match="equal length"):
        plc.null_mask.bitmask_and([c1, c2])
    with pytest.raises(TypeError, match="list of Columns"):
        plc.null_mask.bitmask_and([c1, 3])


def test_null_count_ranges():
    arr, c = col(VALUES)
    mask = c.null_mask()
    v = validity(arr)
    for start, stop in [(0, 100), (0, 0), (3, 50), (17, 18), (64, 100), (99, 100)]:
        assert plc.null_mask.null_count(mask, start, stop) == v[start:stop].count(False)
    with pytest.raises(IndexError, match="null_count: start 5 is after stop 2"):
        plc.null_mask.null_count(mask, 5, 2)
    with pytest.raises(IndexError, match=r"null_count: bits 0\.\.105 lie outside a mask of 13"):
        plc.null_mask.null_count(mask, 0, 8 * mask.nbytes + 1)
    with pytest.raises(TypeError, match="gpumemoryview"):
        plc.null_mask.null_count(b"\xff", 0, 8)


@given(
    st.lists(st.lists(st.booleans(), min_size=40, max_size=40), min_size=1, max_size=4),
    st.lists(st.integers(0, 9), min_size=4, max_size=4),
)
def test_property_and_or(valid_lists, offsets):
    arrays, cols = [], []
    for valid, off in zip(valid_lists, offsets, strict=False):
        a, c = col([1 if v else None for v in valid], offset=off)
        arrays.append(a)
        cols.append(c)
    vs = [validity(a) for a in arrays]
    # AND and OR combine the rows' validity as all() and any() do; where that makes every
    # row valid (no column has a mask for AND, one column has none for OR) there is no mask
    for bitmask_op, combine in ((plc.null_mask.bitmask_and, all), (plc.null_mask.bitmask_or, any)):
        mask, nulls = bitmask_op(cols)
        if combine(c.null_mask() is None for c in cols):
            assert (mask.nbytes, nulls) == (0, 0)
        else:
            want = [combine(r) for r in zip(*vs, strict=True)]
            assert bits(mask, 40) == want and nulls == want.count(False)
