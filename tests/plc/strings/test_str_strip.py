"""plc.strings.strip.strip against pyarrow.compute (utf8_trim_whitespace, utf8_ltrim, ...)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import ALPHABET, TEXT, TEXTS, check, col, sc, sliced

import ferrodf.plc as plc

Side = plc.strings.SideType
strip = plc.strings.strip.strip
WS = ["  a b  ", "\t\nx\r\x0b\x0c", "\u3000全角\u3000", "\xa0nbsp\u2003", "", None, "   ", "é "]
WS_ORACLE = {
    Side.BOTH: pc.utf8_trim_whitespace,
    Side.LEFT: pc.utf8_ltrim_whitespace,
    Side.RIGHT: pc.utf8_rtrim_whitespace,
}
CHARS_ORACLE = {Side.BOTH: pc.utf8_trim, Side.LEFT: pc.utf8_ltrim, Side.RIGHT: pc.utf8_rtrim}


@pytest.mark.parametrize("side", list(Side), ids=lambda s: s.name)
def test_whitespace(side):
    expected = WS_ORACLE[side](pa.array(WS)).to_pylist()
    check(strip(col(WS), side), expected, pa.string())
    # An empty to_strip also means whitespace.
    check(strip(col(WS), side, sc("")), expected, pa.string())


@pytest.mark.parametrize("side", list(Side), ids=lambda s: s.name)
@pytest.mark.parametrize("chars", ["H", "ld", "😀 ", "日テ", "ßs", "xa"])
def test_characters(side, chars):
    expected = CHARS_ORACLE[side](pa.array(TEXT), chars).to_pylist()
    check(strip(col(TEXT), side, sc(chars)), expected, pa.string())


def test_default_side_and_sliced():
    check(strip(sliced(WS, 1, 6)), [None if s is None else s.strip() for s in WS[1:6]], pa.string())
    check(strip(col([])), [], pa.string())


def test_errors():
    with pytest.raises(TypeError, match="STRING"):
        strip(plc.Column.from_arrow(pa.array([1])))
    with pytest.raises(ValueError, match="SideType"):
        strip(col(["a"]), 7)
    with pytest.raises(TypeError, match="Scalar"):
        strip(col(["a"]), Side.BOTH, "a")


@given(TEXTS, st.sampled_from(list(Side)), st.text(ALPHABET, max_size=3))
def test_strip_property(texts, side, chars):
    arr = pa.array(texts, pa.string())
    if chars:
        expected = CHARS_ORACLE[side](arr, chars).to_pylist()
    else:
        expected = WS_ORACLE[side](arr).to_pylist()
    assert strip(col(texts), side, sc(chars)).to_arrow().to_pylist() == expected
