"""Shared data and helpers of the plc.strings tests."""

from __future__ import annotations

import pyarrow as pa
from hypothesis import strategies as st

import ferrodf.plc as plc

# Non-ASCII text of every UTF-8 length: é (2 bytes), ß (expands on upper), CJK (3),
# emoji (4), Greek with a final sigma, Turkish dotted I (expands on lower), titlecase ǅ.
TEXT = [
    "Hello World",
    "wörld",
    "",
    None,
    "straße",
    "😀 emoji 😀",
    "日本語テキスト",
    "  padded  ",
    "ÉCOLE",
    "ǅemal",
    "a,b,,c",
    "İstanbul",
    "ΟΔΟΣ",
    "tab\tsep\nnl",
    "x",
    None,
    "ÀÉÎÕÜ àéîõü",
]

# Characters whose mappings every supported Python and Rust agree on (no Unicode-version
# drift): ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic, CJK, kana, emoji, spaces.
ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),
    st.characters(min_codepoint=0xC0, max_codepoint=0x17F),
    st.characters(min_codepoint=0x391, max_codepoint=0x3C9),
    st.characters(min_codepoint=0x410, max_codepoint=0x44F),
    st.sampled_from(["日", "本", "語", "テ", "😀", "🎉", " ", "\t", "\u3000", "ß", "İ", ","]),
)
TEXTS = st.lists(st.one_of(st.none(), st.text(ALPHABET, max_size=12)), max_size=30)


STRING = pa.string()


def col(values, t: pa.DataType = STRING) -> plc.Column:
    """A plc.Column of strings."""
    return plc.Column.from_arrow(pa.array(values, t))


def sliced(values, start: int, stop: int) -> plc.Column:
    """A plc.Column of values[start:stop] made by slicing (offset != 0)."""
    whole = plc.Column.from_arrow(pa.array(values, pa.string()))
    return plc.copying.slice(whole, [start, stop])[0]


def sc(v, t: pa.DataType = STRING) -> plc.Scalar:
    """A plc.Scalar (v None: a null scalar of type t)."""
    return plc.Scalar.from_arrow(pa.scalar(v, t))


def values(c: plc.Column) -> list:
    """The rows of a column as Python values, checking the null count."""
    a = c.to_arrow()
    assert c.null_count() == a.null_count
    assert c.size() == len(a)
    return a.to_pylist()


def check(c: plc.Column, expected: list, t: pa.DataType) -> None:
    """The column has type t (after the Arrow round trip) and the expected rows."""
    a = c.to_arrow()
    assert a.type == t, (a.type, t)
    assert values(c) == expected
