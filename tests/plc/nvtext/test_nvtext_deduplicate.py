"""plc.nvtext.deduplicate against plain Python oracles: suffix arrays by sorting the
suffixes, duplicates by libcudf's definition (common prefixes of neighbouring suffixes,
overlaps collapsed) and, for pairs, by comparing every suffix with every other."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import col, sliced, values

import ferrodf.plc as plc

D = plc.nvtext.deduplicate
CAP = 32767


def text_of(rows) -> bytes:
    return b"".join((r or "").encode() for r in rows)


def suffix_array(text: bytes, min_width: int) -> list[int]:
    size = len(text) - min_width + (min_width > 0)
    return [p for p in sorted(range(len(text)), key=lambda p: text[p:]) if p < size]


def lcp(a: bytes, b: bytes) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return min(n, CAP)


def whole_chars(text: bytes, start: int, end: int) -> bytes:
    """text[start:end] without a character cut at either end."""
    while start < end and text[start] & 0xC0 == 0x80:
        start += 1
    k = end - 1
    while k > start and text[k] & 0xC0 == 0x80:
        k -= 1
    if start < end:
        b = text[k]
        need = 4 if b >= 0xF0 else 3 if b >= 0xE0 else 2 if b >= 0xC0 else 1
        if k + need > end:
            end = k
    return text[start:end]


def finish(text: bytes, cands: list[tuple[int, int]]) -> list[str]:
    """libcudf's last steps: candidates by position, the ones the candidate one byte
    before covers dropped, each once, longest first (then by bytes)."""
    cands.sort()
    kept = [
        c
        for i, c in enumerate(cands)
        if not (i > 0 and cands[i - 1][0] == c[0] - 1 and c[1] < cands[i - 1][1])
    ]
    strs = {whole_chars(text, o, o + s) for o, s in kept}
    return [b.decode() for b in sorted(strs, key=lambda b: (-len(b), b))]


def duplicates(text: bytes, width: int) -> list[str]:
    sa = suffix_array(text, width)
    cands = []
    for k in range(1, len(sa)):
        s = lcp(text[sa[k - 1] :], text[sa[k] :])
        if s >= width:
            cands.append((sa[k], s))
    return finish(text, cands)


def duplicates_pair(t1: bytes, t2: bytes, width: int) -> list[str]:
    sa1, sa2 = suffix_array(t1, width), suffix_array(t2, width)
    if len(sa1) < len(sa2):
        t1, t2, sa1, sa2 = t2, t1, sa2, sa1
    cands = []
    for p in sa1:
        s = max(lcp(t1[p:], t2[q:]) for q in sa2)
        if s >= width:
            cands.append((p, s))
    return finish(t1, cands)


def occurrences(text: bytes, piece: bytes) -> int:
    n, at = 0, text.find(piece)
    while at >= 0:
        n, at = n + 1, text.find(piece, at + 1)
    return n


# Rows with repeated passages, nulls, empty rows and non-ASCII of every UTF-8 length.
CORPUS = [
    "the quick brown fox jumps over the lazy dog",
    None,
    "a quick brown fox jumps over a lazy dog, ",
    "",
    "straße wörld straße wörld ünïcödé",
    "日本語のテキスト日本語のテキスト",
    "😀 emoji line 😀 emoji line",
    "the lazy dog sleeps; the lazy dog sleeps",
    None,
    "ünïcödé straße wörld",
]


def rng_rows(seed: int, n: int = 40) -> list:
    rng = np.random.default_rng(seed)
    words = ["alpha ", "beta ", "gamma ", "delta ", "é", "日本", "😀", "x", "\x00"]
    return [
        None if rng.random() < 0.1 else "".join(rng.choice(words, int(rng.integers(0, 9))))
        for _ in range(n)
    ]


@pytest.mark.parametrize("width", [0, 1, 9, 20])
def test_build_suffix_array(width):
    for rows in (CORPUS, rng_rows(1)):
        sa = D.build_suffix_array(col(rows), width)
        assert sa.type().id() == plc.TypeId.INT32
        assert values(sa) == suffix_array(text_of(rows), width)


def test_build_suffix_array_of_a_slice():
    rows = rng_rows(2, 60)
    assert values(D.build_suffix_array(sliced(rows, 7, 41), 3)) == suffix_array(
        text_of(rows[7:41]), 3
    )


def test_suffix_array_orders_shorter_suffixes_first():
    # zero bytes and runs: "a" < "a\0" < "a\0\0"; long runs need several doubling rounds
    for rows in (["a\x00\x00a\x00a"], ["a" * 300], ["ab" * 200 + "a"], ["\x00" * 50]):
        assert values(D.build_suffix_array(col(rows), 0)) == suffix_array(text_of(rows), 0)


@pytest.mark.parametrize("width", [9, 12, 25])
def test_resolve_duplicates(width):
    for rows in (CORPUS, rng_rows(3), rng_rows(4, 80)):
        c = col(rows)
        got = values(D.resolve_duplicates(c, D.build_suffix_array(c, width), width))
        text = text_of(rows)
        assert got == duplicates(text, width)
        for d in got:
            assert occurrences(text, d.encode()) >= 2


def test_resolve_duplicates_of_a_slice():
    rows = rng_rows(5, 90)
    c = sliced(rows, 11, 70)
    got = values(D.resolve_duplicates(c, D.build_suffix_array(c, 10), 10))
    assert got == duplicates(text_of(rows[11:70]), 10)


def test_resolve_duplicates_pair():
    a, b = CORPUS, [*rng_rows(6, 20), "the lazy dog sleeps over the quick brown fox"]
    for x, y in ((a, b), (b, a), (a[:3], b)):
        cx, cy = col(x), col(y)
        got = D.resolve_duplicates_pair(
            cx, D.build_suffix_array(cx, 9), cy, D.build_suffix_array(cy, 9), 9
        )
        expected = duplicates_pair(text_of(x), text_of(y), 9)
        assert values(got) == expected
        for d in values(got):
            assert d.encode() in text_of(x) and d.encode() in text_of(y)


def test_resolve_duplicates_pair_of_slices():
    a, b = rng_rows(7, 50), rng_rows(8, 50)
    ca, cb = sliced(a, 5, 30), sliced(b, 12, 44)
    got = D.resolve_duplicates_pair(
        ca, D.build_suffix_array(ca, 10), cb, D.build_suffix_array(cb, 10), 10
    )
    assert values(got) == duplicates_pair(text_of(a[5:30]), text_of(b[12:44]), 10)


def test_no_duplicates_is_an_empty_column():
    c = col(["abcdefghijklmnopqrstuvwxyz"])
    got = D.resolve_duplicates(c, D.build_suffix_array(c, 9), 9)
    assert got.size() == 0 and got.type().id() == plc.TypeId.STRING


def test_a_duplicate_longer_than_the_cap_comes_out_in_pieces():
    rng = np.random.default_rng(9)
    x = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz"), 40_000))
    c = col([x, "|", x])
    got = values(D.resolve_duplicates(c, D.build_suffix_array(c, 20), 20))
    assert max(map(len, got)) == CAP
    assert all(d in x for d in got)


def test_errors():
    c = col(["hello world hello world"])
    sa = D.build_suffix_array(c, 9)
    with pytest.raises(ValueError, match="min_width must be at least 0 and below"):
        D.build_suffix_array(c, 23)
    with pytest.raises(ValueError, match="min_width must be at least 0 and below"):
        D.build_suffix_array(col([]), 0)
    with pytest.raises(ValueError, match="min_width must be at least 0 and below"):
        D.build_suffix_array(c, -1)
    with pytest.raises(ValueError, match="greater than 8"):
        D.resolve_duplicates(c, sa, 8)
    with pytest.raises(ValueError, match="greater than 8"):
        D.resolve_duplicates_pair(c, sa, c, sa, 5)
    with pytest.raises(TypeError, match="must be a STRING column"):
        D.build_suffix_array(plc.Column.from_arrow(pa.array([1, 2, 3])), 0)
    with pytest.raises(TypeError, match="INT32 suffix array"):
        D.resolve_duplicates(c, plc.Column.from_arrow(pa.array([0, 1], pa.int64())), 9)
    with pytest.raises(ValueError, match="has nulls"):
        D.resolve_duplicates(c, plc.Column.from_arrow(pa.array([0, None], pa.int32())), 9)
    with pytest.raises(IndexError, match="outside the input's 23 bytes"):
        D.resolve_duplicates(c, plc.Column.from_arrow(pa.array([0, 23], pa.int32())), 9)
    with pytest.raises(IndexError, match="indices2 holds a position"):
        D.resolve_duplicates_pair(c, sa, c, plc.Column.from_arrow(pa.array([-1], pa.int32())), 9)


WORDS = st.sampled_from(["ab", "abc", "b", "c ", "é", "日", "\x00", "abcab"])
ROWS = st.lists(st.one_of(st.none(), st.lists(WORDS, max_size=12).map("".join)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(rows=ROWS, width=st.integers(0, 12))
def test_suffix_array_property(rows, width):
    text = text_of(rows)
    if width >= len(text):
        with pytest.raises(
            ValueError, match="min_width must be at least 0 and below the input's size in bytes"
        ):
            D.build_suffix_array(col(rows), width)
        return
    assert values(D.build_suffix_array(col(rows), width)) == suffix_array(text, width)


@settings(max_examples=60, deadline=None)
@given(rows=ROWS, width=st.integers(9, 14))
def test_duplicates_property(rows, width):
    text = text_of(rows)
    if width >= len(text):
        return
    c = col(rows)
    got = values(D.resolve_duplicates(c, D.build_suffix_array(c, width), width))
    assert got == duplicates(text, width)
