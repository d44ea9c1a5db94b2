"""The nvtext CUDA kernels (cuda/nvtext.cu), compiled as plain C++ for the CPU, give the
same results as ferrodf's host path and the Python oracles.

Without a GPU this is the only check of the device algorithms (test_nvtext_parity.py
adds the GPU run). As tests/plc/strings/test_str_kernels_on_host.py does for the string
kernels: the sources are compiled with g++ behind a few macros (one thread walks every
row), loaded with ctypes and driven the way device/kernels/nvtext.rs drives them.
Skipped without g++.
"""

from __future__ import annotations

import math
import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, U32, Arena, P, compile_kernels
from nvtext_helpers import (
    TEXT,
    char_ngrams,
    edit_tokens,
    jaccard,
    levenshtein,
    minhash,
    multi_tokens,
    porter_measure,
    texts,
    tokens,
)

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "nvtext.cu").exists(),
    reason="needs g++ and the kernel sources",
)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("nvtext_kernels")
    src = [PRELUDE, f'#include "{CUDA / "strings.cuh"}"', f'#include "{CUDA / "nvtext.cu"}"']
    return compile_kernels(d, src)


def host(fn):
    with ferrodf.option_context(device="cpu"):
        return fn().to_arrow().to_pylist()


def pcol(vals):
    return plc.Column.from_arrow(pa.array(vals, pa.string()))


ROWS = [*TEXT, *texts(11, n=150)]
OFFSETS = [0, 7]


@pytest.mark.parametrize("off", OFFSETS)
def test_normalize_spaces(lib, off):
    a = Arena()
    d = a.descs(a.strcol(ROWS, off))
    n = len(ROWS) - off
    got = a.build(
        n, lambda w, s, o, c: lib.nvt_normalize_spaces(P(d), I64(n), I32(w), P(s), P(o), P(c))
    )
    rows = ROWS[off:]
    want = host(lambda: plc.nvtext.normalize.normalize_spaces(pcol(rows)))
    assert [None if r is None else g for g, r in zip(got, rows, strict=True)] == want


def pieces(lib, a, rows, off, mode, delims="", width=0):
    """The counts, scanned offsets, total and (row, start, end) bounds of the pieces."""
    d = a.descs(a.strcol(rows, off))
    n = len(rows) - off
    dm = a.u32(ord(c) for c in delims)
    counts = np.zeros(n + 1, np.int64)
    lib.nvt_piece_counts(
        P(d), I64(n), I32(mode), P(dm), I64(len(delims)), I64(width), P(a.ptr(counts)), P(0)
    )
    offs = np.zeros(n + 1, np.int64)
    offs[1:] = np.cumsum(counts[:n])
    total = int(offs[n])
    bounds = np.zeros(3 * total + 3, np.int64)
    if total:
        lib.nvt_piece_bounds(
            P(d), I64(n), I32(mode), P(dm), I64(len(delims)), I64(width),
            P(a.ptr(offs)), P(a.ptr(bounds)),
        )  # fmt: skip
    return d, counts[:n], total, bounds


def take(lib, a, d, total, bounds):
    b = a.ptr(bounds)
    return a.build(
        total,
        lambda w, s, o, c: lib.nvt_take_pieces(P(d), I64(total), P(b), I32(w), P(s), P(o), P(c)),
    )


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("delims", ["", ",", " é日"])
def test_tokens_and_counts(lib, off, delims):
    a = Arena()
    rows = ROWS[off:]
    d, counts, total, bounds = pieces(lib, a, ROWS, off, 0, delims)
    assert list(counts) == [0 if s is None else len(tokens(s, delims)) for s in rows]
    got = take(lib, a, d, total, bounds)
    assert got == [t for s in rows if s is not None for t in tokens(s, delims)]
    sc = plc.Scalar.from_arrow(pa.scalar(delims, pa.string()))
    assert got == host(lambda: plc.nvtext.tokenize.tokenize_scalar(pcol(rows), sc))
    # the INT32 count output of count_tokens
    out = np.zeros(len(rows) + 1, np.int32)
    dm = a.u32(ord(c) for c in delims)
    lib.nvt_piece_counts(
        P(d), I64(len(rows)), I32(0), P(dm), I64(len(delims)), I64(0), P(0), P(a.ptr(out))
    )
    want = host(lambda: plc.nvtext.tokenize.count_tokens_scalar(pcol(rows), sc))
    assert list(out[: len(rows)]) == want


@pytest.mark.parametrize("off", OFFSETS)
def test_characters(lib, off):
    a = Arena()
    rows = ROWS[off:]
    d, _counts, total, bounds = pieces(lib, a, ROWS, off, 1)
    got = take(lib, a, d, total, bounds)
    assert got == [c for s in rows if s is not None for c in s]
    assert got == host(lambda: plc.nvtext.tokenize.character_tokenize(pcol(rows)))


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("width", [2, 3, 5])
def test_character_ngrams_and_hashes(lib, off, width):
    a = Arena()
    rows = ROWS[off:]
    d, counts, total, bounds = pieces(lib, a, ROWS, off, 2, width=width)
    got = take(lib, a, d, total, bounds)
    assert got == [g for s in rows if s is not None for g in char_ngrams(s, width)]
    want = host(lambda: plc.nvtext.generate_ngrams.generate_character_ngrams(pcol(rows), width))
    assert list(counts) == [len(x) for x in want]
    out = np.zeros(total + 1, np.uint32)
    lib.nvt_hash_pieces(P(d), I64(total), P(a.ptr(bounds)), U32(7), P(a.ptr(out)))
    want = host(lambda: plc.nvtext.generate_ngrams.hash_character_ngrams(pcol(rows), width, 7))
    assert list(out[:total]) == [h for x in want for h in x]


@pytest.mark.parametrize("mode", ["pairs", "one", "matrix"])
@pytest.mark.parametrize("off", OFFSETS)
def test_edit_distance(lib, mode, off):
    a = Arena()
    rows = ROWS[off : off + 60]
    other = list(reversed(ROWS))[:60]
    n = len(rows)
    if mode == "matrix":
        d = a.descs(a.strcol(ROWS[: off + 60], off))
        pairs = n * n
        want = [levenshtein(x or "", y or "") for x in rows for y in rows]
    elif mode == "one":
        d = a.descs(a.strcol(ROWS[: off + 60], off), a.strcol(["kitten 日本"], scalar=True))
        pairs = n
        want = [levenshtein(x or "", "kitten 日本") for x in rows]
    else:
        d = a.descs(a.strcol(ROWS[: off + 60], off), a.strcol(other))
        pairs = n
        want = [levenshtein(x or "", y or "") for x, y in zip(rows, other, strict=True)]
    m = int(mode == "matrix")
    sizes = np.zeros(pairs + 1, np.int64)
    lib.nvt_edit_scratch(P(d), I64(pairs), I64(n), I32(m), P(a.ptr(sizes)))
    offs = np.zeros(pairs + 1, np.int64)
    offs[1:] = np.cumsum(sizes[:pairs])
    scratch = np.zeros(int(offs[pairs]) + 1, np.int32)
    out = np.zeros(pairs + 1, np.int32)
    lib.nvt_edit_distance(
        P(d), I64(pairs), I64(n), I32(m), P(a.ptr(offs)), P(a.ptr(scratch)), P(a.ptr(out))
    )
    assert list(out[:pairs]) == want


@pytest.mark.parametrize("width", [2, 3, 5])
@pytest.mark.parametrize("off", OFFSETS)
def test_jaccard(lib, width, off):
    a = Arena()
    rows = ROWS[off:]
    other = list(reversed(ROWS))[: len(rows)]
    d = a.descs(a.strcol(ROWS, off), a.strcol(other))
    out = np.zeros(len(rows) + 1, np.float32)
    lib.nvt_jaccard(P(d), I64(len(rows)), I64(width), P(a.ptr(out)))
    for g, x, y in zip(out[: len(rows)], rows, other, strict=True):
        want = 0.0 if x is None or y is None else jaccard(x, y, width)
        assert math.isclose(float(g), want, rel_tol=1e-6, abs_tol=1e-7)


WORDS = ["tree", "trouble", "troubles", "syzygy", "toy", "ivy", "", None, "naïve", "日本y"]
LETTERS = [*WORDS, *texts(12, n=100, pool=list("aeiouybcdsz日é"), longest=10)]


@pytest.mark.parametrize("off", OFFSETS)
def test_porter_measure(lib, off):
    a = Arena()
    rows = LETTERS[off:]
    d = a.descs(a.strcol(LETTERS, off))
    out = np.zeros(len(rows) + 1, np.int32)
    lib.nvt_porter_measure(P(d), I64(len(rows)), P(a.ptr(out)))
    assert list(out[: len(rows)]) == [0 if s is None else porter_measure(s) for s in rows]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("vowel", [0, 1])
def test_is_letter(lib, off, vowel):
    a = Arena()
    rows = LETTERS[off:]
    d = a.descs(a.strcol(LETTERS, off))
    n = len(rows)
    for pos in (0, 1, -1, -3, 9):
        out = np.zeros(n + 1, np.uint8)
        lib.nvt_is_letter(P(d), I64(n), I32(vowel), I64(pos), P(0), P(a.ptr(out)))
        want = host(lambda p=pos: plc.nvtext.stemmer.is_letter(pcol(rows), bool(vowel), p))
        assert [bool(x) for x in out[:n]] == [bool(w) for w in want]
    idx = np.array([(i * 5) % 9 - 4 for i in range(n)], np.int64)
    out = np.zeros(n + 1, np.uint8)
    lib.nvt_is_letter(P(d), I64(n), I32(vowel), I64(0), P(a.ptr(idx)), P(a.ptr(out)))
    ic = plc.Column.from_arrow(pa.array(idx))
    want = host(lambda: plc.nvtext.stemmer.is_letter(pcol(rows), bool(vowel), ic))
    assert [bool(x) for x in out[:n]] == [bool(w) for w in want]


# ---- multi-delimiter tokens, token editing, ngrams of pieces --------------------------


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("delims", [[","], [" ", ","], ["ab", "a"], ["日", "😀", "\t", ""]])
def test_multi_delimiter_tokens(lib, off, delims):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    d = a.descs(a.strcol(ROWS, off), a.strcol(delims))
    counts = np.zeros(n + 1, np.int64)
    out32 = np.zeros(n + 1, np.int32)
    lib.nvt_piece_counts(
        P(d), I64(n), I32(3), P(0), I64(len(delims)), I64(0), P(a.ptr(counts)), P(a.ptr(out32))
    )
    want = [0 if s is None else len(multi_tokens(s, delims)) for s in rows]
    assert list(counts[:n]) == want
    assert list(out32[:n]) == want
    offs = np.zeros(n + 1, np.int64)
    offs[1:] = np.cumsum(counts[:n])
    total = int(offs[n])
    bounds = np.zeros(3 * total + 3, np.int64)
    lib.nvt_piece_bounds(
        P(d), I64(n), I32(3), P(0), I64(len(delims)), I64(0), P(a.ptr(offs)), P(a.ptr(bounds))
    )
    got = take(lib, a, d, total, bounds)
    assert got == [t for s in rows if s is not None for t in multi_tokens(s, delims)]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize(
    ("delims", "min_len", "rep"), [("", 2, ""), (", ", 3, "日本"), ("é", 0, "x")]
)
def test_filter_tokens(lib, off, delims, min_len, rep):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    d = a.descs(a.strcol(ROWS, off))
    dm = a.u32(ord(c) for c in delims)
    rb = rep.encode()
    r = a.ptr(np.frombuffer(rb + b"\0", np.uint8).copy())
    got = a.build(
        n,
        lambda w, s, o, c: lib.nvt_filter_tokens(
            P(d), I64(n), P(dm), I64(len(delims)), I64(min_len), P(r), I64(len(rb)),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    want = [
        "" if s is None else edit_tokens(s, delims, lambda t: rep if len(t) < min_len else None)
        for s in rows
    ]
    assert got == want


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("one", [False, True])
def test_replace_tokens(lib, off, one):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    targets = ["ab", "cd", "the", "日", "é", "ab", "x"]
    reps = ["_"] if one else ["X", "", "THE", "本本", "e", "ignored", "😀😀"]
    d = a.descs(a.strcol(ROWS, off), a.strcol(targets), a.strcol(reps, scalar=one))
    got = a.build(
        n,
        lambda w, s, o, c: lib.nvt_replace_tokens(
            P(d), I64(n), I64(len(targets)), P(0), I64(0), I32(w), P(s), P(o), P(c)
        ),
    )
    table = {}
    for i, t in enumerate(targets):
        table.setdefault(t, reps[0] if one else reps[i])
    assert got == ["" if s is None else edit_tokens(s, "", table.get) for s in rows]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize(("ngrams", "delims", "sep"), [(1, "", "_"), (2, "", "_"), (3, ", ", "日")])
def test_ngrams_tokenize(lib, off, ngrams, delims, sep):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    d, counts, _total, bounds = pieces(lib, a, ROWS, off, 0, delims)
    tok_off = np.zeros(n + 1, np.int64)
    tok_off[1:] = np.cumsum(counts)
    g = np.zeros(n + 1, np.int64)
    lib.nvt_ngram_counts(P(a.ptr(tok_off)), I64(n), I64(ngrams), P(a.ptr(g)))
    g_off = np.zeros(n + 1, np.int64)
    g_off[1:] = np.cumsum(g[:n])
    count = int(g_off[n])
    starts = np.zeros(count + 1, np.int64)
    lib.nvt_ngram_starts(P(a.ptr(tok_off)), I64(n), P(a.ptr(g_off)), P(a.ptr(starts)))
    sb = sep.encode()
    sp = a.ptr(np.frombuffer(sb + b"\0", np.uint8).copy())
    st, bp = a.ptr(starts), a.ptr(bounds)
    got = a.build(
        count,
        lambda w, s, o, c: lib.nvt_join_pieces(
            P(d), I64(count), P(st), P(bp), I64(ngrams), P(sp), I64(len(sb)),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    want = []
    for s in rows:
        if s is not None:
            t = tokens(s, delims)
            want += [sep.join(t[i : i + ngrams]) for i in range(len(t) - ngrams + 1)]
    assert got == want


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize(("ngrams", "sep"), [(2, "_"), (3, ""), (5, "日😀")])
def test_generate_ngrams(lib, off, ngrams, sep):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    d = a.descs(a.strcol(ROWS, off))
    flags = np.zeros(n + 1, np.int64)
    lib.nvt_nonempty_counts(P(d), I64(n), P(a.ptr(flags)))
    pos = np.zeros(n + 1, np.int64)
    pos[1:] = np.cumsum(flags[:n])
    m = int(pos[n])
    bounds = np.zeros(3 * m + 3, np.int64)
    lib.nvt_row_bounds(P(d), I64(n), P(a.ptr(pos)), P(a.ptr(bounds)))
    count = max(0, m - ngrams + 1)
    sb = sep.encode()
    sp = a.ptr(np.frombuffer(sb + b"\0", np.uint8).copy())
    bp = a.ptr(bounds)
    got = a.build(
        count,
        lambda w, s, o, c: lib.nvt_join_pieces(
            P(d), I64(count), P(0), P(bp), I64(ngrams), P(sp), I64(len(sb)),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    toks = [s for s in rows if s]
    assert got == [sep.join(toks[i : i + ngrams]) for i in range(len(toks) - ngrams + 1)]


@pytest.mark.parametrize("sep", [" ", "", "日😀"])
def test_detokenize(lib, sep):
    """nvt_detokenize over tokens sorted stably by row index (as device_detokenize sorts)."""
    a = Arena()
    rng = np.random.default_rng(13)
    toks = ROWS[:120]
    idx = [int(x) for x in rng.integers(0, 40, len(toks))]
    order = sorted(range(len(toks)), key=lambda i: idx[i])
    st = [toks[i] for i in order]
    si = np.array([idx[i] for i in order] + [0], np.int64)
    d = a.descs(a.strcol(st))
    rows = max(idx) + 1
    sb = sep.encode()
    sp = a.ptr(np.frombuffer(sb + b"\0", np.uint8).copy())
    ip = a.ptr(si)
    got = a.build(
        rows,
        lambda w, s, o, c: lib.nvt_detokenize(
            P(d), I64(len(st)), P(ip), I64(rows), P(sp), I64(len(sb)), I32(w), P(s), P(o), P(c)
        ),
    )
    want = [[] for _ in range(rows)]
    for t, r in zip(toks, idx, strict=True):
        if t is not None:
            want[r].append(t)
    assert got == [sep.join(x) for x in want]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("delims", ["", ", "])
def test_vocabulary_ids(lib, off, delims):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    vocab = ["the", "日本語", "a", "ab", "x", "ab", "😀", "é", "b"]
    first = {}
    for i, v in enumerate(vocab):
        first.setdefault(v.encode(), i)
    entries = sorted(first.items())
    vchars = np.frombuffer(b"".join(e[0] for e in entries) + b"\0", np.uint8).copy()
    voffs = np.zeros(len(entries) + 1, np.int64)
    voffs[1:] = np.cumsum([len(e[0]) for e in entries])
    vids = np.array([e[1] for e in entries] + [0], np.int32)
    d, counts, _total, _bounds = pieces(lib, a, ROWS, off, 0, delims)
    tok_off = np.zeros(n + 1, np.int64)
    tok_off[1:] = np.cumsum(counts)
    out = np.zeros(int(tok_off[n]) + 1, np.int32)
    dm = a.u32(ord(c) for c in delims)
    lib.nvt_vocab_ids(
        P(d), I64(n), P(dm), I64(len(delims)), P(a.ptr(vchars)), P(a.ptr(voffs)),
        P(a.ptr(vids)), I64(len(entries)), I32(-3), P(a.ptr(tok_off)), P(a.ptr(out)),
    )  # fmt: skip
    want = [first.get(t.encode(), -3) for s in rows if s is not None for t in tokens(s, delims)]
    assert list(out[: int(tok_off[n])]) == want


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("wide", [0, 1])
@pytest.mark.parametrize(("width", "seed"), [(2, 0), (4, 99)])
def test_minhash(lib, off, wide, width, seed):
    a = Arena()
    rows = ROWS[off:]
    n = len(rows)
    rng = np.random.default_rng(width)
    t = np.uint64 if wide else np.uint32
    hi = 2**64 - 1 if wide else 2**32 - 1
    pa_ = rng.integers(1, hi, 5, dtype=np.uint64).astype(t)
    pb_ = rng.integers(0, hi, 5, dtype=np.uint64).astype(t)
    d = a.descs(a.strcol(ROWS, off))
    counts = np.zeros(n + 1, np.int64)
    lib.nvt_minhash_counts(P(d), I64(n), I64(5), P(a.ptr(counts)))
    offs = np.zeros(n + 1, np.int64)
    offs[1:] = np.cumsum(counts[:n])
    total = int(offs[n])
    out = np.zeros(total + 1, t)
    lib.nvt_minhash(
        P(d), I64(n), P(seed), I64(width), P(a.ptr(pa_)), P(a.ptr(pb_)), I64(5), I32(wide),
        P(a.ptr(offs)), P(a.ptr(out)),
    )  # fmt: skip
    got = [
        None if s is None else [int(x) for x in out[offs[i] : offs[i + 1]]]
        for i, s in enumerate(rows)
    ]
    want = [
        minhash(s, seed, [int(x) for x in pa_], [int(x) for x in pb_], width, bool(wide))
        for s in rows
    ]
    assert got == want
