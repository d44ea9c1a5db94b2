"""plc.strings.translate (translate, filter_characters) against Python's str.translate and
a Python filter loop."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, check, col, sc, sliced

import ferrodf.plc as plc

TR = plc.strings.translate
FT = TR.FilterType


def py_translate(rows, table):
    return [None if r is None else r.translate(table) for r in rows]


def test_translate_vs_python():
    table = str.maketrans({"o": "0", "l": None, "ö": "oe", "日": "ri", "😀": ":)", " ": "_"})
    check(TR.translate(col(TEXT), table), py_translate(TEXT, table), pa.string())
    # Keys and values as one-character strings and code points.
    table2 = {"a": "b", ord("b"): ord("c"), "c": None}
    check(TR.translate(col(["abcabc", None, ""]), table2), ["bcbc", None, ""], pa.string())


@given(
    st.lists(st.one_of(st.none(), st.text("abé日 ", max_size=10)), max_size=20),
    st.dictionaries(st.sampled_from("abé日 x"), st.one_of(st.none(), st.text("xyé", max_size=3))),
)
def test_translate_property(rows, mapping):
    table = str.maketrans(mapping) if mapping else {}
    check(TR.translate(col(rows), table), py_translate(rows, table), pa.string())


def py_filter(rows, ranges, keep, repl):
    def inside(c):
        return any(lo <= c <= hi for lo, hi in ranges.items())

    return [
        None if r is None else "".join(c if inside(c) == keep else repl for c in r) for r in rows
    ]


@pytest.mark.parametrize("keep", [FT.KEEP, FT.REMOVE], ids=lambda k: k.name)
@pytest.mark.parametrize("repl", ["", "_", "日"])
def test_filter_characters(keep, repl):
    ranges = {"a": "z", "0": "9", "日": "本"}
    got = TR.filter_characters(col(TEXT), ranges, keep, sc(repl))
    check(got, py_filter(TEXT, ranges, keep == FT.KEEP, repl), pa.string())


def test_sliced_empty_errors():
    table = {ord("l"): "L"}
    check(TR.translate(sliced(TEXT, 2, 9), table), py_translate(TEXT[2:9], table), pa.string())
    got = TR.filter_characters(sliced(TEXT, 1, 6), {"a": "m"}, FT.REMOVE, sc(""))
    check(got, py_filter(TEXT[1:6], {"a": "m"}, False, ""), pa.string())
    assert TR.translate(col([]), table).size() == 0
    assert TR.translate(col(["abc"]), {}).to_arrow().to_pylist() == ["abc"]
    with pytest.raises(ValueError, match="a key must be one character"):
        TR.translate(col(["a"]), {"ab": "c"})
    with pytest.raises(
        ValueError, match=r"filter_characters: replacement must be a valid \(non-null\) string"
    ):
        TR.filter_characters(col(["a"]), {"a": "z"}, FT.KEEP, sc(None))
    with pytest.raises(TypeError, match="translate: input must be a STRING column"):
        TR.translate(plc.Column.from_arrow(pa.array([1])), table)
