"""The CUDA kernels of strings_convert.cu, compiled as plain C++ for the CPU (as
test_str_kernels_on_host.py does for strings.cu), give the same results as ferrodf's host
path: integer parsing (decimal and hex), integer and boolean formatting, URL encoding and
decoding, IPv4 addresses, and join_list_elements (strings_edit.cu)."""

from __future__ import annotations

import ctypes
import subprocess

import numpy as np
import pyarrow as pa
import pytest
from test_str_kernels_on_host import (
    CUDA,
    I32,
    I64,
    PRELUDE,
    Arena,
    P,
    host,
    nullify,
    pcol,
    pytestmark,  # noqa: F401 (skipped without g++)
    sc,
)

import ferrodf.plc as plc

CI = plc.strings.convert.convert_integers
T = plc.types.TypeId
NUM_POOL = [*"0123456789", "+", "-", "x", "X", "a", "F", "g", " ", "%", "é", "日", "😀"]
PA_TYPES = {
    T.INT8: pa.int8(),
    T.INT32: pa.int32(),
    T.INT64: pa.int64(),
    T.UINT16: pa.uint16(),
    T.UINT64: pa.uint64(),
}
WIDTHS = {
    T.INT8: (8, False),
    T.INT16: (16, False),
    T.INT32: (32, False),
    T.INT64: (64, False),
    T.UINT8: (8, True),
    T.UINT16: (16, True),
    T.UINT32: (32, True),
    T.UINT64: (64, True),
}


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("convert_kernels")
    src = [PRELUDE] + [
        f'#include "{CUDA / f}"'
        for f in (
            "strings.cuh",
            "strings.cu",
            "strings_chars.cu",
            "strings_edit.cu",
            "calendar.cuh",
            "strings_convert.cu",
        )
    ]
    (d / "k.cpp").write_text("\n".join(src))
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-shared", "-fPIC", "-o", str(d / "k.so"), str(d / "k.cpp")],
        check=True,
    )
    return ctypes.CDLL(str(d / "k.so"))


def numberish(rng, n):
    """Rows that are often integers (of every size), sometimes hex, sometimes neither."""
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            out.append(None)
        elif r < 0.5:
            v = int(rng.integers(-(2**63), 2**63 - 1)) >> int(rng.integers(0, 64))
            out.append(str(v) if rng.random() < 0.8 else f"+{abs(v)}")
        elif r < 0.6:
            out.append(str(int(rng.integers(0, 2**63)) * 4 + int(rng.integers(0, 4))))
        else:
            out.append("".join(rng.choice(NUM_POOL, int(rng.integers(0, 22)))))
    return out


@pytest.fixture(scope="module", params=[0, 1], ids=lambda s: f"seed{s}")
def rows(request):
    rng = np.random.default_rng(request.param)
    vals = numberish(rng, 300)
    return vals, 3, vals[3:]


def parse(lib, a, vals, off, hex_, unsigned, bits):
    m = len(vals) - off
    d = a.descs(a.strcol(vals, off))
    out, ok = np.zeros(m + 1, np.int64), np.zeros(m + 1, np.uint8)
    lib.str_parse_integers(
        P(d), I64(m), I32(hex_), I32(unsigned), I32(bits), P(a.ptr(out)), P(a.ptr(ok))
    )
    return out[:m], ok[:m].astype(bool)


@pytest.mark.parametrize("tid", list(WIDTHS), ids=lambda t: t.name)
def test_to_integers_and_is_integer(lib, rows, tid):
    vals, off, sub = rows
    bits, unsigned = WIDTHS[tid]
    out, ok = parse(lib, Arena(), vals, off, 0, unsigned, bits)
    dt = plc.DataType(tid)
    want = host(lambda: CI.to_integers(pcol(sub), dt))
    mask = (1 << bits) - 1
    got = [int(v) & mask if k else None for v, k in zip(out, ok, strict=True)]
    assert got == [None if w is None else w & mask for w in want]
    assert nullify(ok.tolist(), [v is not None for v in sub]) == host(
        lambda: CI.is_integer(pcol(sub), dt)
    )


def test_is_integer_untyped_and_hex(lib, rows):
    vals, off, sub = rows
    valid = [v is not None for v in sub]
    _, ok = parse(lib, Arena(), vals, off, 0, 0, 0)
    assert nullify(ok.tolist(), valid) == host(lambda: CI.is_integer(pcol(sub)))
    hexrows = [None if v is None else v.replace("-", "") for v in vals]
    hsub = hexrows[off:]
    out, ok = parse(lib, Arena(), hexrows, off, 1, 0, 0)
    assert nullify(ok.tolist(), valid) == host(lambda: CI.is_hex(pcol(hsub)))
    want = host(lambda: CI.hex_to_integers(pcol(hsub), plc.DataType(T.INT64)))
    assert [int(v) if k else None for v, k in zip(out, ok, strict=True)] == want


@pytest.mark.parametrize("hex_", [0, 1], ids=["decimal", "hex"])
@pytest.mark.parametrize(
    "tid", [T.INT8, T.INT32, T.INT64, T.UINT16, T.UINT64], ids=lambda t: t.name
)
def test_from_integers(lib, tid, hex_):
    rng = np.random.default_rng(7)
    bits, unsigned = WIDTHS[tid]
    lo, hi = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    vals = [
        int(v)
        for v in rng.integers(
            lo, hi, 200, endpoint=True, dtype=np.int64 if not unsigned or bits < 64 else np.uint64
        )
    ]
    vals[:4] = [lo, hi, 0, None]
    a = Arena()
    wide = np.array([0 if v is None else v for v in vals], np.uint64 if unsigned else np.int64)
    valid = [v is not None for v in vals]
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    vp, mp = a.ptr(wide), a.ptr(mask)
    got = a.build(
        len(vals),
        lambda w, s, o, c: lib.str_from_integers(
            P(vp), I64(len(vals)), P(mp), I64(0), I32(int(unsigned)), I32(hex_), I32(bits // 8),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    c = plc.Column.from_arrow(pa.array(vals, PA_TYPES[tid]))
    f = CI.integers_to_hex if hex_ else CI.from_integers
    assert nullify(got, valid) == host(lambda: f(c))


def test_from_booleans(lib):
    bools = [True, False, None, True, False] * 20
    valid = [b is not None for b in bools]
    a = Arena()
    v = np.array([bool(b) for b in bools], np.uint8)
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    (tp, tl), (fp, fl) = a.bytes_("日本"), a.bytes_("no")
    vp, mp = a.ptr(v), a.ptr(mask)
    got = a.build(
        len(bools),
        lambda w, s, o, c: lib.str_from_booleans(
            P(vp), I64(len(bools)), P(mp), I64(0), P(tp), I64(tl), P(fp), I64(fl),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    c = plc.Column.from_arrow(pa.array(bools))
    conv = plc.strings.convert.convert_booleans
    assert nullify(got, valid) == host(lambda: conv.from_booleans(c, sc("日本"), sc("no")))


URL_POOL = ["%", "2", "0", "C", "3", "A", "9", "e", "F", "z", "+", " ", "~", "/", "é", "日", "😀"]


def test_urls(lib):
    rng = np.random.default_rng(3)
    vals = [
        None if rng.random() < 0.1 else "".join(rng.choice(URL_POOL, int(rng.integers(0, 16))))
        for _ in range(400)
    ]
    off, sub = 2, vals[2:]
    m, valid = len(sub), [v is not None for v in sub]
    a = Arena()
    d = a.descs(a.strcol(vals, off))
    enc = a.build(m, lambda w, s, o, c: lib.str_url_encode(P(d), I64(m), I32(w), P(s), P(o), P(c)))
    CU = plc.strings.convert.convert_urls
    assert nullify(enc, valid) == host(lambda: CU.url_encode(pcol(sub)))
    flags = np.zeros(m + 1, np.uint8)
    fp = a.ptr(flags)
    dec = a.build(
        m,
        lambda w, s, o, c: lib.str_url_decode(P(d), I64(m), P(fp), I32(w), P(s), P(o), P(c)),
    )
    want = host(lambda: CU.url_decode(pcol(sub)))
    assert any(w is None and v is not None for w, v in zip(want, sub, strict=True))
    assert nullify(dec, [bool(x) for x in flags[:m]]) == want


IP_POOL = [*"0123456789", ".", ".", ".", "a", " "]


def test_ipv4(lib):
    rng = np.random.default_rng(5)
    vals = []
    for _ in range(400):
        r = rng.random()
        if r < 0.1:
            vals.append(None)
        elif r < 0.6:
            vals.append(".".join(str(int(x)) for x in rng.integers(0, 300, 4)))
        else:
            vals.append("".join(rng.choice(IP_POOL, int(rng.integers(0, 16)))))
    off, sub = 1, vals[1:]
    m, valid = len(sub), [v is not None for v in sub]
    a = Arena()
    d = a.descs(a.strcol(vals, off))
    out, ok = np.zeros(m + 1, np.uint32), np.zeros(m + 1, np.uint8)
    lib.str_parse_ipv4(P(d), I64(m), P(a.ptr(out)), P(a.ptr(ok)))
    CV = plc.strings.convert.convert_ipv4
    want = host(lambda: CV.ipv4_to_integers(pcol(sub)))
    assert [int(v) if k else None for v, k in zip(out[:m], ok[:m], strict=True)] == want
    assert nullify(ok[:m].astype(bool).tolist(), valid) == host(lambda: CV.is_ipv4(pcol(sub)))
    addrs = np.array([0 if w is None else w for w in want], np.uint32)
    wvalid = [w is not None for w in want]
    mask = np.packbits(np.array([*wvalid, *[True] * 8], bool), bitorder="little")
    ap, mp = a.ptr(addrs), a.ptr(mask)
    got = a.build(
        m,
        lambda w, s, o, c: lib.str_from_ipv4(
            P(ap), I64(m), P(mp), I64(0), I32(w), P(s), P(o), P(c)
        ),
    )
    c = plc.Column.from_arrow(pa.array(want, pa.uint32()))
    assert nullify(got, wvalid) == host(lambda: CV.integers_to_ipv4(c))


@pytest.mark.parametrize("separate", [0, 1])
@pytest.mark.parametrize("empty_null", [0, 1])
@pytest.mark.parametrize(("sep_narep", "narep"), [(None, None), ("+", "_"), (None, "")])
def test_join_list_elements(lib, separate, empty_null, sep_narep, narep):
    rng = np.random.default_rng(11)
    elems = [
        None if rng.random() < 0.2 else "".join(rng.choice(NUM_POOL, int(rng.integers(0, 4))))
        for _ in range(600)
    ]
    lens = rng.integers(0, 5, 150)
    loffs = np.zeros(151, np.int32)
    loffs[1:] = np.cumsum(lens)
    rows = [elems[loffs[i] : loffs[i + 1]] for i in range(150)]
    rows = [None if rng.random() < 0.1 else r for r in rows]
    seps = [None if rng.random() < 0.15 else str(rng.choice(["-", "日", "", "::"])) for _ in rows]
    lvalid = [r is not None for r in rows]
    lmask = np.packbits(np.array([*lvalid, *[True] * 8], bool), bitorder="little")
    a = Arena()
    d = a.descs(a.strcol(elems[: int(loffs[-1])]), a.strcol(seps))
    lp, mp = a.ptr(loffs), a.ptr(lmask)
    (snp, snl), (np_, nl) = a.bytes_(sep_narep or ""), a.bytes_(narep or "")
    n = len(rows)
    flags = np.zeros(n + 1, np.uint8)
    fp, has_sn = a.ptr(flags), I32(sep_narep is not None)
    got = a.build(
        n,
        lambda w, s, o, c: lib.str_join_list_elements(
            P(d), I64(n), P(lp), I32(0), P(mp), I64(0), P(snp), I64(snl), has_sn,
            P(np_), I64(nl), I32(narep is not None), I32(separate), I32(empty_null), P(fp),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    C = plc.strings.combine
    lists = plc.Column.from_arrow(pa.array(rows, pa.list_(pa.string())))
    policy = C.OutputIfEmptyList.NULL_ELEMENT if empty_null else C.OutputIfEmptyList.EMPTY_STRING
    on_nulls = C.SeparatorOnNulls.YES if separate else C.SeparatorOnNulls.NO
    want = host(
        lambda: C.join_list_elements(lists, pcol(seps), sc(sep_narep), sc(narep), on_nulls, policy)
    )
    assert nullify(got, [bool(x) for x in flags[:n]]) == want
