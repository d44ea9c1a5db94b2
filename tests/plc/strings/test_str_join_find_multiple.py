"""plc.strings.combine.join_strings against pyarrow.compute.binary_join and Python's
str.join, and plc.strings.find_multiple against a Python loop."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import TEXT, col, sc, sliced

import ferrodf.plc as plc

S = plc.strings


def joined(c):
    assert c.size() == 1
    return c.to_arrow().to_pylist()[0]


@pytest.mark.parametrize("sep", ["", ",", "日本", "😀 "])
def test_join_strings_vs_pyarrow(sep):
    rows = [r for r in TEXT if r is not None]
    expected = pc.binary_join(pa.array([rows], pa.list_(pa.string())), sep).to_pylist()[0]
    assert joined(S.combine.join_strings(col(rows), sc(sep), sc(None))) == expected


def test_join_strings_nulls():
    got = S.combine.join_strings(col(TEXT), sc("|"), sc(None))
    assert joined(got) == "|".join(r for r in TEXT if r is not None)
    got = S.combine.join_strings(col(TEXT), sc("|"), sc("NA"))
    assert joined(got) == "|".join("NA" if r is None else r for r in TEXT)
    assert joined(S.combine.join_strings(col([None, None]), sc(","), sc(None))) is None
    assert joined(S.combine.join_strings(col([None, ""]), sc(","), sc(None))) == ""
    assert joined(S.combine.join_strings(col(["", ""]), sc(""), sc(None))) == ""
    assert S.combine.join_strings(col([]), sc(","), sc(None)).size() == 0


def test_join_strings_sliced_and_errors():
    got = S.combine.join_strings(sliced(TEXT, 4, 9), sc("-"), sc("?"))
    assert joined(got) == "-".join("?" if r is None else r for r in TEXT[4:9])
    with pytest.raises(
        ValueError, match=r"join_strings: separator must be a valid \(non-null\) string scalar"
    ):
        S.combine.join_strings(col(["a"]), sc(None), sc(None))
    with pytest.raises(TypeError, match="join_strings: input must be a STRING column"):
        S.combine.join_strings(plc.Column.from_arrow(pa.array([1])), sc(","), sc(None))


def py_find_multiple(rows, targets):
    return [[-1 if r is None else r.find(t) for t in targets] for r in rows]


def test_find_multiple():
    targets = ["o", "ö", "", "日本", "😀", "zz"]
    got = S.find_multiple.find_multiple(col(TEXT), col(targets))
    assert got.null_count() == 0
    assert got.to_arrow().to_pylist() == py_find_multiple(TEXT, targets)
    got = S.find_multiple.find_multiple(sliced(TEXT, 3, 10), col(["l"]))
    assert got.to_arrow().to_pylist() == py_find_multiple(TEXT[3:10], ["l"])
    assert S.find_multiple.find_multiple(col([]), col(["a"])).size() == 0


def test_find_multiple_errors():
    with pytest.raises(
        ValueError, match="find_multiple: targets must have at least one row and no nulls"
    ):
        S.find_multiple.find_multiple(col(["a"]), col([]))
    with pytest.raises(
        ValueError, match="find_multiple: targets must have at least one row and no nulls"
    ):
        S.find_multiple.find_multiple(col(["a"]), col(["a", None]))
    with pytest.raises(TypeError, match="find_multiple: targets must be a STRING column"):
        S.find_multiple.find_multiple(col(["a"]), plc.Column.from_arrow(pa.array([1])))
