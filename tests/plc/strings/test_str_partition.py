"""plc.strings.split.partition (partition, rpartition) against Python's str.partition /
str.rpartition."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, col, sc, sliced

import ferrodf.plc as plc

P = plc.strings.split.partition


def columns(t):
    return [c.to_arrow().to_pylist() for c in t.columns()]


def py_parts(rows, delim, rev):
    cols = [[], [], []]
    for r in rows:
        parts = [None] * 3 if r is None else r.rpartition(delim) if rev else r.partition(delim)
        for c, p in zip(cols, parts, strict=True):
            c.append(p)
    return cols


@pytest.mark.parametrize("delim", [",", " ", "ö", "日本", "😀", "ll", "zz"])
@pytest.mark.parametrize("rev", [False, True], ids=["partition", "rpartition"])
def test_vs_python(delim, rev):
    f = P.rpartition if rev else P.partition
    assert columns(f(col(TEXT), sc(delim))) == py_parts(TEXT, delim, rev)


def test_whitespace_default():
    rows = ["a b  c", "tab\there", "no_space", "", None, "x\u3000y"]
    assert columns(P.partition(col(rows))) == [
        ["a", "tab", "no_space", "", None, "x"],
        [" ", "\t", "", "", None, "\u3000"],
        ["b  c", "here", "", "", None, "y"],
    ]
    assert columns(P.rpartition(col(rows), sc(""))) == [
        ["a b ", "tab", "", "", None, "x"],
        [" ", "\t", "", "", None, "\u3000"],
        ["c", "here", "no_space", "", None, "y"],
    ]


@given(
    st.lists(st.one_of(st.none(), st.text("ab,日", max_size=10)), max_size=20),
    st.sampled_from([",", "a,", "日"]),
)
def test_property(rows, delim):
    assert columns(P.partition(col(rows), sc(delim))) == py_parts(rows, delim, False)
    assert columns(P.rpartition(col(rows), sc(delim))) == py_parts(rows, delim, True)


def test_sliced_empty_errors():
    assert columns(P.partition(sliced(TEXT, 3, 12), sc(","))) == py_parts(TEXT[3:12], ",", False)
    t = P.partition(col([]))
    assert t.num_columns() == 3 and t.num_rows() == 0
    for c in P.partition(col(TEXT), sc(",")).columns():
        assert c.null_count() == TEXT.count(None)
        assert c.type().id() == plc.TypeId.STRING
    with pytest.raises(TypeError, match="partition: input must be a STRING column"):
        P.partition(plc.Column.from_arrow(pa.array([1])))
    with pytest.raises(TypeError, match="delimiter"):
        P.partition(col(["a"]), ",")
