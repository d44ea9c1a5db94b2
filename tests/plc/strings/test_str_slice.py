"""plc.strings.slice.slice_strings against pyarrow.compute.utf8_slice_codeunits and
Python's slicing (character positions, negative positions, steps)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, TEXTS, check, col, sc, sliced

import ferrodf.plc as plc

S = plc.strings.slice
BOUNDS = [None, 0, 1, 3, -1, -3, 100, -100]


@pytest.mark.parametrize("start", BOUNDS)
@pytest.mark.parametrize("stop", BOUNDS)
@pytest.mark.parametrize("step", [1, 2, -1, -2, 3])
def test_vs_python(start, stop, step):
    expected = [None if s is None else s[start:stop:step] for s in TEXT]
    check(S.slice_strings(col(TEXT), start, stop, step), expected, pa.string())


@pytest.mark.parametrize(("start", "stop", "step"), [(0, 3, 1), (1, None, 2), (-2, None, 1)])
def test_vs_pyarrow(start, stop, step):
    expected = pc.utf8_slice_codeunits(pa.array(TEXT), start, stop, step).to_pylist()
    check(S.slice_strings(col(TEXT), start, stop, step), expected, pa.string())


def test_scalar_bounds_and_defaults():
    i32 = pa.int32()
    got = S.slice_strings(col(["héllo"]), sc(1, i32), sc(3, i32), sc(None, i32))
    assert got.to_arrow().to_pylist() == ["él"]
    assert S.slice_strings(col(["héllo"])).to_arrow().to_pylist() == ["héllo"]


def test_sliced_and_empty():
    expected = [None if s is None else s[1:-1] for s in TEXT[5:13]]
    check(S.slice_strings(sliced(TEXT, 5, 13), 1, -1), expected, pa.string())
    check(S.slice_strings(col([]), 0, 1), [], pa.string())


def test_errors():
    with pytest.raises(ValueError, match="step"):
        S.slice_strings(col(["a"]), 0, 1, 0)
    with pytest.raises(TypeError, match="STRING"):
        S.slice_strings(plc.Column.from_arrow(pa.array([1])), 0, 1)
    with pytest.raises(TypeError, match="start"):
        S.slice_strings(col(["a"]), "0", 1)
    with pytest.raises(NotImplementedError, match="Column"):
        S.slice_strings(col(["a"]), plc.Column.from_arrow(pa.array([0], pa.int32())), 1)


bound = st.one_of(st.none(), st.integers(-15, 15))


@given(TEXTS, bound, bound, st.integers(-4, 4).filter(bool))
def test_slice_property(texts, start, stop, step):
    expected = [None if s is None else s[start:stop:step] for s in texts]
    assert S.slice_strings(col(texts), start, stop, step).to_arrow().to_pylist() == expected
