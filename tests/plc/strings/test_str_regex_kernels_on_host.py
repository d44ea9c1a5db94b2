"""The device regex kernels of findall, find_re, the regex splits and the extracts
(``cuda/regex.cu``), compiled as plain C++ for the CPU, give the same results as ferrodf's
host path.

Without a GPU this is the only run of the DFA item kernels and of the Pike VM capture
kernel. The tables they read are the ones the device path uploads
(``ferrodf._lib.strings._regex_device_words``); the kernels are driven the way
``core/src/device/kernels/regex.rs`` drives them. Skipped without g++.
"""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels

import ferrodf
import ferrodf.plc as plc
from ferrodf._lib.strings import _regex_device_words

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "regex.cu").exists(),
    reason="needs g++ and the kernel sources",
)

S = plc.strings
SPLIT = S.split.split


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("regex_kernels")
    src = [
        PRELUDE,
        "#define __ldg(p) (*(p))",
        f'#include "{CUDA / "strings.cuh"}"',
        f'#include "{CUDA / "regex.cu"}"',
    ]
    return compile_kernels(d, src)


POOL = [*"abcXYZ 1-_,", "\n", "é", "ß", "日", "😀"]


@pytest.fixture(scope="module", params=[0, 1], ids=lambda s: f"seed{s}")
def data(request):
    rng = np.random.default_rng(request.param)
    vals = [
        None if rng.random() < 0.1 else "".join(rng.choice(POOL, int(rng.integers(0, 14))))
        for _ in range(60)
    ]
    off = 3
    return vals, off, vals[off:]


def host(fn):
    with ferrodf.option_context(device="cpu"):
        r = fn()
    if isinstance(r, plc.Table):
        return [c.to_arrow().to_pylist() for c in r.columns()]
    return r.to_arrow().to_pylist()


def pcol(vals):
    return plc.Column.from_arrow(pa.array(vals, pa.string()))


def prog(p):
    return S.regex_program.RegexProgram.create(p)


class Kernels:
    """A pattern's tables and one input's descriptor, with the launch sequences of
    regex.rs (Items::find, Items::captures, Items::column, Items::record)."""

    def __init__(self, lib, vals, off, pattern):
        self.lib, self.a = lib, Arena()
        self.sub = vals[off:]
        self.m = len(self.sub)
        self.d = self.a.descs(self.a.strcol(vals, off))
        self.p = prog(pattern)
        (words, rev), cap = _regex_device_words(self.p)
        self.tables, self.rev = self.a.ptr(np.array(words, np.uint32)), rev
        self.cap = np.array(cap, np.uint32)
        self.quit = np.zeros(1, np.int32)

    def head(self, kind, maxsplit):
        return [P(self.d), I64(self.m), P(self.tables), I64(self.rev), I32(kind), I64(maxsplit),
                P(self.a.ptr(self.quit))]  # fmt: skip

    def count(self, kind, maxsplit):
        counts = np.zeros(self.m + 1, np.int64)
        mx = np.zeros(1, np.uint64)
        self.lib.re_items_count(
            *self.head(kind, maxsplit), P(self.a.ptr(counts)), P(self.a.ptr(mx))
        )
        offs = np.zeros(self.m + 1, np.int64)
        offs[1:] = np.cumsum(counts[: self.m])
        return offs, int(mx[0])

    def items(self, kind, maxsplit):
        offs, mx = self.count(kind, maxsplit)
        spans = np.zeros(2 * max(int(offs[-1]), 1), np.int64)
        self.lib.re_items_spans(
            *self.head(kind, maxsplit), P(self.a.ptr(offs)), P(self.a.ptr(spans))
        )
        return offs, spans, mx

    def captures(self, all_):
        c = self.cap
        states, slots, stack = int(c[0]), int(c[1]), int(c[2])
        groups = slots // 2 - 1
        per_thread = 2 * states * slots + 2 * slots + 2 * stack + 2 * states
        if all_:
            offs, _ = self.count(3, groups)
            total = int(offs[-1])
        else:
            offs, total = np.zeros(self.m + 1, np.int64), self.m * groups
        spans = np.zeros(2 * max(total, 1), np.int64)
        row_valid = np.zeros(max(self.m, 1), np.uint8)
        scratch = np.zeros(per_thread, np.int64)
        self.lib.re_capture_spans(
            P(self.d), I64(self.m), P(self.tables), I64(self.rev), P(self.a.ptr(c)), I32(all_),
            I64(groups), P(self.a.ptr(self.quit)), P(self.a.ptr(offs)), P(self.a.ptr(spans)),
            P(self.a.ptr(row_valid)), P(self.a.ptr(scratch)), I64(per_thread),
        )  # fmt: skip
        return offs, spans, row_valid, groups

    def column(self, offs, spans, j):
        valid = np.zeros(max(self.m, 1), np.uint8)
        rows = self.a.build(
            self.m,
            lambda w, s, o, c: self.lib.re_span_column(
                P(self.d), I64(self.m), P(self.a.ptr(offs)), P(self.a.ptr(spans)), I64(j),
                P(self.a.ptr(valid)), I32(w), P(s), P(o), P(c),
            ),
        )  # fmt: skip
        return [r if v else None for r, v in zip(rows, valid[: self.m], strict=True)]

    def record(self, offs, spans, row_ok):
        total = int(offs[-1])
        rows_of = np.repeat(np.arange(self.m, dtype=np.int32), np.diff(offs)).astype(np.int32)
        valid = np.zeros(max(total, 1), np.uint8)
        flat = self.a.build(
            total,
            lambda w, s, o, c: self.lib.re_span_strings(
                P(self.d), I64(total), P(self.a.ptr(rows_of)), P(self.a.ptr(spans)),
                P(self.a.ptr(valid)), I32(w), P(s), P(o), P(c),
            ),
        )  # fmt: skip
        flat = [x if v else None for x, v in zip(flat, valid[:total], strict=True)]
        return [flat[offs[i] : offs[i + 1]] if row_ok[i] else None for i in range(self.m)]

    @property
    def quit_set(self):
        return bool(self.quit[0])


ITEM_PATTERNS = ["a", "[ab]+", "x*", ",", "ß|日", r"\s+", r"\d", "^", "(?m)^b", "[^ ]+$", "é?"]


@pytest.mark.parametrize("p", ITEM_PATTERNS)
def test_findall_and_find_re(lib, data, p):
    vals, off, sub = data
    k = Kernels(lib, vals, off, p)
    offs, spans, _ = k.items(0, 0)
    valid = [s is not None for s in sub]
    assert not k.quit_set
    assert k.record(offs, spans, valid) == host(lambda: S.findall.findall(pcol(sub), k.p))
    out = np.zeros(k.m + 1, np.int32)
    lib.re_search(P(k.d), I64(k.m), P(k.tables), I64(k.rev), I32(3), P(k.a.ptr(k.quit)),
                  P(k.a.ptr(out)))  # fmt: skip
    got = [int(x) if v else None for x, v in zip(out[: k.m], valid, strict=True)]
    assert got == host(lambda: S.findall.find_re(pcol(sub), k.p))


@pytest.mark.parametrize("maxsplit", [-1, 1, 2])
@pytest.mark.parametrize("p", [",", r"\s+", "[ab]", "日|😀", "x*", r"\d+"])
def test_split_re(lib, data, p, maxsplit):
    vals, off, sub = data
    valid = [s is not None for s in sub]
    for kind, rec, tab in [
        (1, SPLIT.split_record_re, SPLIT.split_re),
        (2, SPLIT.rsplit_record_re, SPLIT.rsplit_re),
    ]:
        k = Kernels(lib, vals, off, p)
        offs, spans, mx = k.items(kind, maxsplit)
        assert not k.quit_set
        assert k.record(offs, spans, valid) == host(
            lambda rec=rec, p=k.p: rec(pcol(sub), p, maxsplit)
        )
        cols = [k.column(offs, spans, j) for j in range(max(mx, 1))]
        assert cols == host(lambda tab=tab, p=k.p: tab(pcol(sub), p, maxsplit))


CAPTURE_PATTERNS = [
    r"(a)(b)?",
    r"([ab]+)(c)?",
    r"(\w)(\w)",
    r"(é|ß)+(.)",
    r"((a)|b)+",
    r"(?:(X)|(Y))Z",
    r"(\s*)(\S+)$",
    r"(?m)^(\w)",
    r"(a*)*",
    r"(\d)-(\d)?",
    r"(日)(😀)?",
    r"(?i)(x)(y)",
]


@pytest.mark.parametrize("p", CAPTURE_PATTERNS)
def test_extract_kernels(lib, data, p):
    vals, off, sub = data
    k = Kernels(lib, vals, off, p)
    offs, spans, _, groups = k.captures(False)
    assert not k.quit_set
    cols = [k.column(offs, spans, j) for j in range(groups)]
    assert cols == host(lambda: S.extract.extract(pcol(sub), k.p))
    k = Kernels(lib, vals, off, p)
    offs, spans, row_valid, _ = k.captures(True)
    assert not k.quit_set
    got = k.record(offs, spans, row_valid[: k.m])
    assert got == host(lambda: S.extract.extract_all_record(pcol(sub), k.p))


def test_unicode_word_boundary_quits(lib):
    """A Unicode \\b next to non-ASCII text sets the quit flag (the host redoes the call);
    on ASCII text the VM decides it."""
    k = Kernels(lib, ["ab cd", "x"], 0, r"\b(\w)")
    offs, spans, _, _ = k.captures(False)
    assert not k.quit_set
    assert k.column(offs, spans, 0) == ["a", "x"]
    k = Kernels(lib, ["é b"], 0, r"(\w)\b")
    k.captures(True)
    assert k.quit_set


def test_capture_tables_are_bounded():
    """A pattern whose VM would need too much scratch per thread has no capture tables
    (the device path falls back to the host)."""
    dfa, cap = _regex_device_words(prog(r"(\w{40})(\w{40})"))
    assert cap is None
    dfa, cap = _regex_device_words(prog(r"(\d+)"))
    assert dfa is not None and cap is not None
