"""plc.strings.convert.convert_booleans (against Python's ==) and convert_urls (against
urllib.parse.quote / unquote_to_bytes)."""

from __future__ import annotations

import urllib.parse

import pyarrow as pa
import pytest
from str_helpers import TEXT, col, sc, sliced, values

import ferrodf.plc as plc

CB = plc.strings.convert.convert_booleans
CU = plc.strings.convert.convert_urls


@pytest.mark.parametrize("true_string", ["true", "True", "日本", "x"])
def test_to_booleans(true_string):
    rows = [*TEXT, "true", "True", "TRUE", "1", "日本", "x", "xx"]
    got = CB.to_booleans(col(rows), sc(true_string))
    assert values(got) == [None if r is None else r == true_string for r in rows]
    got = CB.to_booleans(sliced(rows, 2, 12), sc(true_string))
    assert values(got) == [None if r is None else r == true_string for r in rows[2:12]]


def test_from_booleans():
    bools = [True, False, None, True]
    c = plc.Column.from_arrow(pa.array(bools))
    assert values(CB.from_booleans(c, sc("true"), sc("false"))) == ["true", "false", None, "true"]
    # pyarrow's cast writes the same with "true" and "false"
    assert (
        values(CB.from_booleans(c, sc("true"), sc("false")))
        == pa.array(bools).cast(pa.string()).to_pylist()
    )
    assert values(CB.from_booleans(c, sc("日本"), sc(""))) == ["日本", "", None, "日本"]
    s = plc.copying.slice(c, [1, 4])[0]
    assert values(CB.from_booleans(s, sc("T"), sc("F"))) == ["F", None, "T"]
    assert (
        CB.from_booleans(plc.Column.from_arrow(pa.array([], pa.bool_())), sc("a"), sc("b")).size()
        == 0
    )


def test_boolean_errors():
    with pytest.raises(ValueError, match="to_booleans: true_string must not be empty"):
        CB.to_booleans(col(["a"]), sc(""))
    with pytest.raises(
        ValueError, match=r"to_booleans: true_string must be a valid \(non-null\) string scalar"
    ):
        CB.to_booleans(col(["a"]), sc(None))
    with pytest.raises(TypeError, match="to_booleans: input must be a STRING column"):
        CB.to_booleans(plc.Column.from_arrow(pa.array([1])), sc("a"))
    with pytest.raises(TypeError, match="from_booleans: expected a BOOL8 column"):
        CB.from_booleans(col(["a"]), sc("a"), sc("b"))
    with pytest.raises(
        ValueError, match=r"from_booleans: false_string must be a valid \(non-null\) string scalar"
    ):
        CB.from_booleans(plc.Column.from_arrow(pa.array([True])), sc("a"), sc(None))


URLS = [
    *TEXT,
    "https://example.com/a b?q=1&r=é#frag",
    "~-._AZaz09",
    "100%",
    "%",
    "%4",
    "%41%42",
    "%e6%97%a5%E6%9C%AC",
    "%zz",
    "a+b",
    "%2B%2b",
    "%C3",
    "%C3%28",
    "%ED%A0%80",
    "%F4%90%80%80",
    "%00",
    "\x01\x7f",
]


def test_url_encode_vs_quote():
    assert values(CU.url_encode(col(URLS))) == [
        None if r is None else urllib.parse.quote(r, safe="") for r in URLS
    ]
    assert values(CU.url_encode(sliced(URLS, 3, 20))) == [
        None if r is None else urllib.parse.quote(r, safe="") for r in URLS[3:20]
    ]
    assert CU.url_encode(col([])).size() == 0


def py_decode(r):
    if r is None:
        return None
    try:
        return urllib.parse.unquote_to_bytes(r).decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_url_decode_vs_unquote():
    assert values(CU.url_decode(col(URLS))) == [py_decode(r) for r in URLS]
    assert values(CU.url_decode(sliced(URLS, 15, len(URLS)))) == [py_decode(r) for r in URLS[15:]]
    # decoding what url_encode wrote gives the rows back
    assert values(CU.url_decode(CU.url_encode(col(URLS)))) == URLS


def test_url_errors():
    with pytest.raises(TypeError, match="url_encode: input must be a STRING column"):
        CU.url_encode(plc.Column.from_arrow(pa.array([1])))
    with pytest.raises(TypeError, match="url_decode: input must be a STRING column"):
        CU.url_decode(plc.Column.from_arrow(pa.array([1])))
