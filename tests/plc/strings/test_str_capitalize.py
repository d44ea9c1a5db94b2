"""plc.strings.capitalize (capitalize, title, is_title) and case.swapcase against
pyarrow.compute (utf8_capitalize, utf8_title, utf8_is_title, utf8_swapcase) and Python.

pyarrow maps each code point to one code point (``ß`` stays ``ß``); ferrodf, like libcudf,
uses the full mappings (``ß`` upper-cases to ``SS``). Python's ``str.capitalize`` and
``str.title`` use titlecase (``ǅ``) for the first letter where ferrodf upper-cases. So the
pyarrow oracle gets text without such characters and the full-mapping cases are spelled
out.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import TEXT, check, col, sc, sliced

import ferrodf.plc as plc

S = plc.strings
C = S.capitalize
T = S.char_types.StringCharacterTypes

SIMPLE = [
    "hello world",
    "HELLO WORLD",
    "",
    None,
    "wörld ÉCOLE",
    "日本語 text",
    "😀 emoji 😀x",
    "a1b2 c3",
    "o'neil mc-donald",
    " leading space",
    "ΑΒΓ αβγ",
    None,
]


def test_capitalize_vs_pyarrow():
    check(C.capitalize(col(SIMPLE)), pc.utf8_capitalize(pa.array(SIMPLE)).to_pylist(), pa.string())


def test_title_vs_pyarrow():
    check(C.title(col(SIMPLE)), pc.utf8_title(pa.array(SIMPLE)).to_pylist(), pa.string())


def test_is_title_vs_pyarrow():
    rows = [*SIMPLE, "Hello World", "Hello world", "HeLLo", "A", "1A", "Ab Cd-Ef", "Ünïcode"]
    check(C.is_title(col(rows)), pc.utf8_is_title(pa.array(rows)).to_pylist(), pa.bool_())


def test_swapcase_vs_pyarrow_and_python():
    check(S.case.swapcase(col(SIMPLE)), pc.utf8_swapcase(pa.array(SIMPLE)).to_pylist(), pa.string())
    # Full mappings where pyarrow keeps one code point; Python's str.swapcase agrees.
    rows = ["straße", "İx", "ǅemal", "ﬁ"]
    check(S.case.swapcase(col(rows)), [r.swapcase() for r in rows], pa.string())


def test_full_mappings():
    got = C.capitalize(col(["ßa", "ǆx", "ﬁne"])).to_arrow().to_pylist()
    assert got == ["SSa", "Ǆx", "FIne"]
    assert C.title(col(["ßa ßb"])).to_arrow().to_pylist() == ["SSa SSb"]


def test_capitalize_delimiters():
    rows = ["hello world-foo", "a,b,c", "ÉCOLE du_monde", None, ""]
    got = C.capitalize(col(rows), sc(" -_")).to_arrow().to_pylist()
    assert got == ["Hello World-Foo", "A,b,c", "École Du_Monde", None, ""]
    # An empty delimiter string is no delimiter.
    assert C.capitalize(col(["a b"]), sc("")).to_arrow().to_pylist() == ["A b"]


def test_title_sequence_types():
    rows = ["hello2world abc", "x1y2", "ONE TWO"]
    assert C.title(col(rows), T.ALPHANUM).to_arrow().to_pylist() == [
        "Hello2world Abc",
        "X1y2",
        "One Two",
    ]
    assert C.title(col(rows), T.ALPHA).to_arrow().to_pylist() == [
        "Hello2World Abc",
        "X1Y2",
        "One Two",
    ]
    # Only lower-case letters make runs: an upper-case letter ends one and stays.
    assert C.title(col(["abCde"]), T.LOWER).to_arrow().to_pylist() == ["AbCDe"]


def test_is_title_cases():
    rows = ["Hello World", "", "123", "Hello world", "ΟΔΟΣ Οδος", "Οδος Οδος", "ǅemal", None]
    assert C.is_title(col(rows)).to_arrow().to_pylist() == [
        True, False, False, False, False, True, False, None,
    ]  # fmt: skip


def test_sliced_empty_and_nulls():
    check(
        C.capitalize(sliced(SIMPLE, 2, 9)),
        pc.utf8_capitalize(pa.array(SIMPLE[2:9])).to_pylist(),
        pa.string(),
    )
    check(
        C.title(sliced(SIMPLE, 3, 11)),
        pc.utf8_title(pa.array(SIMPLE[3:11])).to_pylist(),
        pa.string(),
    )
    check(
        C.is_title(sliced(SIMPLE, 1, 5)),
        pc.utf8_is_title(pa.array(SIMPLE[1:5])).to_pylist(),
        pa.bool_(),
    )
    for f in (C.capitalize, C.title, C.is_title, S.case.swapcase):
        assert f(col([])).size() == 0
        assert f(col([None, None])).to_arrow().to_pylist() == [None, None]
    assert C.capitalize(col(TEXT)).null_count() == TEXT.count(None)


def test_errors():
    ints = plc.Column.from_arrow(pa.array([1, 2]))
    for f in (C.capitalize, C.title, C.is_title, S.case.swapcase):
        with pytest.raises(TypeError, match="input must be a STRING column"):
            f(ints)
    with pytest.raises(ValueError, match="sequence_type"):
        C.title(col(["a"]), 1000)
    with pytest.raises(TypeError, match="delimiters"):
        C.capitalize(col(["a"]), " ")
