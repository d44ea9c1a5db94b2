"""plc.transform's mask functions: nans_to_nulls, column_nans_to_nulls, bools_to_mask,
mask_to_bools. Oracles: pyarrow.compute and Python loops over the mask bits.

Masks come back as gpumemoryview objects starting at bit 0; their bytes are read with
``tobytes()`` (host or device alike). ``mask_to_bools`` takes a gpumemoryview everywhere,
and pylibcudf's integer device address only where a GPU is used.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import assert_column_eq, runs_on_gpu, type_id
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc


def bits(view, n: int) -> list[bool]:
    raw = view.tobytes()
    return [bool(raw[i // 8] >> (i % 8) & 1) for i in range(n)]


@pytest.mark.parametrize("t", [pa.float32(), pa.float64()], ids=type_id)
def test_nans_to_nulls(t):
    arr = pa.array([1.0, float("nan"), None, -0.0, float("inf"), float("nan"), 2.5] * 7, t)
    for a in (arr, arr.slice(3), arr.slice(5, 9)):
        mask, nulls = plc.transform.nans_to_nulls(plc.Column.from_arrow(a))
        want = [v is not None and v == v for v in a.to_pylist()]
        assert bits(mask, len(a)) == want
        assert nulls == want.count(False)
        col = plc.transform.column_nans_to_nulls(plc.Column.from_arrow(a))
        kept = [v if ok else None for v, ok in zip(a.to_pylist(), want, strict=True)]
        expected = pa.array(kept, t)
        assert_column_eq(col, expected)


def test_nans_to_nulls_empty_and_types():
    mask, nulls = plc.transform.nans_to_nulls(plc.Column.from_arrow(pa.array([], pa.float64())))
    assert (mask.nbytes, nulls) == (0, 0)
    for arr in (pa.array([1, 2]), pa.array([True]), pa.array(["a"])):
        with pytest.raises(TypeError, match="nans_to_nulls needs a FLOAT32 or FLOAT64 column"):
            plc.transform.nans_to_nulls(plc.Column.from_arrow(arr))


@pytest.mark.parametrize("offset", [0, 3, 8, 13])
def test_bools_to_mask(offset):
    arr = pa.array([True, False, None, True, True, None, False] * 9).slice(offset)
    mask, nulls = plc.transform.bools_to_mask(plc.Column.from_arrow(arr))
    want = pc.fill_null(arr, False).to_pylist()
    assert bits(mask, len(arr)) == want
    assert nulls == want.count(False)
    assert mask.nbytes % 64 == 0


def test_bools_to_mask_errors_and_empty():
    with pytest.raises(TypeError, match="bools_to_mask needs a BOOL8 column, got INT64"):
        plc.transform.bools_to_mask(plc.Column.from_arrow(pa.array([1, 0])))
    mask, nulls = plc.transform.bools_to_mask(plc.Column.from_arrow(pa.array([], pa.bool_())))
    assert (mask.nbytes, nulls) == (0, 0)


@pytest.mark.parametrize("begin,end", [(0, 40), (3, 17), (8, 8), (31, 63)])
def test_mask_to_bools(begin, end):
    src = [i % 3 != 0 for i in range(64)]
    mask, _ = plc.transform.bools_to_mask(plc.Column.from_arrow(pa.array(src)))
    got = plc.transform.mask_to_bools(mask, begin, end)
    assert_column_eq(got, pa.array(src[begin:end], pa.bool_()))
    assert got.null_count() == 0


def test_mask_to_bools_of_a_column_mask():
    arr = pa.array([1, None, 3, None, None, 6, 7])
    col = plc.Column.from_arrow(arr)
    got = plc.transform.mask_to_bools(col.null_mask(), 1, 6)
    assert_column_eq(got, pc.is_valid(arr).slice(1, 5))


def test_mask_to_bools_errors():
    mask, _ = plc.transform.bools_to_mask(plc.Column.from_arrow(pa.array([True] * 10)))
    with pytest.raises(ValueError, match="mask_to_bools needs 0 <= begin_bit <= end_bit"):
        plc.transform.mask_to_bools(mask, 5, 2)
    with pytest.raises(ValueError, match="mask_to_bools needs 0 <= begin_bit <= end_bit"):
        plc.transform.mask_to_bools(mask, -1, 2)
    with pytest.raises(IndexError, match=r"bits 0\.\.513 lie outside a mask of 64 bytes"):
        plc.transform.mask_to_bools(mask, 0, mask.nbytes * 8 + 1)
    with pytest.raises(ValueError, match="mask_to_bools got a null bitmask pointer for a"):
        plc.transform.mask_to_bools(0, 0, 5)
    with pytest.raises(TypeError, match="mask_to_bools: bitmask must be a gpumemoryview or"):
        plc.transform.mask_to_bools("mask", 0, 5)
    assert plc.transform.mask_to_bools(0, 4, 4).size() == 0


def test_mask_to_bools_device_pointer():
    src = [True, False, True, True, False, False, True, False, True] * 5
    mask, _ = plc.transform.bools_to_mask(plc.Column.from_arrow(pa.array(src)))
    if runs_on_gpu():
        got = plc.transform.mask_to_bools(mask.ptr, 2, 30)
        assert_column_eq(got, pa.array(src[2:30]))
    else:
        with pytest.raises(ValueError, match="GPU"):
            plc.transform.mask_to_bools(12345, 0, 8)


@given(st.lists(st.one_of(st.none(), st.booleans()), max_size=200), st.integers(0, 20))
def test_bools_mask_roundtrip(values, offset):
    arr = pa.array(values, pa.bool_()).slice(min(offset, len(values)))
    mask, nulls = plc.transform.bools_to_mask(plc.Column.from_arrow(arr))
    back = plc.transform.mask_to_bools(mask, 0, len(arr)) if len(arr) else None
    want = [bool(v) for v in arr.to_pylist()]
    assert nulls == want.count(False)
    if back is not None:
        assert back.to_arrow().to_pylist() == want
