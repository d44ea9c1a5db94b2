"""plc.strings.contains.like against pyarrow.compute.match_like (whose escape character is
the backslash) and a Python regex oracle."""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, check, col, sc, sliced

import ferrodf.plc as plc

like = plc.strings.contains.like

PATTERNS = ["%", "", "H%", "%d", "_", "%ö%", "w_rld", "%😀%", "__", "%a%b%", "日本%", "% %"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_vs_pyarrow(pattern):
    expected = pc.match_like(pa.array(TEXT), pattern).to_pylist()
    check(like(col(TEXT), pattern, "\\"), expected, pa.bool_())
    check(like(col(TEXT), sc(pattern)), expected, pa.bool_())


def test_escapes():
    rows = ["100%", "100", "a_b", "axb", "a\\b", None]
    assert like(col(rows), "%\\%", "\\").to_arrow().to_pylist() == [
        True,
        False,
        False,
        False,
        False,
        None,
    ]
    assert like(col(rows), "a\\_b", "\\").to_arrow().to_pylist() == [
        False,
        False,
        True,
        False,
        False,
        None,
    ]
    assert like(col(rows), "a#_b", sc("#")).to_arrow().to_pylist() == [
        False,
        False,
        True,
        False,
        False,
        None,
    ]
    # Without an escape character a backslash is literal.
    assert like(col(rows), "a\\b").to_arrow().to_pylist() == [
        False,
        False,
        False,
        False,
        True,
        None,
    ]


def to_regex(pattern):
    out = []
    for ch in pattern:
        out.append(".*" if ch == "%" else "." if ch == "_" else re.escape(ch))
    return re.compile("".join(out), re.DOTALL)


@given(
    st.lists(st.one_of(st.none(), st.text("ab日%_", max_size=8)), max_size=20),
    st.text("ab日%_", max_size=6),
)
def test_property(rows, pattern):
    rx = to_regex(pattern)
    expected = [None if r is None else rx.fullmatch(r) is not None for r in rows]
    check(like(col(rows), pattern), expected, pa.bool_())


def test_sliced_empty_errors():
    check(
        like(sliced(TEXT, 2, 10), "%o%"),
        pc.match_like(pa.array(TEXT[2:10]), "%o%").to_pylist(),
        pa.bool_(),
    )
    assert like(col([]), "%").size() == 0
    with pytest.raises(ValueError, match="escape_character"):
        like(col(["a"]), "a", "ab")
    with pytest.raises(NotImplementedError, match="Column of patterns"):
        like(col(["a"]), col(["a"]))
    with pytest.raises(TypeError, match="like: input must be a STRING column"):
        like(plc.Column.from_arrow(pa.array([1])), "%")
