"""plc.strings.find against pyarrow.compute (match_substring, starts_with, ends_with,
find_substring) and Python's str methods.

pyarrow's find_substring returns byte positions; ferrodf, as libcudf, returns character
positions, so non-ASCII find results are checked against Python's str.find.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import ALPHABET, TEXT, TEXTS, check, col, sc, sliced

import ferrodf.plc as plc

F = plc.strings.find
TARGETS = ["o", "", "ß", "😀", "日本", "a,b", "zzz", " "]


@pytest.mark.parametrize("target", TARGETS)
def test_contains_starts_ends_vs_pyarrow(target):
    arr = pa.array(TEXT)
    check(
        F.contains(col(TEXT), sc(target)), pc.match_substring(arr, target).to_pylist(), pa.bool_()
    )
    check(F.starts_with(col(TEXT), sc(target)), pc.starts_with(arr, target).to_pylist(), pa.bool_())
    check(F.ends_with(col(TEXT), sc(target)), pc.ends_with(arr, target).to_pylist(), pa.bool_())


def test_find_ascii_vs_pyarrow():
    data = ["hello", "", None, "lll", "world hello", "xyz"]
    for target in ["l", "lo", "", "hello", "q"]:
        expected = pc.find_substring(pa.array(data), target).cast(pa.int32()).to_pylist()
        check(F.find(col(data), sc(target)), expected, pa.int32())


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("start", "stop"), [(0, -1), (1, -1), (2, 5), (0, 0), (3, 2), (50, -1)])
def test_find_characters(target, start, stop):
    def py(s):
        if s is None:
            return None
        return s.find(target, start, None if stop < 0 else stop)

    check(F.find(col(TEXT), sc(target), start, stop), [py(s) for s in TEXT], pa.int32())

    def py_r(s):
        if s is None:
            return None
        return s.rfind(target, start, None if stop < 0 else stop)

    check(F.rfind(col(TEXT), sc(target), start, stop), [py_r(s) for s in TEXT], pa.int32())


def test_column_target():
    data = ["abc", "abc", None, "日本語", "x", ""]
    tgt = ["b", None, "a", "語", "xy", ""]
    c, t = col(data), col(tgt)

    def rows(f):
        pairs = zip(data, tgt, strict=True)
        return [None if a is None or b is None else f(a, b) for a, b in pairs]

    check(F.contains(c, t), rows(lambda a, b: b in a), pa.bool_())
    check(F.starts_with(c, t), rows(str.startswith), pa.bool_())
    check(F.ends_with(c, t), rows(str.endswith), pa.bool_())
    check(F.find(c, t), rows(str.find), pa.int32())
    check(F.rfind(c, t), rows(str.rfind), pa.int32())


def test_sliced_input():
    got = F.contains(sliced(TEXT, 1, 10), sc("o"))
    expected = pc.match_substring(pa.array(TEXT[1:10]), "o").to_pylist()
    check(got, expected, pa.bool_())


def test_empty_column():
    check(F.contains(col([]), sc("a")), [], pa.bool_())
    check(F.find(col([]), sc("a")), [], pa.int32())


def test_errors():
    with pytest.raises(TypeError, match="STRING"):
        F.contains(plc.Column.from_arrow(pa.array([1])), sc("a"))
    with pytest.raises(TypeError, match="STRING"):
        F.contains(col(["a"]), plc.Scalar.from_arrow(pa.scalar(1)))
    with pytest.raises(TypeError, match="Column or Scalar"):
        F.starts_with(col(["a"]), "a")
    with pytest.raises(ValueError, match="valid"):
        F.ends_with(col(["a"]), sc(None))
    with pytest.raises(ValueError, match="rows"):
        F.contains(col(["a", "b"]), col(["a"]))
    with pytest.raises(ValueError, match="start"):
        F.find(col(["a"]), sc("a"), -1)


@given(TEXTS, st.text(ALPHABET, max_size=3))
def test_find_property(texts, target):
    arr = pa.array(texts, pa.string())
    c, t = col(texts), sc(target)
    assert F.contains(c, t).to_arrow().to_pylist() == pc.match_substring(arr, target).to_pylist()
    assert F.starts_with(c, t).to_arrow().to_pylist() == pc.starts_with(arr, target).to_pylist()
    assert F.ends_with(c, t).to_arrow().to_pylist() == pc.ends_with(arr, target).to_pylist()
    assert F.find(c, t).to_arrow().to_pylist() == [
        None if s is None else s.find(target) for s in texts
    ]
    assert F.rfind(c, t).to_arrow().to_pylist() == [
        None if s is None else s.rfind(target) for s in texts
    ]
