"""Series.str and Series.dt against pandas."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from conftest import DATETIME_FIELDS
from frame_dtypes import assert_same_dtypes

import ferrodf
from ferrodf import Series

TEXT = pd.Series(["  Apple pie", "banana", None, "Ça va? ÉTÉ", "", "x-y-z", "straße "], dtype="str")


def same(got, expected):
    assert_same_dtypes(got.to_pandas(), expected)  # the object casts below hide them
    g = got.to_pandas().astype(object)
    e = expected.astype(object)
    assert g.where(g.notna(), None).tolist() == e.where(e.notna(), None).tolist()


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.str.len(),
        lambda s: s.str.lower(),
        lambda s: s.str.upper(),
        lambda s: s.str.contains("an", regex=False),
        lambda s: s.str.contains("a"),
        lambda s: s.str.startswith("ba"),
        lambda s: s.str.endswith(" "),
        lambda s: s.str.find("a"),
        lambda s: s.str.replace("a", "AA"),
        lambda s: s.str.replace("-", "", n=1),
        lambda s: s.str.slice(1, 4),
        lambda s: s.str.slice(-3),
        lambda s: s.str[::2],
        lambda s: s.str.strip(),
        lambda s: s.str.lstrip(),
        lambda s: s.str.rstrip(" e"),
        lambda s: s.str.cat(s, sep="|"),
    ],
)
def test_str_methods(call, host_if_missing):
    # pandas 3's str dtype (pyarrow) upper-cases "ß" to "ẞ"; ferrodf follows Python's
    # str.upper ("SS"), as object-dtype pandas does
    expected = call(TEXT.astype(object)) if call(TEXT.head(0)).dtype == TEXT.dtype else call(TEXT)
    same(host_if_missing(lambda: call(Series(TEXT))), expected)


def test_str_split_and_cat(host_if_missing):
    s = pd.Series(["a-b-c", "d", None, "e-f"])
    got = host_if_missing(lambda: Series(s).str.split("-", expand=True)).to_pandas()
    expected = s.str.split("-", expand=True)
    assert got.shape == expected.shape
    assert_same_dtypes(got, expected)  # the object casts below hide them
    assert (
        got.astype(object).where(got.notna(), None).values.tolist()
        == expected.astype(object).where(expected.notna(), None).values.tolist()
    )
    lists = host_if_missing(lambda: Series(s).str.split("-")).tolist()
    assert lists == [list(v) if isinstance(v, list) else None for v in s.str.split("-")]
    assert Series(s).str.cat(sep=",") == s.str.cat(sep=",")


def test_str_errors(host_if_missing):
    with pytest.raises(AttributeError, match="string values"):
        Series([1, 2]).str.lower()
    # lookbehind: Python's re has it, Rust's regex (like RE2) does not
    with pytest.raises(ValueError, match="not a regular expression"):
        Series(["a"]).str.contains("(?<=a)b")
    with pytest.raises(NotImplementedError, match="flags"):
        Series(["a"]).str.contains("a", flags=re.VERBOSE)
    with pytest.raises(NotImplementedError, match="callable"):
        Series(["a"]).str.replace("a", lambda m: "b", regex=True)
    with pytest.raises(ValueError, match="named group"):
        Series(["a"]).str.replace("(?P<x>a)", r"\g<x>", regex=True)
    with pytest.raises(ValueError, match="group reference 2"):
        Series(["a"]).str.replace("(a)", r"\2", regex=True)
    with pytest.raises(ValueError, match="regex=True"):
        Series(["a"]).str.replace("a", "b", case=False)
    with pytest.raises(TypeError, match="string pattern"):
        Series(["a"]).str.count(3)


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.str.contains(r"a.*e"),
        lambda s: s.str.contains(r"^\s+A", case=False),
        lambda s: s.str.contains(r"[éÉ]"),
        lambda s: s.str.contains(r"\w+\?", na=False),
        lambda s: s.str.contains(re.compile(r"s+", re.IGNORECASE)),
        lambda s: s.str.contains(r"A", flags=re.IGNORECASE),
        lambda s: s.str.match(r"\s*[a-c]"),
        lambda s: s.str.match(r"[a-c]", case=False, na=True),
        lambda s: s.str.fullmatch(r"[a-z]+"),
        lambda s: s.str.fullmatch(r"x|y|z|-", case=False),
        lambda s: s.str.count(r"[aeiou]"),
        lambda s: s.str.count(r"\w+"),
        lambda s: s.str.replace(r"[aeiou]", "_", regex=True),
        lambda s: s.str.replace(r"\s+", " ", n=1, regex=True),
        lambda s: s.str.replace(r"A", "#", case=False, regex=True),
        lambda s: s.str.replace(r"-", r"\n", regex=True),
    ],
    ids=[
        "contains",
        "contains-nocase",
        "contains-class",
        "contains-na",
        "contains-compiled",
        "contains-flags",
        "match",
        "match-nocase-na",
        "fullmatch",
        "fullmatch-nocase",
        "count",
        "count-words",
        "replace",
        "replace-n",
        "replace-nocase",
        "replace-escape",
    ],
)
def test_str_regular_expressions(call, request):
    """Regular expressions run on the device (a DFA per pattern) or the host. Matching
    follows pandas 3's str dtype (a missing value matches nothing); counts and
    replacements follow Python's re, as object-dtype pandas does (the str dtype's pyarrow
    engine is RE2, whose \\w is ASCII-only in some pandas versions and which rejects
    Python's escapes)."""
    matching = request.node.callspec.id.startswith(("contains", "match", "fullmatch"))
    same(call(Series(TEXT)), call(TEXT if matching else TEXT.astype(object)))


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.str.replace(r"-(\w)", r"<\1>", regex=True),
        lambda s: s.str.replace(r"(a)(n)?", r"[\g<2>\1]", n=1, regex=True),
    ],
    ids=["replace-group", "replace-group-n"],
)
def test_str_replace_group_references(call, host_if_missing):
    """Group references: the DFAs find the matches, the capture VM the groups."""
    same(host_if_missing(lambda: call(Series(TEXT))), call(TEXT))


def test_str_regex_fallback_is_counted_on_a_gpu():
    import ferrodf

    name = "strings.contains.count_re"

    def call():
        # a Unicode word boundary: the device DFA gives up on the non-ASCII rows
        return Series(TEXT).str.count(r"\b\w")

    ferrodf.reset_host_fallbacks()
    with ferrodf.option_context("device", "cpu"):
        call()
    assert name not in ferrodf.host_fallbacks()  # the host is the placement
    if ferrodf.gpu_info() is not None:
        with ferrodf.option_context("device", "gpu"):
            Series(TEXT).str.contains("a.+")  # a DFA on the device: no fallback
            with pytest.raises(NotImplementedError, match="GPU"):
                call()
        with ferrodf.option_context("device", "auto"), pytest.warns(RuntimeWarning):
            call()
        assert ferrodf.host_fallbacks()[name] >= 1
        assert "strings.contains.contains_re" not in ferrodf.host_fallbacks()


STAMPS = pd.Series(
    pd.to_datetime(
        ["2020-02-29 13:45:01.123456789", "1969-12-31 23:59:59.999999", None, "2024-07-01"],
        format="ISO8601",
    ),
    dtype="datetime64[ns]",
)


@pytest.mark.parametrize(
    "field",
    [*DATETIME_FIELDS, "nanosecond", "is_leap_year", "days_in_month", "daysinmonth"],
)
def test_dt_fields(field, host_if_missing):
    same(host_if_missing(lambda: getattr(Series(STAMPS).dt, field)), getattr(STAMPS.dt, field))


@pytest.mark.parametrize("how", ["floor", "ceil", "round"])
@pytest.mark.parametrize("freq", ["D", "h", "min", "s", "ms"])
def test_dt_rounding(how, freq, host_if_missing):
    got = host_if_missing(lambda: getattr(Series(STAMPS).dt, how)(freq)).to_pandas()
    expected = getattr(STAMPS.dt, how)(freq)
    assert got.tolist() == expected.tolist() or got.equals(expected)


def test_dt_errors():
    with pytest.raises(AttributeError, match="datetime values"):
        Series([1]).dt.year  # noqa: B018
    with pytest.raises(ValueError, match="frequency"):
        Series(STAMPS).dt.floor("fortnight")


def test_time_zone_is_dropped_with_a_warning():
    """The plc layer has no time zones: a tz-aware column keeps its UTC instants without
    the zone, and says so rather than losing it silently."""
    aware = pd.Series(pd.date_range("2024-03-31 00:30", periods=4, freq="h", tz="Europe/Berlin"))
    with pytest.warns(UserWarning, match="Europe/Berlin"):
        got = Series(aware).to_pandas()
    expected = aware.dt.tz_convert("UTC").dt.tz_localize(None)
    assert got.tolist() == expected.tolist()
    with pytest.warns(UserWarning, match="time zone"):
        frame = ferrodf.DataFrame({"t": aware, "x": range(4)})
    assert frame["t"].to_pandas().tolist() == expected.tolist()


SPLIT_TEXT = pd.Series(["a1b22c", "x", None, "", "1a1", "p q  r", "日1本"], dtype=object)


@pytest.mark.parametrize(
    "kw",
    [
        {"pat": r"\d+"},
        {"pat": r"\d+", "n": 1},
        {"pat": "1", "regex": True},
        {"pat": ".", "regex": False},
        {"pat": r"\s+"},
        {"pat": re.compile(r"[ab]")},
        {"pat": "22"},  # longer than one character, no regex syntax: literal either way
    ],
    ids=["digits", "digits-n", "regex-true", "regex-false", "spaces", "compiled", "literal"],
)
def test_str_split_with_regular_expressions(kw):
    """pandas treats a pattern longer than one character (or regex=True) as a regular
    expression; the matches become a free separator on the device, then a literal split."""
    got = Series(SPLIT_TEXT).str.split(**kw).tolist()
    expected = SPLIT_TEXT.str.split(**kw).tolist()
    assert got == [v if isinstance(v, list) else None for v in expected]
    got = Series(SPLIT_TEXT).str.split(**kw, expand=True).to_pandas()
    expected = SPLIT_TEXT.str.split(**kw, expand=True)
    assert got.shape == expected.shape
    assert_same_dtypes(got, expected)  # the object casts below hide them
    assert (
        got.astype(object).where(got.notna(), None).values.tolist()
        == expected.astype(object).where(expected.notna(), None).values.tolist()
    )


def test_str_split_separator_is_free():
    """Values holding the first candidate separators still split right."""
    text = pd.Series(["a\x1f1b", "\x1e22\x1d", None], dtype=object)
    got = Series(text).str.split(r"\d+").tolist()
    assert got == [v if isinstance(v, list) else None for v in text.str.split(r"\d+")]
