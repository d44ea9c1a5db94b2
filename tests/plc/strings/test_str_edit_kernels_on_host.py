"""The CUDA kernels of strings_chars.cu and strings_edit.cu, compiled as plain C++ for the
CPU (as test_str_kernels_on_host.py does for strings.cu), give the same results as
ferrodf's host path: capitalize, title, is_title, swapcase, char_types, translate,
filter_characters, padding, repeat, reverse, replace_slice, replace_multiple, partition,
like and code_points.

The class and case tables the kernels read are built here from Python's unicodedata,
which agrees with Rust's tables on the characters of the test pool.
"""

from __future__ import annotations

import ctypes
import subprocess
import unicodedata

import numpy as np
import pyarrow as pa
import pytest
from test_str_kernels_on_host import (
    CUDA,
    I32,
    I64,
    POOL,
    PRELUDE,
    Arena,
    P,
    case_table,
    host,
    nullify,
    pcol,
    pytestmark,  # noqa: F401 (skipped without g++)
    sc,
)

import ferrodf.plc as plc

S = plc.strings
T = S.char_types.StringCharacterTypes
EXTRA = ["1", "٣", "½", "Ⅷ", "%", "_", "\\"]
CHARS = [*POOL, *EXTRA]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("edit_kernels")
    src = [PRELUDE] + [
        f'#include "{CUDA / f}"'
        for f in ("strings.cuh", "strings.cu", "strings_chars.cu", "strings_edit.cu")
    ]
    (d / "k.cpp").write_text("\n".join(src))
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-shared", "-fPIC", "-o", str(d / "k.so"), str(d / "k.cpp")],
        check=True,
    )
    return ctypes.CDLL(str(d / "k.so"))


def flags(ch: str) -> int:
    cat = unicodedata.category(ch)
    f = 0
    if cat == "Nd":
        f |= int(T.DECIMAL) | int(T.DIGIT)
    if cat.startswith("N"):
        f |= int(T.NUMERIC)
    if cat.startswith("L"):
        f |= int(T.ALPHA)
    if ch.isspace() and ch not in "\x1c\x1d\x1e\x1f":
        f |= int(T.SPACE)
    if ch.isupper():
        f |= int(T.UPPER)
    if ch.islower():
        f |= int(T.LOWER)
    return f


@pytest.fixture(scope="module")
def ct():
    """The `ct` words of strings_chars.cu (and the arrays they point into)."""
    a = Arena()
    cps = sorted(set(range(0x80)) | {ord(c) for c in CHARS})
    starts, fl = [], []
    for cp in cps:
        starts.append(cp)
        fl.append(flags(chr(cp)))
        if cp + 1 not in cps:
            starts.append(cp + 1)
            fl.append(0)
    (uk, uv), (lk, lv) = case_table(True), case_table(False)
    words = [
        a.ptr(np.array(starts, np.uint32)),
        a.ptr(np.array(fl, np.uint8)),
        len(starts),
        a.ptr(uk),
        a.ptr(uv),
        uk.size,
        a.ptr(lk),
        a.ptr(lv),
        lk.size,
    ]
    return a, a.ptr(np.array(words, np.uint64))


def pool_text(rng, n):
    return [
        None if rng.random() < 0.1 else "".join(rng.choice(CHARS, int(rng.integers(0, 15))))
        for _ in range(n)
    ]


@pytest.fixture(scope="module", params=[0, 1, 2], ids=lambda s: f"seed{s}")
def data(request):
    rng = np.random.default_rng(request.param)
    vals = pool_text(rng, 80)
    off = 3
    return rng, vals, off, vals[off:]


def build(a, lib_fn, d, m, *args):
    """The rows of a two-pass kernel over descriptor d with `args` before the pass ones."""
    return a.build(m, lambda w, s, o, c: lib_fn(P(d), I64(m), *args, I32(w), P(s), P(o), P(c)))


def flags_out(a, m, lib_fn, d, *args):
    out = np.zeros(m + 1, np.uint8)
    lib_fn(P(d), I64(m), *args, P(a.ptr(out)))
    return [bool(x) for x in out[:m]]


def test_recase_and_classes(lib, ct, data):
    _, vals, off, sub = data
    _, ctp = ct
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    C = S.capitalize
    for delims in ["", " ,", "é"]:
        cps = np.array([*[ord(x) for x in delims], 0], np.uint32)
        rows = build(
            a, lib.str_recase, d, m, I32(0), P(a.ptr(cps)), I64(len(delims)), I32(0), P(ctp)
        )
        expected = host(lambda delims=delims: C.capitalize(pcol(sub), sc(delims)))
        assert nullify(rows, valid) == expected, delims
    for seq in [T.ALPHA, T.ALPHANUM, T.LOWER | T.SPACE]:
        rows = build(a, lib.str_recase, d, m, I32(1), P(0), I64(0), I32(int(seq)), P(ctp))
        assert nullify(rows, valid) == host(lambda seq=seq: C.title(pcol(sub), seq)), seq
    rows = build(a, lib.str_recase, d, m, I32(2), P(0), I64(0), I32(0), P(ctp))
    assert nullify(rows, valid) == host(lambda: S.case.swapcase(pcol(sub)))
    got = flags_out(a, m, lib.str_is_title, d, P(ctp))
    assert nullify(got, valid) == host(lambda: C.is_title(pcol(sub)))
    CT = S.char_types
    for types, verify in [(T.ALPHA, T.ALL_TYPES), (T.UPPER, T.CASE_TYPES), (T.SPACE, T.ALL_TYPES)]:
        got = flags_out(a, m, lib.str_all_of_type, d, I32(int(types)), I32(int(verify)), P(ctp))
        expected = host(lambda t=types, v=verify: CT.all_characters_of_type(pcol(sub), t, v))
        assert nullify(got, valid) == expected, (types, verify)
    for remove, keep_t, repl in [(T.ALPHA, T.ALL_TYPES, ""), (T.ALL_TYPES, T.LOWER, "日")]:
        rp, rl = a.bytes_(repl)
        rows = build(
            a, lib.str_filter_of_type, d, m, I32(int(remove)), I32(int(keep_t)), P(rp),
            I64(rl), P(ctp),
        )  # fmt: skip
        expected = host(
            lambda r=remove, k=keep_t, x=repl: CT.filter_characters_of_type(pcol(sub), r, sc(x), k)
        )
        assert nullify(rows, valid) == expected


def test_translate_and_filter(lib, data):
    _, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    table = {"a": "AA", "é": None, "日": "x", "😀": "ß"}
    keys = sorted(ord(k) for k in table)
    values = [(table[chr(k)] or "").encode() for k in keys]
    voff = np.array([0, *np.cumsum([len(v) for v in values])], np.int64)
    vb = np.frombuffer(b"".join(values) + b"\0", np.uint8).copy()
    kp = a.ptr(np.array(keys, np.uint32))
    rows = build(a, lib.str_translate, d, m, P(kp), P(a.ptr(voff)), P(a.ptr(vb)), I64(len(keys)))
    assert nullify(rows, valid) == host(lambda: S.translate.translate(pcol(sub), table))
    FT = S.translate.FilterType
    ranges = {"a": "c", "日": "本"}
    rg = a.ptr(np.array([ord(x) for kv in ranges.items() for x in kv], np.uint32))
    for keep in [FT.KEEP, FT.REMOVE]:
        rp, rl = a.bytes_("-")
        rows = build(
            a, lib.str_filter_chars, d, m, P(rg), I64(2), I32(int(keep == FT.KEEP)), P(rp), I64(rl)
        )
        expected = host(
            lambda keep=keep: S.translate.filter_characters(pcol(sub), ranges, keep, sc("-"))
        )
        assert nullify(rows, valid) == expected


def test_padding_repeat_reverse(lib, data):
    rng, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    for width, side, fill in [(8, 0, " "), (9, 1, "é"), (11, 2, "😀"), (0, 2, "x")]:
        fp, fl = a.bytes_(fill)
        rows = build(a, lib.str_pad, d, m, I64(width), I32(side), P(fp), I64(fl))
        expected = host(
            lambda w=width, s=side, f=fill: S.padding.pad(pcol(sub), w, S.SideType(s), f)
        )
        assert nullify(rows, valid) == expected
    signed = [None if v is None else rng.choice(["", "-", "+"]) + v for v in sub]
    sd = a.descs(a.strcol(signed))
    rows = build(a, lib.str_zfill, sd, m, I64(9), P(0), P(0), I64(0))
    assert nullify(rows, valid) == host(lambda: S.padding.zfill(pcol(signed), 9))
    widths = rng.integers(-2, 16, m).astype(np.int64)
    rows = build(a, lib.str_zfill, sd, m, I64(0), P(a.ptr(widths)), P(0), I64(0))
    wcol = plc.Column.from_arrow(pa.array(widths))
    assert nullify(rows, valid) == host(lambda: S.padding.zfill_by_widths(pcol(signed), wcol))
    for times in [0, 1, 3, -1]:
        rows = build(a, lib.str_repeat, d, m, I64(times), P(0), P(0), I64(0))
        assert nullify(rows, valid) == host(lambda t=times: S.repeat.repeat_strings(pcol(sub), t))
    rows = build(a, lib.str_reverse, d, m)
    assert nullify(rows, valid) == host(lambda: S.reverse.reverse(pcol(sub)))


def test_replace_partition(lib, data):
    _, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    R = S.replace
    for repl, start, stop in [("", 0, -1), ("é日", 2, 5), ("x", 20, -1), ("", 3, 3)]:
        rp, rl = a.bytes_(repl)
        rows = build(a, lib.str_replace_slice, d, m, P(rp), I64(rl), I64(start), I64(stop))
        expected = host(lambda r=repl, s=start, e=stop: R.replace_slice(pcol(sub), sc(r), s, e))
        assert nullify(rows, valid) == expected
    targets, repls = ["a", "ab", "日本", "ß"], ["<", "", "Σ", "ss"]
    for reps, maxrepl in [(repls, -1), (["_"], -1), (repls, 2)]:
        dd = a.descs(a.strcol(vals, off), a.strcol(targets), a.strcol(reps, 0, len(reps) == 1))
        rows = build(a, lib.str_replace_multi, dd, m, I64(len(targets)), I64(maxrepl))
        expected = host(
            lambda r=reps, mx=maxrepl: R.replace_multiple(pcol(sub), pcol(targets), pcol(r), mx)
        )
        assert nullify(rows, valid) == expected
    P_ = S.split.partition
    for delim in [",", "", "ab", "😀"]:
        dp, dl = a.bytes_(delim)
        for rev, f in [(0, P_.partition), (1, P_.rpartition)]:
            cols = [
                nullify(
                    build(a, lib.str_partition, d, m, P(dp), I64(dl), I32(rev), I32(part)), valid
                )
                for part in range(3)
            ]
            assert cols == host(lambda f=f, delim=delim: f(pcol(sub), sc(delim))), (delim, rev)


LIKE = ["%", "", "a%", "%a", "_", "%日%", "a_c%", "%_%_", "\\%%", "%\\_", "ß%😀", "%%a%b%"]


@pytest.mark.parametrize("pattern", LIKE)
def test_like(lib, data, pattern):
    _, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    toks, it = [], iter(pattern)
    for ch in it:
        if ch == "\\":
            toks.append(ord(next(it, "\\")))
        else:
            toks.append({"%": 0xFFFFFFFF, "_": 0xFFFFFFFE}.get(ch, ord(ch)))
    pp = a.ptr(np.array([*toks, 0], np.uint32))
    got = flags_out(a, m, lib.str_like, d, P(pp), I64(len(toks)))
    assert nullify(got, valid) == host(lambda: S.contains.like(pcol(sub), pattern, "\\"))


def test_code_points(lib, data):
    _, vals, off, sub = data
    a, m = Arena(), len(sub)
    d = a.descs(a.strcol(vals, off))
    sizes = np.zeros(m + 1, np.int64)
    lib.str_char_counts(P(d), I64(m), P(a.ptr(sizes)))
    offs = np.zeros(m + 1, np.int64)
    offs[1:] = np.cumsum(sizes[:m])
    out = np.zeros(int(offs[m]) + 1, np.int32)
    lib.str_code_points(P(d), I64(m), P(a.ptr(offs)), P(a.ptr(out)))
    assert out[: offs[m]].tolist() == host(lambda: S.attributes.code_points(pcol(sub)))
