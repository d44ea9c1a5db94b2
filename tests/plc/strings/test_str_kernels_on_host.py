"""The CUDA string and datetime kernels, compiled as plain C++ for the CPU, give the same
results as ferrodf's host path.

Without a GPU this is the only check of the device algorithms (the GPU run adds
test_str_parity.py). The kernel sources are compiled with g++ behind a few macros (one
thread walks every row), loaded with ctypes and driven the way the Rust launchers drive
them: a size pass, an exclusive scan of the sizes, a write pass. Skipped without g++.
"""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import CUDA, I32, I64, PRELUDE, Arena, P, compile_kernels

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(
    shutil.which("g++") is None or not (CUDA / "strings.cu").exists(),
    reason="needs g++ and the kernel sources",
)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("kernels")
    src = [PRELUDE, f'#include "{CUDA / "strings.cuh"}"', f'#include "{CUDA / "strings.cu"}"']
    for t in ("int32_t", "int64_t"):
        suffix = t[3:5]
        src += [
            f"namespace d{suffix} {{",
            f"#define IN_T {t}",
            f"#define dt_extract dt_extract_i{suffix}",
            f"#define dt_round dt_round_i{suffix}",
            f"#define dt_calendar dt_calendar_i{suffix}",
            f"#define dt_add_months dt_add_months_i{suffix}",
            f'#include "{CUDA / "calendar.cuh"}"',
            f'#include "{CUDA / "datetime.cu"}"',
            "#undef IN_T",
            "#undef dt_extract",
            "#undef dt_round",
            "#undef dt_calendar",
            "#undef dt_add_months",
            "}",
        ]
    return compile_kernels(d, src)


POOL = [*"abcXYZ ,-\t", "é", "ß", "İ", "Σ", "ǅ", "日", "本", "😀", "\u3000", "ﬁ", "ŉ"]


def text(rng, n):
    return [
        None if rng.random() < 0.1 else "".join(rng.choice(POOL, int(rng.integers(0, 15))))
        for _ in range(n)
    ]


def host(fn):
    with ferrodf.option_context(device="cpu"):
        r = fn()
    if isinstance(r, plc.Table):
        return [c.to_arrow().to_pylist() for c in r.columns()]
    return r.to_arrow().to_pylist()


def pcol(vals):
    return plc.Column.from_arrow(pa.array(vals, pa.string()))


def sc(v):
    return plc.Scalar.from_arrow(pa.scalar(v, pa.string()))


def nullify(rows, valid):
    return [r if v else None for r, v in zip(rows, valid, strict=True)]


def case_table(upper):
    """Python's per-character mapping (equal to Rust's on the characters of POOL)."""
    keys, vals = [], []
    for cp in [*range(0x80, 0xD800), *range(0xE000, 0x110000)]:
        m = chr(cp).upper() if upper else chr(cp).lower()
        if m != chr(cp):
            keys.append(cp)
            vals += [*[ord(x) for x in m], 0, 0, 0][:3]
    return np.array(keys, np.uint32), np.array(vals, np.uint32)


@pytest.fixture(scope="module", params=[0, 1, 2], ids=lambda s: f"seed{s}")
def data(request):
    rng = np.random.default_rng(request.param)
    vals = text(rng, 80)
    off = 3
    return rng, vals, off, vals[off:]


S = plc.strings


def test_count_and_case(lib, data):
    _, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    for by, f in [(0, S.attributes.count_characters), (1, S.attributes.count_bytes)]:
        out = np.zeros(m + 1, np.int32)
        lib.str_count(P(d), I64(m), I32(by), P(a.ptr(out)))
        assert nullify(out[:m].tolist(), valid) == host(lambda f=f: f(pcol(sub)))
    for upper, f in [(False, S.case.to_lower), (True, S.case.to_upper)]:
        k, v = case_table(upper)
        kp, vp = a.ptr(k), a.ptr(v)
        rows = a.build(
            m,
            lambda w, s, o, c, upper=upper, kp=kp, vp=vp, nk=k.size: lib.str_case(
                P(d), I64(m), I32(int(upper)), P(kp), P(vp), I64(nk), I32(w), P(s), P(o), P(c)
            ),
        )
        assert nullify(rows, valid) == host(lambda f=f: f(pcol(sub)))


@pytest.mark.parametrize("target", ["a", "", "ß", "日本", "😀", " ,", None])
def test_find(lib, data, target):
    rng, vals, off, sub = data
    a, m = Arena(), len(sub)
    tvals = text(rng, m)
    if target is None:  # a column target
        td, valid = (
            a.strcol(tvals),
            [x is not None and y is not None for x, y in zip(sub, tvals, strict=True)],
        )
        t = pcol(tvals)
    else:
        td, valid, t = a.strcol([target], 0, True), [x is not None for x in sub], sc(target)
    dd = a.descs(a.strcol(vals, off), td)
    F = S.find
    cases = [(0, 0, -1), (1, 0, -1), (2, 0, -1), (3, 0, -1), (3, 2, 7), (3, 1, 0)]
    cases += [(4, 0, -1), (4, 2, 7), (4, 1, 0)]
    for op, start, stop in cases:
        out = np.zeros(m + 1, np.int32 if op >= 3 else np.uint8)
        lib.str_find(P(dd), I64(m), I32(op), I64(start), I64(stop), P(a.ptr(out)))
        got = [int(x) if op >= 3 else bool(x) for x in out[:m]]
        fn = [
            lambda: F.contains(pcol(sub), t),
            lambda: F.starts_with(pcol(sub), t),
            lambda: F.ends_with(pcol(sub), t),
            lambda start=start, stop=stop: F.find(pcol(sub), t, start, stop),
            lambda start=start, stop=stop: F.rfind(pcol(sub), t, start, stop),
        ][op]
        assert nullify(got, valid) == host(fn), (op, start, stop)


def test_replace_slice_strip(lib, data):
    rng, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    for t, r, mx in [("a", "XY", -1), ("ß", "", 1), ("日本", "é", 0), ("a", "ab", 2)]:
        (tp, tl), (rp, rl) = a.bytes_(t), a.bytes_(r)
        rows = a.build(
            m,
            lambda w, s, o, c, tp=tp, tl=tl, rp=rp, rl=rl, mx=mx: lib.str_replace(
                P(d), I64(m), P(tp), I64(tl), P(rp), I64(rl), I64(mx), I32(w), P(s), P(o), P(c)
            ),
        )
        expected = host(lambda t=t, r=r, mx=mx: S.replace.replace(pcol(sub), sc(t), sc(r), mx))
        assert nullify(rows, valid) == expected
    for _ in range(12):
        st = None if rng.random() < 0.3 else int(rng.integers(-8, 8))
        sp = None if rng.random() < 0.3 else int(rng.integers(-8, 8))
        step = int(rng.choice([1, 2, 3, -1, -2, -3]))
        rows = a.build(
            m,
            lambda w, s, o, c, st=st, sp=sp, step=step: lib.str_slice(
                P(d), I64(m), I32(st is not None), I64(st or 0), I32(sp is not None), I64(sp or 0),
                I64(step), I32(w), P(s), P(o), P(c),
            ),
        )  # fmt: skip
        expected = host(
            lambda st=st, sp=sp, step=step: S.slice.slice_strings(pcol(sub), st, sp, step)
        )
        assert nullify(rows, valid) == expected, (st, sp, step)
    for side in range(3):
        for chars in ["", "a日 ", "ß\t"]:
            cps = np.array([*[ord(x) for x in chars], 0], np.uint32)
            cp = a.ptr(cps)
            rows = a.build(
                m,
                lambda w, s, o, c, side=side, cp=cp, nc=cps.size - 1: lib.str_strip(
                    P(d), I64(m), I32(side), P(cp), I64(nc), I32(w), P(s), P(o), P(c)
                ),
            )
            expected = host(
                lambda side=side, chars=chars: S.strip.strip(pcol(sub), side, sc(chars))
            )
            assert nullify(rows, valid) == expected


@pytest.mark.parametrize("rev", [False, True], ids=["split", "rsplit"])
@pytest.mark.parametrize("delim", [",", "", "ß", "-,", ",,"])
@pytest.mark.parametrize("maxsplit", [-1, 1, 2])
def test_split(lib, data, delim, maxsplit, rev):
    _, vals, off, sub = data
    a, m, valid = Arena(), len(sub), [v is not None for v in sub]
    d = a.descs(a.strcol(vals, off))
    maxtok = maxsplit + 1 if maxsplit > 0 else 2**63 - 1
    dp, dl = a.bytes_(delim)
    counts, mx = np.zeros(m + 1, np.int64), np.zeros(1, np.uint64)
    cp = a.ptr(counts)
    lib.str_split_count(P(d), I64(m), P(dp), I64(dl), I64(maxtok), I32(rev), P(cp), P(a.ptr(mx)))
    cols = []
    for j in range(max(int(mx[0]), 1)):
        flags = np.zeros(m + 1, np.uint8)
        fp = a.ptr(flags)
        rows = a.build(
            m,
            lambda w, s, o, c, j=j, fp=fp: lib.str_split_column(
                P(d), I64(m), P(dp), I64(dl), I64(maxtok), I32(rev), P(cp), I64(j), P(fp),
                I32(w), P(s), P(o), P(c),
            ),
        )  # fmt: skip
        cols.append(nullify(rows, [bool(x) for x in flags[:m]]))
    SP = S.split.split
    f, fr = (SP.rsplit, SP.rsplit_record) if rev else (SP.split, SP.split_record)
    assert cols == host(lambda: f(pcol(sub), sc(delim), maxsplit))
    loff = np.zeros(m + 1, np.int64)
    loff[1:] = np.cumsum(counts[:m])
    total = int(loff[m])
    rowmap = np.ascontiguousarray(np.repeat(np.arange(m, dtype=np.int32), counts[:m]), np.int32)
    rp, lp = a.ptr(rowmap), a.ptr(loff)
    toks = a.build(
        total,
        lambda w, s, o, c: lib.str_split_tokens(
            P(d), I64(total), P(rp), P(lp), P(dp), I64(dl), I64(maxtok), I32(rev), I32(w),
            P(s), P(o), P(c),
        ),
    )  # fmt: skip
    lists = [toks[loff[i] : loff[i + 1]] if valid[i] else None for i in range(m)]
    assert lists == host(lambda: fr(pcol(sub), sc(delim), maxsplit))


@pytest.mark.parametrize(
    ("sep_kind", "col_narep"), [("scalar", None), ("column", None), ("column", "N")]
)
@pytest.mark.parametrize("narep", [None, "", "NA"])
@pytest.mark.parametrize("separate", [True, False])
def test_concatenate(lib, data, sep_kind, narep, col_narep, separate):
    rng, _, _, sub = data
    a, m = Arena(), len(sub)
    cols = [sub, text(rng, m), text(rng, m)]
    seps = [","] if sep_kind == "scalar" else text(rng, m)
    cd = a.descs(*[a.strcol(c) for c in cols])
    sd = a.descs(a.strcol(seps, 0, sep_kind == "scalar"))
    sep_narep, entry_narep = (None, narep) if sep_kind == "scalar" else (narep, col_narep)
    (sp, sl), (cp, cl) = a.bytes_(sep_narep or ""), a.bytes_(entry_narep or "")
    flags = np.zeros(m + 1, np.uint8)
    fp = a.ptr(flags)
    rows = a.build(
        m,
        lambda w, s, o, c: lib.str_concat(
            P(cd), I64(3), P(sd), P(sp), I64(sl), I32(sep_narep is not None), P(cp), I64(cl),
            I32(entry_narep is not None), I32(int(separate)), I64(m), P(fp), I32(w), P(s), P(o),
            P(c),
        ),
    )  # fmt: skip
    CB = S.combine
    expected = host(
        lambda: CB.concatenate(
            plc.Table([pcol(c) for c in cols]),
            sc(",") if sep_kind == "scalar" else pcol(seps),
            None if narep is None else sc(narep),
            None if col_narep is None else sc(col_narep),
            CB.SeparatorOnNulls.YES if separate else CB.SeparatorOnNulls.NO,
        )
    )
    assert nullify(rows, [bool(x) for x in flags[:m]]) == expected


def assert_components(arr: pa.Array, extract) -> None:
    """``extract(comp, out)`` writes datetime component ``comp`` (0..9; 10: the day of the
    year) of ``arr``'s rows to the int16 array ``out``: each agrees with plc.datetime on the
    host."""
    D = plc.datetime
    for comp in range(11):
        out = np.zeros(len(arr), np.int16)
        extract(comp, out)
        if comp == 10:
            expected = host(lambda: D.day_of_year(plc.Column.from_arrow(arr)))
        else:
            expected = host(
                lambda comp=comp: D.extract_datetime_component(plc.Column.from_arrow(arr), comp)
            )
        assert out.tolist() == expected, comp


@pytest.mark.parametrize(("unit", "tps"), [("s", 1), ("ms", 10**3), ("us", 10**6), ("ns", 10**9)])
def test_datetime(lib, unit, tps):
    a = Arena()
    D = plc.datetime
    lim = {"s": 62 * 10**9, "ms": 62 * 10**12, "us": 62 * 10**15, "ns": 2**62}[unit]
    v = np.random.default_rng(tps).integers(-lim, lim, 3000, dtype=np.int64)
    v[:6] = [0, -1, 1, -86400 * tps, 86400 * tps - 1, -86400 * tps * 365 - tps // 2]
    arr = pa.array(v, pa.timestamp(unit))
    vp = a.ptr(v)
    assert_components(
        arr,
        lambda comp, out: lib.dt_extract_i64(
            P(vp), I64(len(v)), I64(86400 * tps), I64(tps), I32(comp), P(a.ptr(out))
        ),
    )
    freq_ns = [86400 * 10**9, 3600 * 10**9, 60 * 10**9, 10**9, 10**6, 10**3, 1]
    for freq, ns in enumerate(freq_ns):
        f = max(1, ns * tps // 10**9)
        for mode, fn in enumerate([D.floor_datetimes, D.ceil_datetimes, D.round_datetimes]):
            out = np.zeros(len(v), np.int64)
            lib.dt_round_i64(P(vp), P(a.ptr(out)), I64(len(v)), I32(mode), I64(f))
            expected = host(lambda fn=fn, freq=freq: fn(plc.Column.from_arrow(arr), freq))
            assert pa.array(out, pa.timestamp(unit)).to_pylist() == expected, (freq, mode)


def test_datetime_days(lib):
    a = Arena()
    days = np.random.default_rng(5).integers(-700_000, 700_000, 3000).astype(np.int32)
    arr = pa.array(days, pa.date32())
    assert_components(
        arr,
        lambda comp, out: lib.dt_extract_i32(
            P(a.ptr(days)), I64(len(days)), I64(1), I64(0), I32(comp), P(a.ptr(out))
        ),
    )


@pytest.mark.parametrize(("unit", "tps"), [("s", 1), ("ns", 10**9)])
def test_calendar_kernels(lib, unit, tps):
    """dt_calendar (leap year, last day of the month, days in the month, quarter) and
    dt_add_months (a months column and a scalar) agree with plc.datetime on the host."""
    a = Arena()
    D = plc.datetime
    lim = {"s": 55 * 10**9, "ns": 2**62}[unit]
    rng = np.random.default_rng(tps)
    v = rng.integers(-lim, lim, 2000, dtype=np.int64)
    v[:4] = [0, -1, 951_782_400 * tps, -2_203_891_200 * tps]  # 2000-02-29, 1900-03-01
    arr = pa.array(v, pa.timestamp(unit))
    col = plc.Column.from_arrow(arr)
    vp = a.ptr(v)
    cases = [
        (0, np.uint8, D.is_leap_year, lambda out: [bool(x) for x in out]),
        (1, np.int32, D.last_day_of_month, lambda out: pa.array(out, pa.date32()).to_pylist()),
        (2, np.int16, D.days_in_month, lambda out: out.tolist()),
        (3, np.int16, D.extract_quarter, lambda out: out.tolist()),
    ]
    for op, dtype, fn, as_list in cases:
        out = np.zeros(len(v), dtype)
        lib.dt_calendar_i64(P(vp), I64(len(v)), I64(86400 * tps), I32(op), P(a.ptr(out)))
        assert as_list(out) == host(lambda fn=fn: fn(col)), op
    months = rng.integers(-500, 500, len(v), dtype=np.int64)
    out = np.zeros(len(v), np.int64)
    lib.dt_add_months_i64(
        P(vp), I64(len(v)), I64(86400 * tps), P(a.ptr(months)), I64(0), P(a.ptr(out))
    )
    expected = host(lambda: D.add_calendrical_months(col, plc.Column.from_arrow(pa.array(months))))
    assert pa.array(out, pa.timestamp(unit)).to_pylist() == expected
    lib.dt_add_months_i64(P(vp), I64(len(v)), I64(86400 * tps), P(0), I64(-13), P(a.ptr(out)))
    k = plc.Scalar.from_arrow(pa.scalar(-13, pa.int32()))
    expected = host(lambda: D.add_calendrical_months(col, k))
    assert pa.array(out, pa.timestamp(unit)).to_pylist() == expected


def test_calendar_kernels_days(lib):
    a = Arena()
    D = plc.datetime
    days = np.random.default_rng(9).integers(-700_000, 700_000, 2000).astype(np.int32)
    col = plc.Column.from_arrow(pa.array(days, pa.date32()))
    out = np.zeros(len(days), np.int32)
    lib.dt_calendar_i32(P(a.ptr(days)), I64(len(days)), I64(1), I32(1), P(a.ptr(out)))
    assert pa.array(out, pa.date32()).to_pylist() == host(lambda: D.last_day_of_month(col))
    lib.dt_add_months_i32(P(a.ptr(days)), I64(len(days)), I64(1), P(0), I64(7), P(a.ptr(out)))
    k = plc.Scalar.from_arrow(pa.scalar(7, pa.int16()))
    expected = host(lambda: D.add_calendrical_months(col, k))
    assert pa.array(out, pa.date32()).to_pylist() == expected
