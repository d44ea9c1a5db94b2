"""The WordPiece and byte-pair-encoding kernels (cuda/nvtext_tokenizers.cu), compiled as
plain C++ for the CPU, give the same results as ferrodf's host path and the oracles of
test_nvtext_wordpiece_bpe.py.

As test_nvtext_kernels_on_host.py does for the other nvtext kernels (one thread walks every
row; driven the way device/kernels/nvtext_tokenizers.rs drives them). Merge tables in no
training order check that the kernel follows libcudf's merge schedule exactly as the host
path does. Skipped without g++.
"""

from __future__ import annotations

import random
import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels
from nvtext_helpers import TEXT, texts
from test_nvtext_wordpiece_bpe import VOCAB, WordPieceOracle, bpe_oracle, trained_pairs

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "nvtext_tokenizers.cu").exists(),
    reason="needs g++ and the kernel sources",
)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("nvtext_tokenizer_kernels")
    src = [
        PRELUDE,
        f'#include "{CUDA / "strings.cuh"}"',
        f'#include "{CUDA / "nvtext.cu"}"',
        f'#include "{CUDA / "nvtext_tokenizers.cu"}"',
    ]
    return compile_kernels(d, src)


def host(fn):
    with ferrodf.option_context(device="cpu"):
        return fn().to_arrow().to_pylist()


def pcol(vals):
    return plc.Column.from_arrow(pa.array(vals, pa.string()))


ROWS = [*TEXT, *texts(31, n=150), "straße  straßen ##ß", "日本語日本 本日", "a" * 250]
OFFSETS = [0, 7]


def sorted_table(a: Arena, entries: dict[bytes, int]) -> list[int]:
    """An NvtTable (chars, offsets, ids, count) of `entries` sorted by bytes."""
    items = sorted(entries.items())
    chars = np.frombuffer(b"".join(k for k, _ in items) + b"\0", np.uint8).copy()
    offs = np.zeros(len(items) + 1, np.int64)
    offs[1:] = np.cumsum([len(k) for k, _ in items])
    ids = np.array([v for _, v in items] + [0], np.int32)
    return [a.ptr(chars), a.ptr(offs), a.ptr(ids), len(items)]


def wordpiece(lib, a, rows, off, vocab, max_words):
    words, pieces = {}, {}
    for i, v in enumerate(vocab):
        b = v.encode()
        words.setdefault(b, i)
        if b.startswith(b"##"):
            pieces.setdefault(b[2:], i)
    unk = words.get(b"[UNK]", words.get(b"[unk]", -1))
    t = a.ptr(np.array(sorted_table(a, words) + sorted_table(a, pieces), np.uint64))
    d = a.descs(a.strcol(rows, off))
    n = len(rows) - off
    counts = np.zeros(n + 1, np.int64)
    lib.nvt_wordpiece(P(d), I64(n), I64(max_words), P(t), I32(unk), P(a.ptr(counts)), P(0), P(0))
    offs = np.zeros(n + 1, np.int64)
    offs[1:] = np.cumsum(counts[:n])
    out = np.zeros(int(offs[n]) + 1, np.int32)
    lib.nvt_wordpiece(
        P(d), I64(n), I64(max_words), P(t), I32(unk), P(0), P(a.ptr(offs)), P(a.ptr(out))
    )
    return [
        None if s is None else [int(x) for x in out[offs[i] : offs[i + 1]]]
        for i, s in enumerate(rows[off:])
    ]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("max_words", [0, 1, 3])
@pytest.mark.parametrize("vocab", [VOCAB, ["a", "##b", "é", "##é", "[unk]"], ["x", "##x"]])
def test_wordpiece(lib, off, max_words, vocab):
    a = Arena()
    got = wordpiece(lib, a, ROWS, off, vocab, max_words)
    rows = ROWS[off:]
    assert got == WordPieceOracle(vocab).rows(rows, max_words)
    v = plc.nvtext.wordpiece_tokenize.WordPieceVocabulary(pcol(vocab))
    assert got == host(
        lambda: plc.nvtext.wordpiece_tokenize.wordpiece_tokenize(pcol(rows), v, max_words)
    )


def bpe(lib, a, rows, off, table, sep="|"):
    ranks: dict[tuple[bytes, bytes], int] = {}
    singles = set()
    for i, p in enumerate(table):
        left, right = p.split(" ", 1)
        ranks.setdefault((left.encode(), right.encode()), i)
        singles |= {ord(x) for x in (left, right) if len(x) == 1}
    items = sorted(ranks.items())

    def strings(xs):
        chars = np.frombuffer(b"".join(xs) + b"\0", np.uint8).copy()
        offs = np.zeros(len(xs) + 1, np.int64)
        offs[1:] = np.cumsum([len(x) for x in xs])
        return a.ptr(chars), a.ptr(offs)

    lc, lo = strings([k[0] for k, _ in items])
    rc, ro = strings([k[1] for k, _ in items])
    rk = a.ptr(np.array([r for _, r in items] + [0], np.int32))
    mp = a.ptr(np.array([lc, lo, rc, ro, rk, len(items)], np.uint64))
    sg = a.u32(sorted(singles))
    d = a.descs(a.strcol(rows, off))
    n = len(rows) - off
    lens = np.zeros(n + 1, np.int64)
    lib.nvt_bpe_lengths(P(d), I64(n), P(a.ptr(lens)))
    scr = np.zeros(n + 1, np.int64)
    scr[1:] = np.cumsum(lens[:n])
    total = int(scr[n])
    st = np.zeros(total + 1, np.int8)
    rk_ = np.zeros(total + 1, np.int32)
    rr = np.zeros(total + 1, np.int8)
    sp = a.ptr(scr)
    lib.nvt_bpe(
        P(d), I64(n), P(mp), P(sg), I64(len(singles)), P(sp),
        P(a.ptr(st)), P(a.ptr(rk_)), P(a.ptr(rr)),
    )  # fmt: skip
    sb, _ = a.bytes_(sep)
    stp = a.ptr(st)
    got = a.build(
        n,
        lambda w, s, o, c: lib.nvt_bpe_join(
            P(d), I64(n), P(stp), P(sp), P(sb), I64(1), I32(w), P(s), P(o), P(c)
        ),
    )
    return [None if r is None else g for g, r in zip(got, rows[off:], strict=True)]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("seed", [0, 1])
def test_bpe_trained_tables(lib, off, seed):
    a = Arena()
    table = trained_pairs(ROWS, random.Random(seed), 80)
    got = bpe(lib, a, ROWS, off, table)
    assert got == bpe_oracle(ROWS[off:], table, "|")


def random_table(rng: random.Random, n: int) -> list[str]:
    """Pairs in no particular order: pieces of 1-3 characters, rights sometimes spaced."""
    alphabet = ["a", "b", "c", " ", "é", "日"]

    def piece(spaces: bool):
        pool = alphabet if spaces else [c for c in alphabet if c != " "]
        return "".join(rng.choice(pool) for _ in range(rng.randint(1, 3)))

    return [f"{piece(False)} {piece(True)}" for _ in range(n)]


@pytest.mark.parametrize("seed", range(6))
def test_bpe_any_table_matches_the_host_path(lib, seed):
    """Tables in no training order: kernel and host path follow libcudf's schedule."""
    rng = random.Random(seed)

    def row():
        return "".join(rng.choice("abc é日") for _ in range(rng.randint(0, 25)))

    rows = [None if rng.random() < 0.1 else row() for _ in range(120)]
    table = random_table(rng, 40)
    a = Arena()
    got = bpe(lib, a, rows, 3, table)
    mp = plc.nvtext.byte_pair_encode.BPEMergePairs(pcol(table))
    sep = plc.Scalar.from_arrow(pa.scalar("|"))
    want = host(lambda: plc.nvtext.byte_pair_encode.byte_pair_encoding(pcol(rows[3:]), mp, sep))
    assert got == want
