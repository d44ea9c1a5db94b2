"""plc.strings.contains (contains_re, matches_re, count_re), plc.strings.replace_re and
RegexProgram against pyarrow.compute's RE2 functions (match_substring_regex,
count_substring_regex, replace_substring_regex) and Python's ``re`` where RE2 differs
(its Perl classes are ASCII-only; ferrodf's are Unicode, as Python's).

On the GPU these run the DFA kernels; a Unicode word boundary next to non-ASCII text is a
host fallback there, so gpu mode raises NotImplementedError for it.
"""

from __future__ import annotations

import re

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import runs_on_gpu
from hypothesis import given, settings
from hypothesis import strategies as st
from str_helpers import TEXT, check, col, sc, sliced

import ferrodf
import ferrodf.plc as plc

S = plc.strings
Flags = S.RegexFlags

# Patterns on which RE2 and ferrodf agree for any text (no Perl classes: RE2's are ASCII).
PORTABLE = [
    "o",
    "l+",
    "^[A-Z]",
    "[aeiouö]{1,2}",
    "(ab|a)c?",
    "x*",
    "b?",
    "ö|ß",
    "日本",
    "😀",
    "[^ ]+$",
    "^$",
    "",
    ".",
    "(?i)hello",
    "a,b|,,",
    "[[:upper:]]+",
    "\\t|\\n",
]
# Unicode Perl classes, checked against Python's re.
UNICODE = [r"\w+", r"\d", r"\s+", r"\W", r"^\w", r"\w+$", r"[\w&&[^\d]]+"]
FLAGS = [Flags.DEFAULT, Flags.MULTILINE, Flags.DOTALL, Flags.MULTILINE | Flags.DOTALL]

ARR = pa.array(TEXT)
MULTI = ["a\nb", "\nab\n", "x\r\ny", None, "", "line1\nline2\nline3"]


def prog(p, flags=Flags.DEFAULT):
    return S.regex_program.RegexProgram.create(p, flags)


def re2_count(arr: pa.Array, pattern: str) -> list:
    """Matches per row as RE2's replace finds them (pyarrow's count_substring_regex counts
    empty matches per byte, unlike its own replace; ferrodf counts what it replaces)."""
    marked = pc.replace_substring_regex(arr, pattern, "\x01").to_pylist()
    return [None if m is None else m.count("\x01") for m in marked]


POSIX_CLASSES = {"upper": "A-Z", "lower": "a-z", "digit": "0-9", "alpha": "A-Za-z"}


def limited_sub(pattern: str, repl: str, s: str | None, limit: int) -> str | None:
    """Python's re finding each match, with Rust's iteration rule (an empty match right
    after the previous match is skipped): the oracle for a replacement limit, which
    pyarrow's RE2 mishandles when matches are empty."""
    if s is None:
        return None
    if "(?m)" not in pattern:  # Python's $ also matches before a final newline; Rust's not
        pattern = pattern.replace("$", r"\Z")
    # POSIX classes are not Python re syntax: their ASCII sets (RE2's and Rust's meaning).
    for name, chars in POSIX_CLASSES.items():
        pattern = pattern.replace(f"[:{name}:]", chars)
    rx, out, pos, last, prev, done = re.compile(pattern), [], 0, -1, 0, 0
    while pos <= len(s) and (limit < 0 or done < limit):
        m = rx.search(s, pos)
        if m is None:
            break
        b, e = m.span()
        if b == e and e == last:
            pos = e + 1
            continue
        out += [s[prev:b], repl]
        prev, last, pos, done = e, e, e, done + 1
    return "".join(out) + s[prev:]


def re2_flags(flags: int) -> str:
    """ferrodf's flags as an RE2 inline-flag prefix."""
    inline = ("m" if flags & Flags.MULTILINE else "") + ("s" if flags & Flags.DOTALL else "")
    return f"(?{inline})" if inline else ""


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: str(int(f)))
@pytest.mark.parametrize("p", PORTABLE)
def test_contains_count_vs_pyarrow(p, flags):
    for data in (TEXT, MULTI):
        arr = pa.array(data)
        r = re2_flags(flags) + p
        check(
            S.contains.contains_re(col(data), prog(p, flags)),
            pc.match_substring_regex(arr, r).to_pylist(),
            pa.bool_(),
        )
        anchored = re2_flags(flags) + f"\\A(?:{p})"
        check(
            S.contains.matches_re(col(data), prog(p, flags)),
            pc.match_substring_regex(arr, anchored).to_pylist(),
            pa.bool_(),
        )
        check(
            S.contains.count_re(col(data), prog(p, flags)),
            re2_count(arr, r),
            pa.int32(),
        )


@pytest.mark.parametrize("p", PORTABLE)
@pytest.mark.parametrize("limit", [-1, 0, 1, 2])
def test_replace_re_vs_pyarrow(p, limit):
    if limit < 0:
        expected = pc.replace_substring_regex(ARR, p, "<->").to_pylist()
    else:
        expected = [limited_sub(p, "<->", s, limit) for s in TEXT]
    check(S.replace_re.replace_re(col(TEXT), prog(p), sc("<->"), limit), expected, pa.string())


def test_replacement_is_literal():
    """``$1`` and ``\\0`` in replace_re's replacement are text, not group references."""
    data = ["abc", None, "xbx"]
    got = S.replace_re.replace_re(col(data), prog("(b)"), sc("[$1\\0]"))
    assert got.to_arrow().to_pylist() == [
        None if s is None else s.replace("b", "[$1\\0]") for s in data
    ]


@pytest.mark.parametrize("p", UNICODE)
def test_unicode_classes_vs_python_re(p):
    rx = re.compile(p.replace("[\\w&&[^\\d]]", "[^\\W\\d]"))
    check(
        S.contains.contains_re(col(TEXT), prog(p)),
        [None if s is None else rx.search(s) is not None for s in TEXT],
        pa.bool_(),
    )
    check(
        S.contains.count_re(col(TEXT), prog(p)),
        [None if s is None else len(rx.findall(s)) for s in TEXT],
        pa.int32(),
    )
    check(
        S.replace_re.replace_re(col(TEXT), prog(p), sc("#")),
        [None if s is None else rx.sub("#", s) for s in TEXT],
        pa.string(),
    )


def test_ascii_flag_vs_pyarrow():
    for p in [r"\w+", r"\d+", r"\s", r"\bo", r"[\w]+"]:
        check(
            S.contains.count_re(col(TEXT), prog(p, Flags.ASCII)),
            re2_count(ARR, p),
            pa.int32(),
        )
        check(
            S.replace_re.replace_re(col(TEXT), prog(p, Flags.ASCII), sc("_")),
            pc.replace_substring_regex(ARR, p, "_").to_pylist(),
            pa.string(),
        )


def test_unicode_word_boundary():
    """Unicode \\b: a DFA quits on non-ASCII text, so the GPU path falls back to the host
    (an error in gpu mode); ASCII text stays on the device."""
    ascii_rows = ["foo bar", "foobar", None, "a foo"]
    rx = re.compile(r"\bfoo\b")
    check(
        S.contains.contains_re(col(ascii_rows), prog(r"\bfoo\b")),
        [None if s is None else rx.search(s) is not None for s in ascii_rows],
        pa.bool_(),
    )
    mixed = ["föo foo", "é foo", "foo"]
    if runs_on_gpu():
        with pytest.raises(NotImplementedError, match="word boundary"):
            S.contains.contains_re(col(mixed), prog(r"\bfoo\b"))
    else:
        check(
            S.contains.contains_re(col(mixed), prog(r"\bfoo\b")),
            [rx.search(s) is not None for s in mixed],
            pa.bool_(),
        )


def test_sliced_and_empty():
    c = sliced(TEXT, 3, 12)
    part = TEXT[3:12]
    check(
        S.contains.contains_re(c, prog("[aeiou]")),
        pc.match_substring_regex(pa.array(part), "[aeiou]").to_pylist(),
        pa.bool_(),
    )
    check(
        S.replace_re.replace_re(c, prog("[aeiou]+"), sc("*"), 1),
        [limited_sub("[aeiou]+", "*", s, 1) for s in part],
        pa.string(),
    )
    for f in (S.contains.contains_re, S.contains.matches_re, S.contains.count_re):
        assert f(col([]), prog("a")).size() == 0
    assert S.replace_re.replace_re(col([]), prog("a"), sc("b")).size() == 0
    nulls = col([None, None], pa.string())
    assert S.contains.count_re(nulls, prog("a")).to_arrow().to_pylist() == [None, None]


def test_large_string_offsets():
    c = col(["abc", None, "aXa"], pa.large_string())
    assert S.replace_re.replace_re(c, prog("a"), sc("")).to_arrow().to_pylist() == [
        "bc",
        None,
        "X",
    ]


def test_replace_with_backrefs():
    data = ["2024-01-31", "x 1999-12-01 y", None, "no date", ""]
    p = prog(r"(\d+)-(\d+)-(\d+)")
    expected = [None if s is None else re.sub(p.pattern, r"\3/\2/\1", s) for s in data]
    check(S.replace_re.replace_with_backrefs(col(data), p, r"\3/\2/${1}"), expected, pa.string())
    optional = S.replace_re.replace_with_backrefs(col(["ab", "b"]), prog("(a)?b"), r"[\1]")
    assert optional.to_arrow().to_pylist() == ["[a]", "[]"]
    with pytest.raises(ValueError, match="group 4"):
        S.replace_re.replace_with_backrefs(col(data), p, r"\4")


@pytest.mark.parametrize(
    ("pattern", "template", "python"),
    [
        (r"(\w)(\w*)", r"\2\1ay", r"\2\1ay"),
        (r"(é+)|(\d)", r"<\1|\2>", r"<\1|\2>"),
        (r"\d+", r"[\0]", r"[\g<0>]"),
        (r"(a)(b)?", r"${2}${1}\0", r"\2\1\g<0>"),
        (r"(日)(本)", r"\2\1", r"\2\1"),
    ],
)
def test_replace_with_backrefs_against_re(pattern, template, python):
    """Every match, groups that took no part, the whole match, a template without groups,
    non-ASCII; a sliced input with nulls (on a GPU: the DFAs and the capture VM)."""
    data = ["abc 12 déé 3", None, "", "日本 x ab a", "xxyx", "éé9", None, "b a ab"]

    def oracle(s):
        return None if s is None else re.sub(pattern, lambda m: m.expand(python), s)

    got = S.replace_re.replace_with_backrefs(col(data), prog(pattern), template)
    assert got.to_arrow().to_pylist() == [oracle(s) for s in data]
    part = plc.copying.slice(col(data), [1, 7])[0]
    got = S.replace_re.replace_with_backrefs(part, prog(pattern), template)
    assert got.to_arrow().to_pylist() == [oracle(s) for s in data[1:7]]


def test_program_and_errors():
    p = prog(r"(a)(?P<b>b)", Flags.MULTILINE | Flags.DOTALL)
    assert p.pattern == r"(a)(?P<b>b)"
    assert p.flags == 24
    assert p.groups_count() == 2
    assert "RegexProgram" in repr(p)
    assert Flags.MULTILINE == re.MULTILINE and Flags.DOTALL == re.DOTALL
    with pytest.raises(ValueError, match="not a regular expression"):
        prog("(unclosed")
    with pytest.raises(ValueError, match="not a regular expression"):
        prog(r"(?<=a)b")  # lookbehind
    with pytest.raises(ValueError, match="unknown RegexFlags"):
        prog("a", 1 << 20)
    with pytest.raises(TypeError, match="STRING"):
        S.contains.contains_re(plc.Column.from_arrow(pa.array([1, 2])), prog("a"))
    with pytest.raises(ValueError, match="non-null"):
        S.replace_re.replace_re(col(["a"]), prog("a"), sc(None))
    with pytest.raises(NotImplementedError, match="list of patterns"):
        S.replace_re.replace_re(col(["a"]), ["a"], col(["b"]))
    with pytest.raises(TypeError, match="RegexProgram"):
        S.replace_re.replace_re(col(["a"]), "a", sc("b"))
    assert S.replace_re.replace_re(col(["aa"]), prog("a")).to_arrow().to_pylist() == [""]


def test_too_large_dfa_is_a_counted_fallback():
    """A pattern whose DFA exceeds the device limit runs on the host (counted in auto
    mode, an error in gpu mode); on the CPU it simply runs on the host."""
    big = r"\w{60}[\w\d]{60}"  # Unicode counted repetition: an enormous DFA
    data = ["a" * 130, "short"]
    if runs_on_gpu():
        with pytest.raises(NotImplementedError, match="DFA"):
            S.contains.contains_re(col(data), prog(big))
        return
    got = S.contains.contains_re(col(data), prog(big))
    assert got.to_arrow().to_pylist() == [True, False]


_ALPHA = st.sampled_from(list("abc ö\n日1_"))
_PATTERNS = st.sampled_from(["a", "ab*", "[ab]+", "^a", "b$", "c|ab", "a?", "(?m)^b", "[^a]", "ö+"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text(_ALPHA, max_size=10)), max_size=20),
    _PATTERNS,
    st.integers(-1, 3),
)
def test_hypothesis_vs_pyarrow(data, p, limit):
    arr = pa.array(data, pa.string())
    c = col(data)
    check(
        S.contains.contains_re(c, prog(p)), pc.match_substring_regex(arr, p).to_pylist(), pa.bool_()
    )
    check(
        S.contains.count_re(c, prog(p)),
        re2_count(arr, p),
        pa.int32(),
    )
    check(
        S.replace_re.replace_re(c, prog(p), sc("-"), limit),
        [limited_sub(p, "-", s, limit) for s in data],
        pa.string(),
    )
    check(
        S.replace_re.replace_re(c, prog(p), sc("-")),
        pc.replace_substring_regex(arr, p, "-").to_pylist(),
        pa.string(),
    )


def test_placement_is_honoured():
    """With the CPU forced, the host engine runs (no fallback is recorded)."""
    ferrodf.reset_host_fallbacks()
    with ferrodf.option_context("device", "cpu"):
        S.contains.contains_re(col(["abc"]), prog("b"))
    assert not any("contains_re" in k for k in ferrodf.host_fallbacks())
