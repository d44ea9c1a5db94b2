"""plc.strings.extract (extract, extract_single, extract_all_record), plc.strings.findall
(findall, find_re) and the regex splits of plc.strings.split.split (split_re, rsplit_re,
split_record_re, rsplit_record_re) against Python's ``re`` (re.search groups, re.findall
on group-less patterns, re.split) and pyarrow.compute.extract_regex.

Successive matches follow Rust's iteration rule (an empty match right after the previous
match is skipped), which Python's ``re`` does not: the loop oracle ``matches`` applies it
on top of ``re.search``. On the GPU the spans come from the DFA kernels and the groups
from the Pike VM kernel; their CPU runs are in test_str_regex_kernels_on_host.py.
"""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import runs_on_gpu
from hypothesis import given, settings
from hypothesis import strategies as st
from str_helpers import TEXT, TEXTS, col, sliced, values

import ferrodf
import ferrodf.plc as plc

S = plc.strings
Flags = S.RegexFlags
SPLIT = S.split.split


def prog(p, flags=Flags.DEFAULT):
    return S.regex_program.RegexProgram.create(p, flags)


def py_pattern(p: str) -> re.Pattern:
    """``p`` as Python's re reads it the way Rust does: ``$`` only at the very end (Python's
    also matches before a final newline) unless multi-line."""
    if "(?m)" not in p:
        p = p.replace("$", r"\Z")
    return re.compile(p)


def matches(p: str, s: str) -> list[re.Match]:
    """The successive matches of ``p`` in ``s`` with Rust's iteration rule."""
    rx, out, pos, last = py_pattern(p), [], 0, -1
    while pos <= len(s):
        m = rx.search(s, pos)
        if m is None:
            break
        b, e = m.span()
        if b == e and e == last:
            pos = e + 1
            continue
        out.append(m)
        last, pos = e, e
    return out


def tokens(p: str, s: str, maxsplit: int, reverse: bool) -> list[str]:
    """libcudf's split_re rule: one token more than the splits made; ``maxsplit <= 0``
    splits at every match; the reverse split keeps the last ``maxsplit`` matches."""
    ms = [m.span() for m in matches(p, s)]
    k = len(ms) if maxsplit <= 0 else min(maxsplit, len(ms))
    used = ms[len(ms) - k :] if reverse else ms[:k]
    out, prev = [], 0
    for b, e in used:
        out.append(s[prev:b])
        prev = e
    return [*out, s[prev:]]


def table_rows(t: plc.Table) -> list[list]:
    return [values(c) for c in t.columns()]


def as_table(rows: list, ncols: int) -> list[list]:
    """Per-row item lists (None: a null row) as columns padded with nulls."""
    return [[None if r is None or j >= len(r) else r[j] for r in rows] for j in range(ncols)]


DATA = [*TEXT, "a1b22c333", "x 12-345 y 6-7", "abcabc", "日本1語2", "  lead trail  ", "é1é"]

GROUPED = [
    r"(\d+)",
    r"(\d+)-(\d+)",
    r"([a-z])(\d)?",
    r"(\w+) (\w+)",
    r"(é|ß)(.)",
    r"(?:(a)|(b))c",
    r"(\s*)(\S+)$",
    r"(?i)(h)(e)",
    r"(日本)(.)",
    r"((a)|b)+",
    r"(.)(😀)?",
]
PLAIN = [r"\d+", "[aeiou]", r"\s+", "日本|😀", ",", "l+", "x*", "(?i)o", r"\w+$", "é"]


@pytest.mark.parametrize("p", GROUPED)
def test_extract_vs_re_search(p):
    rx = py_pattern(p)
    ngroups = rx.groups
    rows = []
    for s in DATA:
        m = None if s is None else rx.search(s)
        rows.append(None if m is None else list(m.groups()))
    got = S.extract.extract(col(DATA), prog(p))
    assert got.num_columns() == ngroups
    assert table_rows(got) == as_table(rows, ngroups)
    for g in range(ngroups):
        assert values(S.extract.extract_single(col(DATA), prog(p), g)) == as_table(rows, ngroups)[g]


@pytest.mark.parametrize("p", GROUPED)
def test_extract_all_record_vs_re(p):
    expected = []
    for s in DATA:
        if s is None:
            expected.append(None)
            continue
        items = [g for m in matches(p, s) for g in m.groups()]
        expected.append(items or None)
    assert values(S.extract.extract_all_record(col(DATA), prog(p))) == expected


@pytest.mark.parametrize("p", [r"(?P<a>[a-z]+)(?P<d>\d+)", r"(?P<x>o)", r"(?P<w>[A-Z])(?P<r>.)"])
def test_extract_vs_pyarrow_extract_regex(p):
    """pyarrow's extract_regex (RE2, named groups): null where a row has no match."""
    arr = pa.array(DATA)
    st_ = pc.extract_regex(arr, p)
    names = [f.name for f in st_.type]
    got = table_rows(S.extract.extract(col(DATA), prog(p)))
    for j, name in enumerate(names):
        assert got[j] == pc.struct_field(st_, name).to_pylist()


@pytest.mark.parametrize("p", PLAIN)
def test_findall_vs_re(p):
    expected = [None if s is None else [m.group() for m in matches(p, s)] for s in DATA]
    assert values(S.findall.findall(col(DATA), prog(p))) == expected
    if p != "x*":  # re.findall allows an empty match right after a match
        rx = py_pattern(p)
        assert expected == [None if s is None else rx.findall(s) for s in DATA]
    # findall gives whole matches: a group in the pattern changes nothing.
    assert values(S.findall.findall(col(DATA), prog(f"({p})"))) == expected


@pytest.mark.parametrize("p", [*PLAIN, *GROUPED])
def test_find_re_vs_re(p):
    rx = py_pattern(p)
    expected = []
    for s in DATA:
        m = None if s is None else rx.search(s)
        expected.append(None if s is None else (-1 if m is None else m.start()))
    got = S.findall.find_re(col(DATA), prog(p))
    assert got.to_arrow().type == pa.int32()
    assert values(got) == expected


SPLITTERS = [",", r"\s+", "[_ ]", r"\d", "日|😀", "é+", "[aeiou]", "x*", "(?m)$"]


@pytest.mark.parametrize("maxsplit", [-1, 0, 1, 2])
@pytest.mark.parametrize("p", SPLITTERS)
def test_split_re_family_vs_oracle(p, maxsplit):
    for reverse in (False, True):
        rows = [None if s is None else tokens(p, s, maxsplit, reverse) for s in DATA]
        rec = SPLIT.rsplit_record_re if reverse else SPLIT.split_record_re
        tab = SPLIT.rsplit_re if reverse else SPLIT.split_re
        assert values(rec(col(DATA), prog(p), maxsplit)) == rows
        ncols = max(len(r) for r in rows if r is not None)
        assert table_rows(tab(col(DATA), prog(p), maxsplit)) == as_table(rows, ncols)


@pytest.mark.parametrize("p", [",", r"\s+", "[_ ]", r"\d+"])
@pytest.mark.parametrize("maxsplit", [-1, 0, 1, 3])
def test_split_record_re_vs_re_split(p, maxsplit):
    """Python's re.split (``maxsplit=0``: all) for patterns that never match empty."""
    rx = py_pattern(p)
    expected = [None if s is None else rx.split(s, maxsplit=max(maxsplit, 0)) for s in DATA]
    assert values(SPLIT.split_record_re(col(DATA), prog(p), maxsplit)) == expected


def test_libcudf_documented_examples():
    s = ["a_bc def_g", "a__bc", "_ab cd", "ab_cd "]
    p = prog("[_ ]")
    assert table_rows(SPLIT.split_re(col(s), p, -1)) == [
        ["a", "a", "", "ab"],
        ["bc", "", "ab", "cd"],
        ["def", "bc", "cd", ""],
        ["g", None, None, None],
    ]
    assert table_rows(SPLIT.split_re(col(s), p, 1)) == [
        ["a", "a", "", "ab"],
        ["bc def_g", "_bc", "ab cd", "cd "],
    ]
    assert table_rows(SPLIT.rsplit_re(col(s), p, 1)) == [
        ["a_bc def", "a_", "_ab", "ab_cd"],
        ["g", "bc", "cd", ""],
    ]
    assert values(SPLIT.rsplit_record_re(col(s), p, 1)) == [
        ["a_bc def", "g"],
        ["a_", "bc"],
        ["_ab", "cd"],
        ["ab_cd", ""],
    ]
    t = S.extract.extract(col(["a1", "b2", "c3"]), prog(r"([ab])(\d)"))
    assert table_rows(t) == [["a", "b", None], ["1", "2", None]]


def test_nulls_empty_and_sliced():
    data = [None, "", "a1", None, "b22c"]
    p = prog(r"([a-z])(\d*)")
    assert table_rows(S.extract.extract(col(data), p)) == [
        [None, None, "a", None, "b"],
        [None, None, "1", None, "22"],
    ]
    assert values(S.extract.extract_all_record(col(data), p)) == [
        None,
        None,
        ["a", "1"],
        None,
        ["b", "22", "c", ""],
    ]
    assert values(S.findall.findall(col(data), prog(r"\d"))) == [None, [], ["1"], None, ["2", "2"]]
    assert values(SPLIT.split_record_re(col(data), prog(r"\d"), -1)) == [
        None,
        [""],
        ["a", ""],
        None,
        ["b", "", "c"],
    ]
    # Empty inputs: no rows, one column for the splits, one per group for extract.
    empty = col([])
    assert S.extract.extract(empty, p).num_columns() == 2
    assert S.extract.extract(empty, p).num_rows() == 0
    assert S.extract.extract_all_record(empty, p).size() == 0
    assert S.findall.findall(empty, p).size() == 0
    assert S.findall.find_re(empty, p).size() == 0
    assert SPLIT.split_re(empty, p, -1).num_columns() == 1
    assert SPLIT.split_record_re(empty, p, -1).size() == 0
    # Only nulls: a split table of one all-null column.
    nulls = col([None, None], pa.string())
    assert table_rows(SPLIT.split_re(nulls, prog(","), -1)) == [[None, None]]
    assert values(S.extract.extract_all_record(nulls, p)) == [None, None]
    # Sliced inputs (offset != 0).
    part = DATA[3:14]
    c = sliced(DATA, 3, 14)
    q = r"(\w)(\d)?"
    rx = py_pattern(q)
    rows = [
        None if s is None or rx.search(s) is None else list(rx.search(s).groups()) for s in part
    ]
    assert table_rows(S.extract.extract(c, prog(q))) == as_table(rows, 2)
    assert values(S.extract.extract_all_record(c, prog(q))) == [
        None if s is None else ([g for m in matches(q, s) for g in m.groups()] or None)
        for s in part
    ]
    assert values(S.findall.findall(c, prog(r"\w+"))) == [
        None if s is None else [m.group() for m in matches(r"\w+", s)] for s in part
    ]
    assert values(S.findall.find_re(c, prog("o"))) == [
        None if s is None else s.find("o") for s in part
    ]
    assert values(SPLIT.rsplit_record_re(c, prog(r"\s"), 1)) == [
        None if s is None else tokens(r"\s", s, 1, True) for s in part
    ]


def test_large_string_offsets():
    c = col(["a1b2", None, "c"], pa.large_string())
    assert values(S.findall.findall(c, prog(r"\d"))) == [["1", "2"], None, []]
    assert table_rows(S.extract.extract(c, prog(r"([a-z])(\d)"))) == [
        ["a", None, None],
        ["1", None, None],
    ]


def test_errors():
    for f in (S.extract.extract, S.extract.extract_all_record):
        with pytest.raises(ValueError, match="no capture groups"):
            f(col(["a"]), prog("a"))
    with pytest.raises(ValueError, match="no capture groups"):
        S.extract.extract_single(col(["a"]), prog("a"), 0)
    with pytest.raises(IndexError, match="group 2 is out of range"):
        S.extract.extract_single(col(["a"]), prog("(a)(b)"), 2)
    with pytest.raises(IndexError, match="group -1 is out of range"):
        S.extract.extract_single(col(["a"]), prog("(a)"), -1)
    for f in (SPLIT.split_re, SPLIT.rsplit_re, SPLIT.split_record_re, SPLIT.rsplit_record_re):
        with pytest.raises(ValueError, match="must not be empty"):
            f(col(["a"]), prog(""), -1)
    ints = plc.Column.from_arrow(pa.array([1, 2]))
    for f in (S.findall.findall, S.findall.find_re, S.extract.extract):
        with pytest.raises(TypeError, match="STRING"):
            f(ints, prog("(a)"))
    with pytest.raises(TypeError, match="STRING"):
        SPLIT.split_re(ints, prog("a"), -1)


def test_unicode_word_boundary():
    """A Unicode \\b next to non-ASCII text makes the device engines give up: a host
    fallback in auto mode, an error in gpu mode; ASCII rows stay on the device."""
    ascii_rows = ["foo bar", "a foo", None]
    p = prog(r"\b(foo)\b")
    assert values(S.extract.extract_single(col(ascii_rows), p, 0)) == ["foo", "foo", None]
    mixed = ["é foo", "foo"]
    if runs_on_gpu():
        with pytest.raises(NotImplementedError, match="word boundary"):
            S.extract.extract(col(mixed), p)
        return
    assert values(S.extract.extract_single(col(mixed), p, 0)) == ["foo", "foo"]
    assert values(S.findall.findall(col(mixed), prog(r"\bfoo\b"))) == [["foo"], ["foo"]]


def test_ascii_flag():
    data = ["café 12", "٣4", None]
    assert values(S.findall.findall(col(data), prog(r"\w+", Flags.ASCII))) == [
        ["caf", "12"],
        ["4"],
        None,
    ]
    assert values(S.findall.findall(col(data), prog(r"\d", Flags.DEFAULT))) == [
        ["1", "2"],
        ["٣", "4"],
        None,
    ]
    t = S.extract.extract(col(data), prog(r"(\w+)\s(\d)", Flags.ASCII))
    assert table_rows(t) == [[None, None, None], [None, None, None]]


def test_cpu_runs_without_fallbacks():
    ferrodf.reset_host_fallbacks()
    with ferrodf.option_context("device", "cpu"):
        S.extract.extract(col(["a1"]), prog(r"(a)(\d)"))
        S.findall.findall(col(["a1"]), prog(r"\d"))
    assert not any("extract" in k or "findall" in k for k in ferrodf.host_fallbacks())


_ALPHA = st.sampled_from(list("ab ö\n日1_-"))
_GROUPED = st.sampled_from([r"(a)(b)?", r"([ab]+)(\d)?", r"(\w)-(\w)", r"(ö|日)(.)", r"(\s)"])
_SPLITTERS = st.sampled_from(["a", "[ab]+", r"\s", "ö|日", "-", r"\d"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), st.text(_ALPHA, max_size=12)), max_size=20), _GROUPED)
def test_hypothesis_extract(data, p):
    rx = py_pattern(p)
    rows = [
        None if s is None or rx.search(s) is None else list(rx.search(s).groups()) for s in data
    ]
    assert table_rows(S.extract.extract(col(data), prog(p))) == as_table(rows, rx.groups)
    assert values(S.extract.extract_all_record(col(data), prog(p))) == [
        None if s is None else ([g for m in matches(p, s) for g in m.groups()] or None)
        for s in data
    ]


@settings(max_examples=60, deadline=None)
@given(TEXTS, _SPLITTERS, st.integers(-1, 3), st.booleans())
def test_hypothesis_findall_split(data, p, maxsplit, reverse):
    assert values(S.findall.findall(col(data), prog(p))) == [
        None if s is None else [m.group() for m in matches(p, s)] for s in data
    ]
    rec = SPLIT.rsplit_record_re if reverse else SPLIT.split_record_re
    assert values(rec(col(data), prog(p), maxsplit)) == [
        None if s is None else tokens(p, s, maxsplit, reverse) for s in data
    ]
