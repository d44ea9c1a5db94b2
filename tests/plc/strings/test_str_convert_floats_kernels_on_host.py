"""The float kernels of strings_floats.cu (with the generated table pow5_128.cuh), compiled
as plain C++ for the CPU (see tests/host_kernels.py), give the bits of ferrodf's host path
and of independent oracles: str_parse_floats against Python's float() (FLOAT64) and exact
rational rounding (FLOAT32), str_from_floats against pyarrow's cast to string.

The sets are random and adversarial: midpoints between adjacent floats written exactly
(and a hair either side, also past the 800th digit), subnormals, 0, -0, the extremes, long
digit strings, exponents of +-400, float32 ties, powers of two (the asymmetric gaps)."""

from __future__ import annotations

import math
import re
import struct
from fractions import Fraction

import numpy as np
import pyarrow as pa
import pytest
from host_kernels import compile_kernels
from hypothesis import given, settings
from hypothesis import strategies as st
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

import ferrodf.plc as plc

CF = plc.strings.convert.convert_floats
T = plc.types.TypeId


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    d = tmp_path_factory.mktemp("float_kernels")
    files = ("strings.cuh", "pow5_128.cuh", "strings_floats.cu")
    return compile_kernels(d, [PRELUDE] + [f'#include "{CUDA / f}"' for f in files])


# ---------------------------------------------------------------------------------------
# oracles
# ---------------------------------------------------------------------------------------

# Rust's f64::from_str grammar (the host path's; ASCII only, no spaces).
GRAMMAR = re.compile(
    r"[+-]?(?:(?i:inf|infinity|nan)|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
)


def bits64(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f64_of(b: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def f32_of(b: int) -> float:
    return float(np.array([b], np.uint32).view(np.float32)[0])


def exact(s: str) -> Fraction:
    """The exact value of a decimal literal (finite; exponents far outside FLOAT32's range
    cut to values that still round to 0 or overflow)."""
    m = re.fullmatch(r"([+-]?)([0-9]*)\.?([0-9]*)(?:[eE]([+-]?[0-9]+))?", s)
    sign, i, f, e = m.groups()
    digits = int((i + f) or "0")
    power = int(e or 0) - len(f)
    lead = power + len(str(digits))
    if digits == 0:
        power = 0
    elif lead > 60:
        power = 60
    elif lead < -80:
        digits, power = 1, -90
    v = Fraction(digits) * Fraction(10) ** power
    return -v if sign == "-" else v


def round_binary(v: Fraction, mbits: int, min_e2: int, max_exp: int) -> float | None:
    """|v| rounded to the nearest float of `mbits` explicit bits, ties to even (None:
    infinity); the caller applies the sign."""
    v = abs(v)
    if v == 0:
        return 0.0
    e = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** e > v:
        e -= 1
    e2 = max(e - mbits, min_e2)  # the unit of the last place
    scaled = v / Fraction(2) ** e2
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q & 1):
        q += 1
    out = Fraction(q) * Fraction(2) ** e2
    return None if out >= Fraction(2) ** max_exp else float(out)


def oracle(s: str, f32: bool) -> tuple[bool, float | None]:
    """(is a float, value) by Python: float() for FLOAT64, exact rounding for FLOAT32."""
    if s is None or not GRAMMAR.fullmatch(s):
        return False, None
    low = s.lower().lstrip("+-")
    if low in ("inf", "infinity", "nan"):
        return True, float(s)
    if not f32:
        return True, float(s)
    v = exact(s)
    r = round_binary(v, 23, -149, 128)
    r = math.inf if r is None else r
    return True, -r if s.startswith("-") else r


# ---------------------------------------------------------------------------------------
# drivers
# ---------------------------------------------------------------------------------------


def parse(lib, rows, f32, off=0):
    """str_parse_floats over rows[off:] (a sliced column): (values bits, ok flags)."""
    sub = rows[off:]
    m = len(sub)
    a = Arena()
    d = a.descs(a.strcol(rows, off))
    out = np.zeros(m + 1, np.uint32 if f32 else np.uint64)
    ok = np.zeros(m + 1, np.uint8)
    lib.str_parse_floats(P(d), I64(m), I32(int(f32)), P(a.ptr(out)), P(a.ptr(ok)))
    return out[:m].tolist(), ok[:m].astype(bool).tolist()


def same_bits(got_bits, want, f32):
    """The kernel's bits equal the oracle's value (NaNs: any NaN; signs of 0 checked)."""
    for g, w in zip(got_bits, want, strict=True):
        if w is None:
            continue
        v = f32_of(g) if f32 else f64_of(g)
        if math.isnan(w):
            assert math.isnan(v)
        else:
            assert v == w and math.copysign(1, v) == math.copysign(1, w), (v, w)


def check_parse(lib, rows, off=0):
    for f32 in (False, True):
        got, ok = parse(lib, rows, f32, off)
        sub = rows[off:]
        want = [oracle(s, f32) for s in sub]
        assert ok == [w[0] for w in want], [
            (s, k) for s, k, w in zip(sub, ok, want, strict=True) if k != w[0]
        ]
        bad = []
        for s, g, (is_f, w) in zip(sub, got, want, strict=True):
            v = f32_of(g) if f32 else f64_of(g)
            if is_f and not (
                (math.isnan(w) and math.isnan(v))
                or (v == w and math.copysign(1, v) == math.copysign(1, w))
            ):
                bad.append((s[:60], v, w))
        assert not bad, (f32, bad[:5], len(bad))
        # The host path: the same bits (NaN signs included) and the same nulls.
        t = plc.DataType(T.FLOAT32 if f32 else T.FLOAT64)
        hv = host(lambda t=t, sub=sub: CF.to_floats(pcol(sub), t))
        assert [v is not None for v in hv] == ok
        npt = np.float32 if f32 else np.float64
        hb = np.array([0 if v is None else v for v in hv], npt).view(
            np.uint32 if f32 else np.uint64
        )
        assert [int(b) if k else 0 for b, k in zip(hb, ok, strict=True)] == got
        flags = host(lambda sub=sub: CF.is_float(pcol(sub)))
        assert flags == nullify(ok, [s is not None for s in sub])


def fmt(lib, values, f32, valid=None):
    """str_from_floats over `values` (a float array) with validity `valid`."""
    n = len(values)
    valid = [True] * n if valid is None else valid
    a = Arena()
    vp = a.ptr(np.ascontiguousarray(values, np.float32 if f32 else np.float64))
    mask = np.packbits(np.array([*valid, *[True] * 8], bool), bitorder="little")
    mp = a.ptr(mask)
    return a.build(
        n,
        lambda w, s, o, c: lib.str_from_floats(
            P(vp), I64(n), P(mp), I64(0), I32(int(f32)), I32(w), P(s), P(o), P(c)
        ),
    )


def check_format(lib, values, f32):
    arr = np.asarray(values, np.float32 if f32 else np.float64)
    got = fmt(lib, arr, f32)
    pa_arr = pa.array(arr, pa.float32() if f32 else pa.float64())
    want = pa_arr.cast(pa.string()).to_pylist()
    bad = [(float(v), g, w) for v, g, w in zip(arr, got, want, strict=True) if g != w]
    assert not bad, (f32, bad[:5], len(bad))
    assert got == host(lambda: CF.from_floats(plc.Column.from_arrow(pa_arr)))
    # Shortest round trip: every string reads back as its value.
    back = np.array([float(s) for s in got], arr.dtype)
    same = (back.view(f"u{arr.itemsize}") == arr.view(f"u{arr.itemsize}")) | np.isnan(arr)
    assert same.all()


# ---------------------------------------------------------------------------------------
# sets
# ---------------------------------------------------------------------------------------


def midpoints(xs, f32):
    """The exact decimal midpoints between each finite x >= 0 and the next float up (the
    largest float's with 2^128 or 2^1024), and the same a hair below and above, also only
    past the 800th significant digit."""
    top = Fraction(2**128 if f32 else 2**1024)
    out = []
    for x in xs:
        if not math.isfinite(x) or x < 0:
            continue
        nx = np.nextafter(np.float32(x), np.float32(np.inf)) if f32 else math.nextafter(x, math.inf)
        nx = Fraction(float(nx)) if math.isfinite(nx) else top
        mid = (Fraction(x) + nx) / 2
        # The denominator is a power of two: digits * 10^-k exactly.
        k = mid.denominator.bit_length() - 1
        digits = mid.numerator * 5**k
        out += [
            f"{digits}e-{k}",
            f"{digits}{'0' * 24}1e-{k + 25}",
            f"{digits - 1}{'9' * 30}e-{k + 30}",
            f"{digits}{'0' * 900}1e-{k + 901}",
            f"{digits - 1}{'9' * 900}e-{k + 900}",
        ]
    return out


def random_bits64(rng, n):
    return rng.integers(0, 2**63, n, dtype=np.uint64)


def random_bits32(rng, n):
    return rng.integers(0, 2**31 - 2**23, n, dtype=np.uint32)


SPECIAL_ROWS = [
    "0", "-0", "+0", "0.0", "-0e999999999", "0e-99999999999999999999", "1", "-1", "+1.5", "-.5",
    "5.", "1e5", "1E+5", "1e-5", "0.1", "1e23", "8.98846567431158e307", "9007199254740993",
    "9007199254740993.0000000000000000000000000001", "9007199254740992.9999999999999999999",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
    "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649"
    "017977587207096330286416692887910946555547851940402630657488671505820681908902000708383"
    "676273854845817711531764475730270069855571366959622842914819860834936475292719074168444"
    "365510704342711559699508093042880177904174497792",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "2.47032822920623272e-324", "1e-324", "3e-324", "1e-400", "-1e-400", "1e400", "-1e400",
    "1e308", "1e309", "1e-320", "1e+999999", "1e-999999", "1e99999999999999999999",
    "3.4028235e38", "3.4028236e38", "3.40282356779733661637539395458142568448e38",
    "3.40282356779733661637539395458142568447e38", "1.17549435e-38", "1.4e-45", "7e-46",
    "7.006492321624085354618647916449580656401e-46",
    "7.006492321624085354618647916449580656402e-46",
    "16777217", "16777217.000000001", "33554434.99999999999",
    "0.1000000000000000055511151231257827021181583404541015625",
    "0.1000000000000000055511151231257827021181583404541015624",
    "0.1000000000000000055511151231257827021181583404541015626",
    "3.1415926535897932384626433832795028841971693993751058209749445923078164062862"
    "0899862803482534211706798214808651",
    "123456789012345678901234567890", "1" + "0" * 400, "1" + "0" * 300 + ".5",
    "0." + "0" * 400 + "1",
    "0." + "0" * 300 + "123456789" * 30, "9" * 800, "9" * 300, "." + "9" * 900,
    "00000000000001.5e-3",
    "1" * 25 + "e-40", "inf", "-Infinity", "INF", "+iNfInItY", "nan", "NaN", "-nan", "+NAN",
    "", ".", "e5", "1e", "1e+", "+", "-", " 1", "1 ", "1_0", "0x1p3", "1,5", "--1",
    "1e5.5", "1.2.3",
    "infinit", "infinityy", "nana", "in", "\u0661", "日本", "1e٣", None,
]  # fmt: skip


def test_parse_special(lib):
    check_parse(lib, SPECIAL_ROWS, 0)
    check_parse(lib, SPECIAL_ROWS, 7)


def test_parse_random_reprs(lib):
    rng = np.random.default_rng(0)
    xs = [f64_of(int(b)) for b in random_bits64(rng, 3000)]
    xs = [x for x in xs if math.isfinite(x)]
    rows = [repr(x) for x in xs]
    rows += [f"{x:.25e}" for x in xs[:500]]
    rows += [f"{x:.17g}" for x in xs[500:1000]]
    rows += [f"{x:.3e}" for x in xs[1000:1500]]
    rows += [repr(f32_of(int(b))) for b in random_bits32(rng, 1000)]
    rows += [repr(float(v)) for v in rng.random(500)]
    check_parse(lib, rows, 0)


def test_parse_halfway_cases(lib):
    rng = np.random.default_rng(1)
    xs = [f64_of(int(b)) for b in random_bits64(rng, 150)]
    # Subnormals, the smallest normals, powers of two, the top.
    xs += [f64_of(int(b)) for b in rng.integers(0, 2**52, 40, dtype=np.uint64)]
    xs += [5e-324, 2.2250738585072014e-308, 1.0, 2.0**-1022, 2.0**60, 1.7976931348623157e308]
    xs += [9007199254740992.0, 2.0**63, 1e23, 0.1]
    rows = midpoints(xs, False)
    check_parse(lib, rows, 0)


def test_parse_float32_ties(lib):
    rng = np.random.default_rng(2)
    xs = [f32_of(int(b)) for b in random_bits32(rng, 200)]
    xs += [f32_of(int(b)) for b in rng.integers(0, 2**23, 40, dtype=np.uint32)]
    xs += [1.0, 16777216.0, f32_of(0x7F7FFFFF), f32_of(1), f32_of(0x00800000)]
    rows = midpoints(xs, True)
    check_parse(lib, rows, 3)


def test_parse_long_digit_strings(lib):
    rng = np.random.default_rng(3)
    rows = []
    for _ in range(400):
        nd = int(rng.integers(15, 900))
        digits = "".join(map(str, rng.integers(0, 10, nd)))
        point = int(rng.integers(0, nd + 1))
        e = int(rng.integers(-400, 400))
        rows.append(f"{digits[:point]}.{digits[point:]}e{e}")
    for _ in range(100):
        zeros = "0" * int(rng.integers(18, 60))
        rows.append(f"{int(rng.integers(1, 10))}{zeros}1e{int(rng.integers(-340, 300))}")
    check_parse(lib, rows, 0)


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False) | st.floats(width=32, allow_nan=False), st.integers(0, 3))
def test_parse_hypothesis(lib, x, style):
    s = [repr(x), f"{x:.30e}", f"{x:.9g}", f"{x:.40f}"][style]
    check_parse(lib, [s, None, s.upper()], 0)


def test_format_special(lib):
    vals = [
        0.0, -0.0, 1.0, -1.0, 0.1, 1e20, 1e21, 1e-6, 1e-7, 9.999999e-7, 1e9, 1e10, 999999999.0,
        9999999999.0, 123456789.0, 1234567890.0, 5e-324, 1e-323, 2.2250738585072014e-308,
        1.7976931348623157e308, math.nan, -math.nan, math.inf, -math.inf, 0.000123, 1.5e-5,
        100.0, 12.5, 1e23, 9007199254740993.0, 2.0**-1074, 2.0**-1022, 2.0**1023, 0.3,
        2.0**-1, 2.0**-20, 2.0**100, 4.35e-6, 123456.789e3, 1.5e300, -2.5e-300,
    ]  # fmt: skip
    check_format(lib, vals, False)
    check_format(lib, vals, True)


def test_format_random_bits(lib):
    rng = np.random.default_rng(4)
    b64 = random_bits64(rng, 4000)
    b64 |= rng.integers(0, 2, 4000, dtype=np.uint64) << np.uint64(63)
    check_format(lib, b64.view(np.float64), False)
    b32 = rng.integers(0, 2**32, 4000, dtype=np.uint64).astype(np.uint32)
    check_format(lib, b32.view(np.float32), True)
    # Powers of two (the asymmetric gaps) and their neighbours.
    p64 = np.array([2.0**k for k in range(-1074, 1024)])
    check_format(lib, np.concatenate([p64, np.nextafter(p64, 0), np.nextafter(p64, np.inf)]), False)
    p32 = np.array([2.0**k for k in range(-149, 128)], np.float32)
    near = [np.nextafter(p32, np.float32(0)), np.nextafter(p32, np.float32(np.inf))]
    check_format(lib, np.concatenate([p32, *near]), True)
    # Values of few digits around the layout thresholds.
    d = np.array([v * 10.0**e for v in (1, 1.5, 9.99, 123) for e in range(-12, 25)])
    check_format(lib, d, False)
    check_format(lib, d.astype(np.float32), True)


@settings(max_examples=300, deadline=None)
@given(st.floats(), st.floats(width=32))
def test_format_hypothesis(lib, x, y):
    check_format(lib, [x, -x], False)
    check_format(lib, [y, -y], True)


def test_format_nulls_and_empty(lib):
    vals = np.array([1.5, 0.0, -2.25, 1e300], np.float64)
    got = fmt(lib, vals, False, [True, False, True, False])
    assert nullify(got, [True, False, True, False]) == ["1.5", None, "-2.25", None]
    assert got[1] == got[3] == ""
    assert fmt(lib, np.zeros(0), False) == []
