"""The Unicode nvtext CUDA kernels (cuda/nvtext_unicode.cu), compiled as plain C++ for
the CPU, give the same results as ferrodf's host path and the oracles
(``unicodedata.normalize``; the reference loop of normalize_characters).

As test_nvtext_kernels_on_host.py: the sources are compiled with g++ behind a few macros
(one thread walks every row), loaded with ctypes and driven the way
device/kernels/nvtext_unicode.rs drives them. The tables are made here from
``unicodedata`` the way ops::nvtext builds them. Skipped without g++.
"""

from __future__ import annotations

import shutil
import unicodedata

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels
from nvtext_helpers import TEXT, texts
from test_nvtext_normalize_characters import ALL as CHAR_ROWS
from test_nvtext_normalize_characters import TOKENS
from test_nvtext_unicode_normalize import ROWS as UNI_ROWS
from unicode_helpers import CJK, char_out, is_cjk, ref_normalize, unicode_data_rows, unicode_table

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "nvtext_unicode.cu").exists(),
    reason="needs g++ and the kernel sources",
)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("nvtext_unicode_kernels")
    src = [
        PRELUDE,
        f'#include "{CUDA / "strings.cuh"}"',
        f'#include "{CUDA / "nvtext_unicode.cu"}"',
    ]
    return compile_kernels(d, src)


def host(fn):
    with ferrodf.option_context(device="cpu"):
        return fn().to_arrow().to_pylist()


def pcol(vals):
    return plc.Column.from_arrow(pa.array(vals, pa.string()))


OFFSETS = [0, 5]

# ---- normalize_unicode --------------------------------------------------------------


def unicode_tables(form: str):
    """The sorted tables of `form` (as ops::nvtext::unicode_normalize builds them)."""
    hexes, classes, maps = unicode_data_rows()
    compat_ok = form in ("NFKD", "NFKC")
    decomp = {}
    pairs = []
    for h, _c, m in zip(hexes, classes, maps, strict=True):
        ch = chr(int(h, 16))
        if not m:
            continue
        compat = m.startswith("<")
        if compat and not compat_ok:
            continue
        full = unicodedata.normalize("NFKD" if compat_ok else "NFD", ch)
        if full != ch:
            decomp[ord(ch)] = [ord(x) for x in full]
        toks = m.split()
        if not compat and len(toks) == 2:
            a, b = (int(t, 16) for t in toks)
            if unicodedata.combining(chr(a)) == 0 and unicodedata.normalize("NFC", ch) == ch:
                pairs.append(((a << 32) | b, ord(ch)))
    keys = sorted(decomp)
    offs, vals = [0], []
    for k in keys:
        vals += decomp[k]
        offs.append(len(vals))
    ccc = sorted((int(h, 16), c) for h, c, _ in zip(hexes, classes, maps, strict=True) if c)
    pairs.sort()
    if form not in ("NFC", "NFKC"):
        pairs = []
    return keys, offs, vals, ccc, pairs


def run_unicode(lib, rows, off, form):
    a = Arena()
    keys, offs, vals, ccc, pairs = unicode_tables(form)
    dk, do, dv = a.u32(keys), a.u32(offs), a.u32(vals)
    ck, cv = a.u32(c for c, _ in ccc), a.u32(v for _, v in ccc)
    pk = a.ptr(np.array([k for k, _ in pairs] + [0], np.uint64))
    pv = a.u32(v for _, v in pairs)
    d = a.descs(a.strcol(rows, off))
    n = len(rows) - off
    counts = np.zeros(n + 1, np.int64)
    lib.nvu_decomposed_counts(P(d), I64(n), P(dk), P(do), I64(len(keys)), P(a.ptr(counts)))
    cp_off = np.zeros(n + 1, np.int64)
    cp_off[1:] = np.cumsum(counts[:n])
    cps = np.zeros(int(cp_off[n]) + 1, np.uint32)
    lens = np.zeros(n + 1, np.int64)
    lib.nvu_normalize_rows(
        P(d), I64(n), P(dk), P(do), P(dv), I64(len(keys)), P(ck), P(cv), I64(len(ccc)),
        P(pk), P(pv), I64(len(pairs)), I32(int(form in ("NFC", "NFKC"))),
        P(a.ptr(cp_off)), P(a.ptr(cps)), P(a.ptr(lens)),
    )  # fmt: skip
    po, pc, pl = a.ptr(cp_off), a.ptr(cps), a.ptr(lens)
    got = a.build(
        n,
        lambda w, s, o, c: lib.nvu_write_utf8(
            I64(n), P(po), P(pl), P(pc), I32(w), P(s), P(o), P(c)
        ),
    )
    return [None if r is None else g for g, r in zip(got, rows[off:], strict=True)]


MIXED = [
    *UNI_ROWS,
    *TEXT,
    *texts(13, n=80, pool=["e", "\u0301", "\u0323", "가", "\u1161", "ﬁ", "Å", " "]),
]


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("form", ["NFD", "NFC", "NFKD", "NFKC"])
def test_normalize_unicode_kernels(lib, off, form):
    got = run_unicode(lib, MIXED, off, form)
    rows = MIXED[off:]
    assert got == [None if s is None else unicodedata.normalize(form, s) for s in rows]
    n = plc.nvtext.unicode_normalize.UnicodeNormalizer(
        unicode_table(), getattr(plc.nvtext.unicode_normalize.UnicodeNormalizationForm, form)
    )
    assert got == host(lambda: plc.nvtext.unicode_normalize.normalize_unicode(pcol(rows), n))


def test_every_listed_character_nfkc(lib):
    hexes, _, _ = unicode_data_rows()
    rows = [f"a{chr(int(h, 16))}\u0301" for h in hexes]
    got = run_unicode(lib, rows, 0, "NFKC")
    assert got == [unicodedata.normalize("NFKC", s) for s in rows]


# ---- normalize_characters -----------------------------------------------------------


def char_tables(rows, lower):
    """The action table of the characters of `rows` (outside the CJK ranges): keys and
    four u32 per key (pad flag, up to three code points)."""
    chars = sorted({c for s in rows if s for c in s} | {c for t in TOKENS for c in t})
    keys, vals = [], []
    for c in chars:
        if is_cjk(c):
            continue
        o = char_out(c, lower)
        if o == c:
            continue
        keys.append(ord(c))
        if len(o) == 3 and o[0] == " " and o[2] == " ":
            vals += [1, ord(o[1]), 0, 0]
        else:
            cps = [ord(x) for x in o] + [0, 0, 0]
            vals += [0, *cps[:3]]
    return keys, vals


@pytest.mark.parametrize("off", OFFSETS)
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("tokens", [[], TOKENS])
def test_normalize_characters_kernel(lib, off, lower, tokens):
    a = Arena()
    keys, vals = char_tables(CHAR_ROWS, lower)
    toks = sorted({(t.lower() if lower else t).encode() for t in tokens})
    tchars = np.frombuffer(b"".join(toks) + b"\0", np.uint8).copy()
    toff = np.array([0, *np.cumsum([len(t) for t in toks])], np.int64)
    ranges = [x for r in CJK for x in r]
    d = a.descs(a.strcol(CHAR_ROWS, off))
    n = len(CHAR_ROWS) - off
    k, v, r = a.u32(keys), a.u32(vals), a.u32(ranges)
    tc, to = a.ptr(tchars), a.ptr(toff)
    args = (P(d), I64(n), P(k), P(v), I64(len(keys)), P(r), I64(len(CJK)))
    args += (P(tc), P(to), I64(len(toks)), I32(int(lower)))
    got = a.build(
        n, lambda w, s, o, c: lib.nvc_normalize_characters(*args, I32(w), P(s), P(o), P(c))
    )
    rows = CHAR_ROWS[off:]
    got = [None if s is None else g for g, s in zip(got, rows, strict=True)]
    assert got == [ref_normalize(s, lower, tokens) for s in rows]
    nm = plc.nvtext.normalize
    norm = nm.CharacterNormalizer(lower, pcol(tokens))
    assert got == host(lambda: nm.normalize_characters(pcol(rows), norm))
