"""The fixed-point, duration and timestamp kernels of strings_convert.cu, compiled as plain
C++ for the CPU (see tests/host_kernels.py), give the same results as ferrodf's host path:
str_parse_fixed_point, str_from_fixed_point, str_parse_durations, str_from_durations,
str_parse_timestamps and str_from_timestamps."""

from __future__ import annotations

from decimal import Context, Decimal

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import compile_kernels
from test_str_convert_durations import FORMATS, UNITS, dcol, items, ticks
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
)

import ferrodf
import ferrodf.plc as plc

FP = plc.strings.convert.convert_fixed_point
DU = plc.strings.convert.convert_durations
T = plc.types.TypeId
WIDTH = {T.DECIMAL32: 4, T.DECIMAL64: 8, T.DECIMAL128: 16}
POOL = [*"0123456789", "0", "0", ".", "-", "+", "e", "E", " ", "x", "é"]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("fixed_duration_kernels")
    files = ("strings.cuh", "strings.cu", "calendar.cuh", "strings_convert.cu")
    return compile_kernels(d, [PRELUDE] + [f'#include "{CUDA / f}"' for f in files])


def numberish(rng, n):
    out = [
        None,
        "",
        "1e999999999999",
        "0." + "0" * 50 + "7",
        "9" * 45,
        "-170141183460469231731687303715884105728",
    ]
    while len(out) < n:
        r = rng.random()
        if r < 0.1:
            out.append(None)
        elif r < 0.6:
            v = int(rng.integers(-(2**62), 2**62)) >> int(rng.integers(0, 62))
            s = str(v)
            k = int(rng.integers(0, len(s) + 1))
            s = s[:k] + "." + s[k:] if rng.random() < 0.6 and s[k : k + 1] != "-" else s
            if rng.random() < 0.3:
                s += f"e{int(rng.integers(-25, 25))}"
            out.append(s)
        else:
            out.append("".join(rng.choice(POOL, int(rng.integers(0, 12)))))
    return out


@pytest.mark.parametrize(
    ("tid", "scale"),
    [
        (T.DECIMAL32, -2),
        (T.DECIMAL64, 0),
        (T.DECIMAL64, 4),
        (T.DECIMAL128, -20),
        (T.DECIMAL128, -38),
    ],
)
def test_parse_fixed_point(lib, tid, scale):
    vals = numberish(np.random.default_rng(5), 400)
    off, sub = 3, vals[3:]
    m, w = len(sub), WIDTH[tid]
    a = Arena()
    d = a.descs(a.strcol(vals, off))
    out, ok = np.zeros((m + 1) * w, np.uint8), np.zeros(m + 1, np.uint8)
    lib.str_parse_fixed_point(P(d), I64(m), I32(scale), I32(8 * w), P(a.ptr(out)), P(a.ptr(ok)))
    ints = [
        int.from_bytes(out[i * w : (i + 1) * w].tobytes(), "little", signed=True) for i in range(m)
    ]
    t = plc.DataType(tid, scale)
    want = host(lambda: FP.to_fixed_point(pcol(sub), t))
    got = [Decimal(v).scaleb(scale) if k else None for v, k in zip(ints, ok[:m], strict=True)]
    assert got == want
    flags = host(lambda: FP.is_fixed_point(pcol(sub), t))
    assert nullify(ok[:m].astype(bool).tolist(), [v is not None for v in sub]) == flags


@pytest.mark.parametrize(
    ("tid", "scale"), [(T.DECIMAL32, -3), (T.DECIMAL64, 2), (T.DECIMAL128, -38), (T.DECIMAL128, 0)]
)
def test_from_fixed_point(lib, tid, scale):
    rng = np.random.default_rng(11)
    w = WIDTH[tid]
    top = 2 ** (8 * w - 1)
    vals = [0, 1, -1, top - 1, -top, None]
    vals += [int(rng.integers(-(2**62), 2**62)) >> int(rng.integers(0, 62)) for _ in range(200)]
    vals = [v if v is None or -top <= v < top else v % top for v in vals]
    if tid == T.DECIMAL32:
        vals = [v if v is None else v % 10**9 * (1 if v >= 0 else -1) for v in vals]
    valid = [v is not None for v in vals]
    raw = b"".join((0 if v is None else v).to_bytes(w, "little", signed=True) for v in vals)
    a = Arena()
    vp = a.ptr(np.frombuffer(raw, np.uint8).copy())
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    mp = a.ptr(mask)
    got = a.build(
        len(vals),
        lambda wr, s, o, c: lib.str_from_fixed_point(
            P(vp), I64(len(vals)), P(mp), I64(0), I32(8 * w), I32(scale), I32(wr), P(s), P(o), P(c)
        ),
    )
    # The column the host path formats, made from exact text by the (separately tested)
    # parser: Arrow's decimal32/64 cannot hold every 32/64-bit value.
    exact = Context(prec=200)
    text = [None if v is None else format(Decimal(v).scaleb(scale, exact), "f") for v in vals]
    col = host_column(lambda: FP.to_fixed_point(pcol(text), plc.DataType(tid, scale)))
    assert nullify(got, valid) == host(lambda: FP.from_fixed_point(col))


def code(fmt):
    b = []
    for it in items(fmt):
        kind = {"lit": 0, "sign": 1, "spec": 2}[it[0]]
        b += [kind, ord("-" if kind == 1 else it[1])]
    return np.array(b, np.uint8)


@pytest.mark.parametrize("unit", ["D", "s", "ms", "ns"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_durations(lib, unit, fmt):
    rng = np.random.default_rng(2)
    tid, _, per_sec, frac = UNITS[unit]
    hi = 2**31 if per_sec == 0 else 2**62
    vals = [None, 0, -1, 1] + [
        int(rng.integers(-hi, hi)) >> int(rng.integers(0, 40)) for _ in range(200)
    ]
    valid = [v is not None for v in vals]
    npt = np.int32 if per_sec == 0 else np.int64
    a = Arena()
    vp = a.ptr(np.array([0 if v is None else v for v in vals], npt))
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    mp, cp = a.ptr(mask), a.ptr(code(fmt))
    n_items = len(items(fmt))
    text = a.build(
        len(vals),
        lambda w, s, o, c: lib.str_from_durations(
            P(vp), I64(len(vals)), P(mp), I64(0), I64(per_sec), I32(frac), P(cp), I64(n_items),
            I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    c = dcol(vals, unit)
    assert nullify(text, valid) == host(lambda: DU.from_durations(c, fmt))
    rows = [*nullify(text, valid), "junk", "", "1 days 00:00:00."]
    m = len(rows)
    d = a.descs(a.strcol(rows))
    out = np.zeros(m + 1, npt)
    ok = np.zeros(m + 1, np.uint8)
    ns_per_tick = 86_400 * 10**9 if per_sec == 0 else 10**9 // per_sec
    lib.str_parse_durations(
        P(d), I64(m), P(cp), I64(n_items), I64(ns_per_tick), I32(int(per_sec == 0)),
        P(a.ptr(out)), P(a.ptr(ok)),
    )  # fmt: skip
    got = [int(v) if k else None for v, k in zip(out[:m], ok[:m], strict=True)]
    with ferrodf.option_context(device="cpu"):
        assert got == ticks(DU.to_durations(pcol(rows), plc.DataType(tid), fmt))


def host_column(fn):
    with ferrodf.option_context(device="cpu"):
        return fn()


DT = plc.strings.convert.convert_datetime
DT_FORMATS = ["%Y-%m-%d %H:%M:%S", "%d/%m/%y %I:%M %p", "%Y%j %H%M%S.%f %z", "%Y-%m-%dT%H:%M:%9f"]
DT_CODES = {"Y": 4, "j": 3, "f": 6}


def dt_code(fmt):
    """convert_datetime's compiled format: (0, c, 0) literals, (1, c, digits) specifiers."""
    out, k = [], 0
    while k < len(fmt):
        if fmt[k] != "%":
            out += [0, ord(fmt[k]), 0]
            k += 1
            continue
        w = 0
        if fmt[k + 1].isdigit() and fmt[k + 2] == "f":
            w, k = int(fmt[k + 1]), k + 1
        c = fmt[k + 1]
        out += [1, ord(c), w or DT_CODES.get(c, 2)] if c != "%" else [0, ord("%"), 0]
        k += 2
    return np.array(out, np.uint8)


def stamp_rows(rng, fmt, n):
    import datetime as dt

    base = dt.datetime(1900, 1, 1)
    rows = []
    for _ in range(n):
        r = rng.random()
        t = base + dt.timedelta(seconds=int(rng.integers(0, 200 * 365 * 86400)))
        s = t.strftime(fmt.replace("%9f", "%f000")).replace("%z", "")
        if "%z" in fmt:
            s += rng.choice(["+0000", "-0130", "+2359", "+2400"])
        if r < 0.1:
            rows.append(None)
        elif r < 0.25:
            k = int(rng.integers(0, len(s) + 1))
            rows.append(s[:k] + rng.choice(["x", "9", " ", ""]) + s[k + 1 :])
        else:
            rows.append(s)
    return rows


@pytest.mark.parametrize("fmt", DT_FORMATS)
@pytest.mark.parametrize("tid", [T.TIMESTAMP_SECONDS, T.TIMESTAMP_NANOSECONDS, T.TIMESTAMP_DAYS])
def test_timestamps(lib, fmt, tid):
    rng = np.random.default_rng(4)
    rows = stamp_rows(rng, fmt, 300)
    code = dt_code(fmt)
    a = Arena()
    cp = a.ptr(code)
    m = len(rows)
    d = a.descs(a.strcol(rows))
    days = tid == T.TIMESTAMP_DAYS
    per = {T.TIMESTAMP_SECONDS: 10**9, T.TIMESTAMP_NANOSECONDS: 1, T.TIMESTAMP_DAYS: 86400 * 10**9}[
        tid
    ]
    npt = np.int32 if days else np.int64
    out, ok = np.zeros(m + 1, npt), np.zeros(m + 1, np.uint8)
    lib.str_parse_timestamps(
        P(d), I64(m), P(cp), I64(len(code) // 3), I64(per), I32(int(days)), I32(0),
        P(a.ptr(out)), P(a.ptr(ok)),
    )  # fmt: skip
    got = [int(v) if k else None for v, k in zip(out[:m], ok[:m], strict=True)]
    with ferrodf.option_context(device="cpu"):
        parsed = DT.to_timestamps(pcol(rows), plc.DataType(tid), fmt)
        want = [None if v is None else int(v) for v in _raw(parsed)]
        flags = DT.is_timestamp(pcol(rows), fmt).to_arrow().to_pylist()
    assert got == want
    _, fok = np.zeros(m + 1, npt), np.zeros(m + 1, np.uint8)
    lib.str_parse_timestamps(
        P(d), I64(m), P(cp), I64(len(code) // 3), I64(1), I32(0), I32(1), P(0), P(a.ptr(fok)),
    )  # fmt: skip
    assert nullify(fok[:m].astype(bool).tolist(), [r is not None for r in rows]) == flags
    # formatting the parsed values back, with the 40 names
    valid = [v is not None for v in want]
    vp = a.ptr(np.array([0 if v is None else v for v in want], npt))
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    mp = a.ptr(mask)
    out_fmt = "%A %a %B %b %p|" + fmt.replace("%z", "%Z%z") + "|%u %w %U %W %j"
    ocode = dt_code(out_fmt)
    op = a.ptr(ocode)
    names = _names()
    nd = a.descs(a.strcol(names))
    text = a.build(
        m,
        lambda w, s, o, c: lib.str_from_timestamps(
            P(vp), I64(m), P(mp), I64(0), I64(per), I32(int(days)), P(op), I64(len(ocode) // 3),
            P(nd), I32(1), I32(w), P(s), P(o), P(c),
        ),
    )  # fmt: skip
    with ferrodf.option_context(device="cpu"):
        want_text = DT.from_timestamps(parsed, out_fmt, pcol(names)).to_arrow().to_pylist()
    assert nullify(text, valid) == want_text


def _raw(c):
    """The ticks of a timestamp column (days come to Arrow as date32)."""
    a = c.to_arrow()
    a = a.cast(pa.int32() if pa.types.is_date32(a.type) else pa.int64())
    return a.to_pylist()


def _names():
    import datetime as dt

    sunday = dt.date(2023, 1, 1)
    days = [sunday + dt.timedelta(days=k) for k in range(7)]
    months = [dt.date(2023, k, 1) for k in range(1, 13)]
    return (
        ["AM", "PM"]
        + [x.strftime("%A") for x in days]
        + [x.strftime("%a") for x in days]
        + [x.strftime("%B") for x in months]
        + [x.strftime("%b") for x in months]
    )
