"""plc.binaryop.binary_operation against a plain-Python oracle of the documented semantics.

The oracle (``expected_row``) implements the rules stated in core/src/ops/binaryop.rs:
- the operation is computed in C++'s common type of the operand types (bool, int8, uint8,
  int16 and uint16 promote to int32; a float operand makes it float32/float64; mixed
  signedness follows the usual arithmetic conversions), then converted to the output type;
- integer arithmetic wraps; TRUE_DIV and POW are computed in float64 (POW of two integer
  operands by repeated squaring, exact below 2^53);
- conversion of a float to an integer saturates (NaN -> 0); anything -> BOOL8 is ``!= 0``;
- integer DIV, FLOOR_DIV, MOD and PYMOD by zero give null; FLOOR_DIV and PYMOD follow
  Python's floor semantics, MOD follows C's truncation;
- comparisons of a signed with an unsigned integer are exact;
- a null in either input gives null; a null scalar makes every row null.

The other operators (``compute_extra`` and ``expected_null_aware``) follow libcudf:
PMOD ``r = x % y; if r < 0: r = (r + y) % y``; INT_POW in the lhs type, wrapping, 0 for a
negative exponent; LOG_BASE and ATAN2 in float64; shifts in the promoted lhs type with
amounts outside ``0..width`` giving 0 (sign fill for SHIFT_RIGHT); bitwise operators in the
common type; LOGICAL_* on ``!= 0``; NULL_EQUALS (null == null), NULL_MAX/MIN (the valid
side) and Kleene NULL_LOGICAL_AND/OR.
"""

from __future__ import annotations

import decimal
import math
import operator
from enum import IntEnum

import numpy as np
import pyarrow as pa
import pytest
from conftest import OPERAND_TYPES, int_range, runs_on_gpu, saturate, type_id, wrap
from hypothesis import given
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

T = plc.TypeId
B = plc.binaryop.BinaryOperator

ARITHMETIC = [B.ADD, B.SUB, B.MUL, B.DIV, B.TRUE_DIV, B.FLOOR_DIV, B.MOD, B.PYMOD, B.POW]
COMPARISONS = [B.EQUAL, B.NOT_EQUAL, B.LESS, B.GREATER, B.LESS_EQUAL, B.GREATER_EQUAL]
IMPLEMENTED = ARITHMETIC + COMPARISONS
SHIFTS = [B.SHIFT_LEFT, B.SHIFT_RIGHT, B.SHIFT_RIGHT_UNSIGNED]
BITWISE = [B.BITWISE_AND, B.BITWISE_OR, B.BITWISE_XOR]
EXTRA = [B.PMOD, B.INT_POW, B.LOG_BASE, B.ATAN2, *SHIFTS, *BITWISE, B.LOGICAL_AND, B.LOGICAL_OR]
NULL_AWARE = [
    B.NULL_EQUALS,
    B.NULL_NOT_EQUALS,
    B.NULL_MAX,
    B.NULL_MIN,
    B.NULL_LOGICAL_AND,
    B.NULL_LOGICAL_OR,
]
#: The operators whose natural output is BOOL8.
BOOLEAN_RESULT = [
    *COMPARISONS,
    B.LOGICAL_AND,
    B.LOGICAL_OR,
    *(op for op in NULL_AWARE if op not in (B.NULL_MAX, B.NULL_MIN)),
]
UNIMPLEMENTED = [B.GENERIC_BINARY, B.INVALID_BINARY]
assert set(IMPLEMENTED + EXTRA + NULL_AWARE + UNIMPLEMENTED) == set(B)


def dt(t: pa.DataType) -> plc.DataType:
    return plc.DataType.from_arrow(t)


#: The comparison operators as Python functions (the oracles of every operand kind).
COMPARE = {
    B.EQUAL: operator.eq,
    B.NOT_EQUAL: operator.ne,
    B.LESS: operator.lt,
    B.GREATER: operator.gt,
    B.LESS_EQUAL: operator.le,
    B.GREATER_EQUAL: operator.ge,
}


# ---------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------


class Kind(IntEnum):
    BOOL = 0
    INT = 1
    FLOAT = 2


def kind(t: pa.DataType) -> Kind:
    if pa.types.is_boolean(t):
        return Kind.BOOL
    if pa.types.is_integer(t):
        return Kind.INT
    return Kind.FLOAT


def common_type(a: pa.DataType, b: pa.DataType) -> pa.DataType:
    """C++'s usual arithmetic conversions."""
    if pa.float64() in (a, b):
        return pa.float64()
    if pa.float32() in (a, b):
        return pa.float32()

    def promote(t):
        return pa.int32() if pa.types.is_boolean(t) or t.bit_width < 32 else t

    a, b = promote(a), promote(b)
    if a == b:
        return a
    sa, sb = pa.types.is_signed_integer(a), pa.types.is_signed_integer(b)
    if sa == sb:
        return a if a.bit_width >= b.bit_width else b
    signed, unsigned = (a, b) if sa else (b, a)
    return unsigned if unsigned.bit_width >= signed.bit_width else signed


def int_to_f32(v: int) -> np.float32:
    """An integer rounded to the nearest float32 (ties to even), without double rounding."""
    mag = abs(v)
    if mag >= 1 << 24:
        shift = mag.bit_length() - 24
        q, r = divmod(mag, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        mag = q << shift
    return np.float32(float(-mag if v < 0 else mag))


def convert(v, src: Kind, dst: pa.DataType):
    """C++ conversion of a value (Python bool/int, or a Python/NumPy float) to dst."""
    if pa.types.is_boolean(dst):
        return bool(v != 0)
    if src == Kind.BOOL:
        v = int(v)
    if pa.types.is_integer(dst):
        if isinstance(v, (int, np.integer)):
            return wrap(int(v), dst)
        return saturate(float(v), dst)
    if isinstance(v, (int, np.integer)):
        return int_to_f32(int(v)) if dst == pa.float32() else np.float64(float(v))
    return np.float32(v) if dst == pa.float32() else np.float64(v)


NULL = object()


def c_pow(x: float, y: float) -> np.float64:
    """C's pow (math.pow is correctly rounded like glibc's; NumPy's scalar power is not
    always), with C's results where Python raises."""
    x, y = float(x), float(y)
    odd = y.is_integer() and y % 2 == 1
    try:
        return np.float64(math.pow(x, y))
    except OverflowError:
        return np.float64(-math.inf if x < 0 and odd else math.inf)
    except ValueError:
        if x == 0 and y < 0:
            return np.float64(math.copysign(math.inf, x) if odd else math.inf)
        return np.float64(math.nan)


def int_pow(base: np.float64, e: int) -> np.float64:
    """POW of two integer operands: float64 repeated squaring (exact below 2^53), then
    1 / r for a negative exponent."""
    m = abs(e)
    r, b = np.float64(1.0), np.float64(base)
    while m:
        if m & 1:
            r = r * b
        m >>= 1
        if m:
            b = b * b
    return np.float64(1.0) / r if e < 0 else r


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def compute(op: B, a, b, ta: pa.DataType, tb: pa.DataType):
    """The value of ``a op b`` before the conversion to the output type (NULL for a null)."""
    ka, kb = kind(ta), kind(tb)
    if op in COMPARISONS:
        if ka == kb == Kind.INT and pa.types.is_signed_integer(ta) != pa.types.is_signed_integer(
            tb
        ):
            x, y = a, b  # exact comparison of Python ints
        else:
            ct = common_type(ta, tb)
            x, y = convert(a, ka, ct), convert(b, kb, ct)
        return COMPARE[op](x, y)
    if op == B.POW and ka != Kind.FLOAT and kb != Kind.FLOAT:
        return int_pow(convert(a, ka, pa.float64()), int(b))
    if op in (B.TRUE_DIV, B.POW):
        x, y = convert(a, ka, pa.float64()), convert(b, kb, pa.float64())
        return x / y if op == B.TRUE_DIV else c_pow(x, y)
    ct = common_type(ta, tb)
    x, y = convert(a, ka, ct), convert(b, kb, ct)
    if kind(ct) == Kind.INT:
        if op == B.ADD:
            r = x + y
        elif op == B.SUB:
            r = x - y
        elif op == B.MUL:
            r = x * y
        elif y == 0:
            return NULL
        elif op == B.DIV:
            r = _trunc_div(x, y)
        elif op == B.FLOOR_DIV:
            r = x // y
        elif op == B.MOD:
            r = x - y * _trunc_div(x, y)
        else:  # PYMOD
            r = x % y
        return wrap(r, ct)
    if op == B.ADD:
        return x + y
    if op == B.SUB:
        return x - y
    if op == B.MUL:
        return x * y
    if op == B.DIV:
        return x / y
    if op == B.FLOOR_DIV:
        return np.floor(x / y)
    if op == B.MOD:
        return np.fmod(x, y)
    m = np.fmod(x, y)  # PYMOD
    if m != 0 and ((m < 0) != (y < 0)):
        m = m + y
    return m


def supports(op: B, ta: pa.DataType, tb: pa.DataType) -> bool:
    """The operand types an operator accepts (every numeric type unless listed)."""

    def int_or_bool(t):
        return pa.types.is_integer(t) or pa.types.is_boolean(t)

    if op == B.INT_POW:
        return pa.types.is_integer(ta) and pa.types.is_integer(tb)
    if op == B.SHIFT_RIGHT_UNSIGNED:
        return pa.types.is_integer(ta) and int_or_bool(tb)
    if op in SHIFTS or op in BITWISE:
        return int_or_bool(ta) and int_or_bool(tb)
    return True


def promote(t: pa.DataType) -> pa.DataType:
    return pa.int32() if pa.types.is_boolean(t) or t.bit_width < 32 else t


def shift_type(op: B, ta: pa.DataType) -> pa.DataType:
    if op == B.SHIFT_RIGHT_UNSIGNED:
        return {32: pa.uint32(), 64: pa.uint64()}.get(ta.bit_width, pa.int32())
    return promote(ta)


def c_log(x: np.float64) -> np.float64:
    x = float(x)
    if math.isnan(x) or x < 0:
        return np.float64(math.nan)
    if x == 0:
        return np.float64(-math.inf)
    return np.float64(math.log(x))


def truthy(v) -> bool:
    return bool(v != 0)  # NaN != 0


def compute_extra(op: B, a, b, ta: pa.DataType, tb: pa.DataType):
    ka, kb = kind(ta), kind(tb)
    if op == B.LOG_BASE:
        return c_log(convert(a, ka, pa.float64())) / c_log(convert(b, kb, pa.float64()))
    if op == B.ATAN2:
        return np.float64(math.atan2(float(a), float(b)))
    if op in (B.LOGICAL_AND, B.LOGICAL_OR):
        return (truthy(a) and truthy(b)) if op == B.LOGICAL_AND else (truthy(a) or truthy(b))
    if op == B.INT_POW:
        x, y = int(a), int(b)
        if y < 0:
            return 0
        if y == 0:
            return 1
        if x == 0:
            return 0
        extra = 1
        while y > 1:
            if y & 1:
                extra = wrap(extra * x, ta)
                y -= 1
            y //= 2
            x = wrap(x * x, ta)
        return wrap(x * extra, ta)
    if op in SHIFTS:
        x, s = int(a), int(b)
        width = shift_type(op, ta).bit_width
        inside = 0 <= s < width
        if op == B.SHIFT_LEFT:
            return wrap(x << s, shift_type(op, ta)) if inside else 0
        if op == B.SHIFT_RIGHT:
            return x >> s if inside else (-1 if x < 0 else 0)
        return (x % (1 << ta.bit_width)) >> s if inside else 0
    ct = common_type(ta, tb)
    x, y = convert(a, ka, ct), convert(b, kb, ct)
    if op in BITWISE:
        r = {B.BITWISE_AND: x & y, B.BITWISE_OR: x | y, B.BITWISE_XOR: x ^ y}[op]
        return wrap(r, ct)
    assert op == B.PMOD
    if kind(ct) == Kind.INT:
        if y == 0:
            return NULL
        r = wrap(x - y * _trunc_div(x, y), ct)
        if r < 0:
            r2 = wrap(r + y, ct)
            r = wrap(r2 - y * _trunc_div(r2, y), ct)
        return r
    m = np.fmod(x, y)
    if m < 0:
        m = np.fmod(m + y, y)
    return m


def expected_null_aware(op: B, a, b, ta: pa.DataType, tb: pa.DataType, out: pa.DataType):
    lv, rv = a is not None, b is not None
    if op in (B.NULL_EQUALS, B.NULL_NOT_EQUALS):
        eq = compute(B.EQUAL, a, b, ta, tb) if lv and rv else lv == rv
        return convert(eq == (op == B.NULL_EQUALS), Kind.BOOL, out)
    if op in (B.NULL_MAX, B.NULL_MIN):
        if not lv and not rv:
            return None
        ct = common_type(ta, tb)
        x = convert(a, kind(ta), ct) if lv else None
        y = convert(b, kind(tb), ct) if rv else None
        if lv and rv:
            r = (x if x > y else y) if op == B.NULL_MAX else (x if x < y else y)
        else:
            r = x if lv else y
        v = convert(r, kind(ct), out)
        return float(v) if isinstance(v, np.floating) else v
    x, y = lv and truthy(a), rv and truthy(b)
    both = lv and rv
    if op == B.NULL_LOGICAL_AND:
        valid, r = (lv and not x) or (rv and not y) or both, both and x and y
    else:
        valid, r = x or y or both, x or y
    return convert(r, Kind.BOOL, out) if valid else None


def expected_row(op: B, a, b, ta: pa.DataType, tb: pa.DataType, out: pa.DataType):
    if op in NULL_AWARE:
        with np.errstate(all="ignore"):
            v = expected_null_aware(op, a, b, ta, tb, out)
        return float(v) if isinstance(v, np.floating) else v
    if a is None or b is None:
        return None
    with np.errstate(all="ignore"):
        r = compute_extra(op, a, b, ta, tb) if op in EXTRA else compute(op, a, b, ta, tb)
        if r is NULL:
            return None
        src = (
            Kind.BOOL
            if isinstance(r, (bool, np.bool_))
            else Kind.INT
            if isinstance(r, int)
            else Kind.FLOAT
        )
        v = convert(r, src, out)
    return float(v) if isinstance(v, np.floating) else v


def natural_output(op: B, ta: pa.DataType, tb: pa.DataType) -> pa.DataType:
    if op in BOOLEAN_RESULT:
        return pa.bool_()
    if op in (B.TRUE_DIV, B.POW, B.LOG_BASE, B.ATAN2):
        return pa.float64()
    if op == B.INT_POW:
        return ta
    if op in SHIFTS:
        return shift_type(op, ta)
    return common_type(ta, tb)


def assert_rows_equal(
    result: plc.Column,
    expected: list,
    *,
    op: B,
    types: tuple[pa.DataType, pa.DataType],
    out: pa.DataType,
    context: str,
) -> None:
    """Exact equality (NaN == NaN). POW with a float operand, LOG_BASE and ATAN2 use the
    math library, which on the GPU may be an ulp off (and so may integers truncated from
    it). The null count is the column's own."""
    assert result.null_count() == sum(e is None for e in expected), context
    got = result.to_pylist()
    float_operand = Kind.FLOAT in (kind(types[0]), kind(types[1]))
    libm = op in (B.LOG_BASE, B.ATAN2) or (op == B.POW and float_operand)
    loose = libm and runs_on_gpu()
    assert len(got) == len(expected), context
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        if e is None or g is None:
            ok = g is None and e is None
        elif isinstance(e, float):
            ok = (
                (math.isnan(e) and math.isnan(g))
                or g == e
                or (loose and math.isclose(g, e, rel_tol=1e-14))
            )
        elif loose and isinstance(e, int) and not isinstance(e, bool):
            ok = abs(g - e) <= max(1, abs(e) * 1e-14)
        else:
            ok = g == e and type(g) is type(e)
        assert ok, f"{context}: row {i}: got {g!r}, expected {e!r}"


def assert_documented(a, ta, op: B, b, tb, out, expected, forms: tuple[str, ...]) -> None:
    """The oracle gives the hand-computed ``expected`` for ``a op b`` (this pins the oracle
    itself), and so does ferrodf in each of ``forms``: column-column ("cc"), column-scalar
    ("cs"), scalar-column ("sc"); the column rows are ``[None, a]`` and ``[b, b]``."""
    oracle = expected_row(op, a, b, ta, tb, out)
    assert (
        (oracle is None and expected is None)
        or repr(oracle) == repr(expected)
        or oracle == expected
    )
    col_a = plc.Column.from_arrow(pa.array([None, a], ta))
    operands = {
        "cc": (col_a, plc.Column.from_arrow(pa.array([b, b], tb))),
        "cs": (col_a, plc.Scalar.from_arrow(pa.scalar(b, tb))),
        "sc": (
            plc.Scalar.from_arrow(pa.scalar(a, ta)),
            plc.Column.from_arrow(pa.array([None, b], tb)),
        ),
    }
    for form in forms:
        assert_rows_equal(
            run(*operands[form], op, out),
            [None, expected],
            op=op,
            types=(ta, tb),
            out=out,
            context=f"{form}: {a!r} {op.name} {b!r} -> {out}",
        )


def run(lhs, rhs, op: B, out: pa.DataType) -> plc.Column:
    result = plc.binaryop.binary_operation(lhs, rhs, op, dt(out))
    assert isinstance(result, plc.Column)
    assert result.type() == dt(out)
    return result


def run_form(form: str, lhs: plc.Column, a: list, b: list, ta, tb, op: B, out, rhs=None):
    """``lhs op b`` in one operand form, with the oracle's rows: column-column ("cc"; the
    column ``rhs`` if given), column-scalar ("cs") or scalar-column ("sc"), the scalar being
    ``b[0]``."""
    if form == "cc":
        expected = [expected_row(op, x, y, ta, tb, out) for x, y in zip(a, b, strict=True)]
        rhs = plc.Column.from_arrow(pa.array(b, tb)) if rhs is None else rhs
        return run(lhs, rhs, op, out), expected
    s = b[0] if b else None
    scalar = plc.Scalar.from_arrow(pa.scalar(s, tb))
    if form == "cs":
        return run(lhs, scalar, op, out), [expected_row(op, x, s, ta, tb, out) for x in a]
    return run(scalar, lhs, op, out), [expected_row(op, s, x, tb, ta, out) for x in a]


def assert_form(form: str, lhs, a: list, b: list, ta, tb, op: B, out, context="", rhs=None):
    """``run_form``'s result agrees with the oracle's rows."""
    result, expected = run_form(form, lhs, a, b, ta, tb, op, out, rhs)
    assert result.to_arrow().type == out
    assert_rows_equal(
        result,
        expected,
        op=op,
        types=(ta, tb),
        out=out,
        context=f"{form}: {context}{ta} {op.name} {tb} -> {out}",
    )


# ---------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------

N = 32


def specials(t: pa.DataType) -> list:
    if pa.types.is_boolean(t):
        return [True, False, True, False]
    if pa.types.is_floating(t):
        big = 1e30 if t == pa.float32() else 1e300
        return [
            0.0,
            -0.0,
            1.0,
            -1.0,
            2.5,
            -7.5,
            3.0,
            float("nan"),
            float("inf"),
            float("-inf"),
            big,
            -big,
            1e-30,
            0.5,
        ]
    lo, hi = int_range(t)
    vals = [0, 1, hi, lo, 7, 3, 2, hi - 1, 0]
    if lo < 0:
        vals += [-1, -7, lo + 1, -3, -2]
    if t.bit_width == 64:
        vals += [2**53 + 1, 2**24 + 1]
    return vals


def make_values(t: pa.DataType, n: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    vals = specials(t)
    if pa.types.is_boolean(t):
        vals += [bool(v) for v in rng.integers(0, 2, n)]
    elif pa.types.is_floating(t):
        vals += [float(v) for v in rng.normal(0, 50, n).round(2)]
    else:
        lo, hi = int_range(t)
        small = [int(v) for v in rng.integers(max(lo, -100), min(hi, 100), n // 2, endpoint=True)]
        wide = [
            int(v)
            for v in rng.integers(
                lo, hi, n - n // 2, endpoint=True, dtype=np.int64 if lo < 0 else np.uint64
            )
        ]
        vals += small + wide
    vals = vals[:n]
    rng.shuffle(vals)
    if t == pa.float32():
        vals = [float(np.float32(v)) for v in vals]
    return vals


def make_array(t: pa.DataType, seed: int, null_every: int, offset: int = 0) -> pa.Array:
    vals = make_values(t, N + offset, seed)
    vals = [None if i % null_every == 2 else v for i, v in enumerate(vals)]
    return pa.array(vals, t).slice(offset)


LAYOUTS = {"plain": (0, 0), "sliced": (3, 13)}


@pytest.fixture(scope="module", params=OPERAND_TYPES, ids=type_id)
def lhs_type(request):
    return request.param


@pytest.fixture(scope="module", params=OPERAND_TYPES, ids=type_id)
def rhs_type(request):
    return request.param


@pytest.fixture(scope="module", params=list(LAYOUTS), ids=list(LAYOUTS))
def layout(request):
    return LAYOUTS[request.param]


@pytest.fixture(scope="module")
def lhs_arrow(lhs_type, layout):
    return make_array(lhs_type, seed=1, null_every=5, offset=layout[0])


@pytest.fixture(scope="module")
def rhs_arrow(rhs_type, layout):
    return make_array(rhs_type, seed=2, null_every=7, offset=layout[1])


@pytest.fixture(scope="module")
def lhs_col(lhs_arrow):
    return plc.Column.from_arrow(lhs_arrow)


@pytest.fixture(scope="module")
def rhs_col(rhs_arrow):
    return plc.Column.from_arrow(rhs_arrow)


#: Every operand type is also an output type.
ALL_OUTPUTS = OPERAND_TYPES


# ---------------------------------------------------------------------------------------
# Column op Column, Column op Scalar, Scalar op Column
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("op", IMPLEMENTED, ids=lambda o: o.name)
def test_column_column(op, lhs_type, rhs_type, lhs_arrow, rhs_arrow, lhs_col, rhs_col):
    a, b = lhs_arrow.to_pylist(), rhs_arrow.to_pylist()
    for out in ALL_OUTPUTS:
        assert_form("cc", lhs_col, a, b, lhs_type, rhs_type, op, out, rhs=rhs_col)


def scalar_values(t: pa.DataType) -> list:
    if pa.types.is_boolean(t):
        return [True, False]
    if pa.types.is_floating(t):
        return [2.5, 0.0, -3.0, float("nan")]
    lo, hi = int_range(t)
    return [3, 0, hi] + ([-2, lo] if lo < 0 else [])


@pytest.mark.parametrize("op", IMPLEMENTED, ids=lambda o: o.name)
@pytest.mark.parametrize("scalar_side", ["rhs", "lhs"])
def test_column_scalar(op, scalar_side, lhs_type, rhs_type, lhs_arrow, lhs_col):
    """The column is always lhs_arrow; the scalar (of rhs_type) goes on scalar_side."""
    form = "cs" if scalar_side == "rhs" else "sc"
    for value in scalar_values(rhs_type):
        out = natural_output(op, *((lhs_type, rhs_type) if form == "cs" else (rhs_type, lhs_type)))
        col_vals = lhs_arrow.to_pylist()
        assert_form(form, lhs_col, col_vals, [value], lhs_type, rhs_type, op, out, f"{value!r}: ")


@pytest.mark.parametrize("op", IMPLEMENTED, ids=lambda o: o.name)
@pytest.mark.parametrize("scalar_side", ["rhs", "lhs"])
def test_null_scalar_gives_all_nulls(op, scalar_side):
    col = plc.Column.from_arrow(pa.array([1, 2, None, 4], pa.int32()))
    null = plc.Scalar.from_arrow(pa.scalar(None, pa.float64()))
    operands = (col, null) if scalar_side == "rhs" else (null, col)
    for out in (pa.int16(), pa.float64(), pa.bool_()):
        result = run(*operands, op, out)
        assert result.size() == 4
        assert result.null_count() == 4
        assert result.to_pylist() == [None] * 4


# ---------------------------------------------------------------------------------------
# Hand-checked values (these pin the oracle itself to the documented semantics)
# ---------------------------------------------------------------------------------------

I64_MIN, I64_MAX = -(2**63), 2**63 - 1


@pytest.mark.parametrize(
    "a,ta,op,b,tb,out,expected",
    [
        # computed in the common type, then converted
        (100, pa.int8(), B.ADD, 100, pa.int8(), pa.int8(), -56),
        (100, pa.int8(), B.ADD, 100, pa.int8(), pa.int32(), 200),
        (200, pa.uint8(), B.MUL, 2, pa.uint8(), pa.int64(), 400),
        (I64_MAX, pa.int64(), B.ADD, 1, pa.int64(), pa.int64(), I64_MIN),
        (-1, pa.int8(), B.ADD, 0, pa.uint64(), pa.uint64(), 2**64 - 1),
        (-1, pa.int64(), B.ADD, 0, pa.uint64(), pa.int64(), -1),
        (-1, pa.int32(), B.ADD, 1, pa.uint8(), pa.int32(), 0),
        (True, pa.bool_(), B.ADD, True, pa.bool_(), pa.int8(), 2),
        (True, pa.bool_(), B.SUB, True, pa.bool_(), pa.bool_(), False),
        (2**24 + 1, pa.int64(), B.ADD, 0.0, pa.float32(), pa.float64(), float(2**24)),
        (2**53 + 1, pa.int64(), B.ADD, 0.0, pa.float64(), pa.int64(), 2**53),
        # division
        (7, pa.int32(), B.DIV, -2, pa.int32(), pa.int32(), -3),
        (-7, pa.int32(), B.DIV, 2, pa.int32(), pa.int32(), -3),
        (7, pa.int32(), B.FLOOR_DIV, -2, pa.int32(), pa.int32(), -4),
        (-7, pa.int64(), B.FLOOR_DIV, 2, pa.int64(), pa.int64(), -4),
        (I64_MIN, pa.int64(), B.DIV, -1, pa.int64(), pa.int64(), I64_MIN),
        (I64_MIN, pa.int64(), B.FLOOR_DIV, -1, pa.int64(), pa.int64(), I64_MIN),
        (I64_MIN, pa.int64(), B.MOD, -1, pa.int64(), pa.int64(), 0),
        (I64_MIN, pa.int64(), B.PYMOD, -1, pa.int64(), pa.int64(), 0),
        (-7, pa.int32(), B.MOD, 3, pa.int32(), pa.int32(), -1),
        (7, pa.int32(), B.MOD, -3, pa.int32(), pa.int32(), 1),
        (-7, pa.int32(), B.PYMOD, 3, pa.int32(), pa.int32(), 2),
        (7, pa.int32(), B.PYMOD, -3, pa.int32(), pa.int32(), -2),
        (-7.5, pa.float64(), B.PYMOD, 2.0, pa.float64(), pa.float64(), 0.5),
        (7.5, pa.float64(), B.PYMOD, -2.0, pa.float64(), pa.float64(), -0.5),
        (-7.5, pa.float64(), B.MOD, 2.0, pa.float64(), pa.float64(), -1.5),
        (-7.5, pa.float64(), B.FLOOR_DIV, 2.0, pa.float64(), pa.float64(), -4.0),
        (7, pa.int32(), B.TRUE_DIV, 2, pa.int32(), pa.float64(), 3.5),
        (7, pa.int32(), B.DIV, 2.0, pa.float32(), pa.float64(), 3.5),
        (1, pa.int32(), B.TRUE_DIV, 3, pa.int32(), pa.float32(), float(np.float32(1 / 3))),
        # division by zero
        (1, pa.int32(), B.DIV, 0, pa.int32(), pa.int32(), None),
        (1, pa.uint64(), B.FLOOR_DIV, 0, pa.uint8(), pa.uint64(), None),
        (1, pa.int8(), B.MOD, 0, pa.int8(), pa.int8(), None),
        (1, pa.int8(), B.PYMOD, False, pa.bool_(), pa.int8(), None),
        (1, pa.int32(), B.DIV, 0, pa.int32(), pa.float64(), None),
        (1, pa.int32(), B.TRUE_DIV, 0, pa.int32(), pa.float64(), float("inf")),
        (0, pa.int32(), B.TRUE_DIV, 0, pa.int32(), pa.float64(), float("nan")),
        (-1.0, pa.float64(), B.DIV, 0, pa.int32(), pa.float64(), float("-inf")),
        (1.0, pa.float64(), B.MOD, 0.0, pa.float64(), pa.float64(), float("nan")),
        (1.0, pa.float32(), B.PYMOD, 0, pa.int32(), pa.float32(), float("nan")),
        (1, pa.int32(), B.DIV, 0, pa.int32(), pa.bool_(), None),
        # POW is computed in float64
        (2, pa.int32(), B.POW, 10, pa.int32(), pa.float64(), 1024.0),
        (2, pa.int32(), B.POW, 10, pa.int32(), pa.int16(), 1024),
        (2, pa.int64(), B.POW, 70, pa.int64(), pa.int64(), I64_MAX),
        (-2, pa.int64(), B.POW, 71, pa.int64(), pa.int64(), I64_MIN),
        (-8.0, pa.float64(), B.POW, 1 / 3, pa.float64(), pa.float64(), float("nan")),
        (-8.0, pa.float64(), B.POW, 1 / 3, pa.float64(), pa.int32(), 0),
        (0, pa.int32(), B.POW, 0, pa.int32(), pa.float64(), 1.0),
        (2, pa.int32(), B.POW, -1, pa.int32(), pa.int32(), 0),
        (2, pa.int32(), B.POW, -2, pa.int8(), pa.float64(), 0.25),
        (3, pa.int64(), B.POW, 33, pa.int64(), pa.int64(), 3**33),
        (-3, pa.int8(), B.POW, 3, pa.int8(), pa.int32(), -27),
        (True, pa.bool_(), B.POW, 5, pa.int8(), pa.int8(), 1),
        (5, pa.uint64(), B.POW, True, pa.bool_(), pa.uint64(), 5),
        # float -> integer saturates, NaN -> 0
        (1e20, pa.float64(), B.ADD, 0, pa.int8(), pa.int64(), I64_MAX),
        (-1e20, pa.float64(), B.ADD, 0, pa.int8(), pa.uint64(), 0),
        (float("nan"), pa.float64(), B.MUL, 1, pa.int8(), pa.int32(), 0),
        (float("-inf"), pa.float32(), B.ADD, 0, pa.int8(), pa.int16(), -(2**15)),
        (-1.5, pa.float64(), B.ADD, 0.0, pa.float64(), pa.int8(), -1),
        (300.7, pa.float64(), B.ADD, 0.0, pa.float64(), pa.uint8(), 255),
        (0.25, pa.float64(), B.ADD, 0.0, pa.float64(), pa.bool_(), True),
        (float("nan"), pa.float64(), B.ADD, 0.0, pa.float64(), pa.bool_(), True),
        # comparisons
        (-1, pa.int64(), B.LESS, 0, pa.uint64(), pa.bool_(), True),
        (-1, pa.int64(), B.EQUAL, 2**64 - 1, pa.uint64(), pa.bool_(), False),
        (-1, pa.int8(), B.GREATER, 255, pa.uint8(), pa.bool_(), False),
        (2**63, pa.uint64(), B.GREATER, I64_MAX, pa.int64(), pa.bool_(), True),
        (2**53 + 1, pa.int64(), B.EQUAL, float(2**53), pa.float64(), pa.bool_(), True),
        (2**24 + 1, pa.int64(), B.EQUAL, float(2**24), pa.float32(), pa.bool_(), True),
        (float("nan"), pa.float64(), B.EQUAL, float("nan"), pa.float64(), pa.bool_(), False),
        (float("nan"), pa.float64(), B.NOT_EQUAL, float("nan"), pa.float64(), pa.bool_(), True),
        (float("nan"), pa.float32(), B.LESS_EQUAL, 1, pa.int32(), pa.bool_(), False),
        (-0.0, pa.float64(), B.EQUAL, 0, pa.int8(), pa.bool_(), True),
        (True, pa.bool_(), B.EQUAL, 1, pa.int8(), pa.bool_(), True),
        (True, pa.bool_(), B.GREATER, False, pa.bool_(), pa.int32(), 1),
        (3, pa.int8(), B.GREATER_EQUAL, 3.0, pa.float32(), pa.float64(), 1.0),
    ],
)
def test_documented_semantics(a, ta, op, b, tb, out, expected):
    assert_documented(a, ta, op, b, tb, out, expected, forms=("cc", "cs", "sc"))


def test_division_by_zero_only_nulls_the_zero_rows():
    lhs = plc.Column.from_arrow(pa.array([10, 20, None, 40, 50], pa.int64()))
    rhs = plc.Column.from_arrow(pa.array([2, 0, 5, 0, None], pa.int64()))
    for op, values in [
        (B.DIV, [5, None, None, None, None]),
        (B.PYMOD, [0, None, None, None, None]),
    ]:
        result = run(lhs, rhs, op, pa.int64())
        assert result.null_count() == 4
        assert result.to_pylist() == values
    zero = plc.Scalar.from_py(0, plc.DataType(T.INT32))
    assert run(lhs, zero, B.FLOOR_DIV, pa.int64()).null_count() == 5


def test_empty_columns():
    empty = plc.Column.from_arrow(pa.array([], pa.int32()))
    for op in IMPLEMENTED:
        result = run(empty, empty, op, pa.float64())
        assert result.size() == 0
        assert result.to_arrow().equals(pa.array([], pa.float64()))
        assert run(empty, plc.Scalar.from_py(0), op, pa.int32()).size() == 0


@pytest.mark.parametrize("scalar_side", ["rhs", "lhs"])
@pytest.mark.parametrize("out", [pa.int32(), pa.float64(), pa.int8()], ids=str)
def test_empty_column_with_null_scalar(scalar_side, out):
    empty = plc.Column.from_arrow(pa.array([], pa.int8()))
    null = plc.Scalar.from_py(None, plc.DataType(T.INT8))
    operands = (empty, null) if scalar_side == "rhs" else (null, empty)
    result = run(*operands, B.ADD, out)
    assert result.size() == 0
    assert result.to_arrow().equals(pa.array([], out))


def test_inputs_not_modified():
    arr = pa.array([1, None, 3], pa.int32())
    col = plc.Column.from_arrow(arr)
    run(col, col, B.ADD, pa.int8())
    run(col, plc.Scalar.from_py(0), B.DIV, pa.int32())
    assert col.to_arrow().equals(arr)
    assert col.type() == plc.DataType(T.INT32)


@pytest.mark.parametrize("n", [31, 32, 33, 1000, 70_001])
def test_lengths_around_word_boundaries(n):
    """Null masks of lengths that are not multiples of 8/32 (one warp word per 32 rows)."""
    rng = np.random.default_rng(n)
    a = pa.array(rng.integers(-50, 50, n + 5), pa.int32(), mask=rng.random(n + 5) < 0.2).slice(5)
    b = pa.array(rng.integers(-3, 3, n), pa.int32(), mask=rng.random(n) < 0.2)
    got = run(
        plc.Column.from_arrow(a), plc.Column.from_arrow(b), B.FLOOR_DIV, pa.int32()
    ).to_pylist()
    expected = [
        expected_row(B.FLOOR_DIV, x, y, pa.int32(), pa.int32(), pa.int32())
        for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
    ]
    assert got == expected


# ---------------------------------------------------------------------------------------
# The other operators: bitwise, shifts, logical, PMOD, INT_POW, LOG_BASE, ATAN2 and the
# null-aware ones. Fewer types than above (each type triple is one more GPU module).
# ---------------------------------------------------------------------------------------

EXTRA_TYPES = [pa.int8(), pa.int64(), pa.uint64(), pa.float32(), pa.float64(), pa.bool_()]


def extra_pairs(op: B) -> list[tuple[pa.DataType, pa.DataType]]:
    return [(ta, tb) for ta in EXTRA_TYPES for tb in EXTRA_TYPES if supports(op, ta, tb)]


def shift_amounts(t: pa.DataType, n: int) -> list:
    """Mostly in-range shift amounts, some at or past the width, negative ones."""
    if pa.types.is_boolean(t):
        return [i % 3 == 0 for i in range(n)]
    lo, hi = int_range(t)
    vals = [0, 1, 3, 7, 31, 32, 33, 63, 64, 65, 200, hi]
    if lo < 0:
        vals += [-1, -33, lo]
    vals = [v for v in vals if lo <= v <= hi]
    return [vals[i % len(vals)] for i in range(n)]


@pytest.mark.parametrize("op", EXTRA + NULL_AWARE, ids=lambda o: o.name)
def test_extra_operators_column_column(op):
    for ta, tb in extra_pairs(op):
        a = make_array(ta, seed=3, null_every=5, offset=3)
        if op in SHIFTS and not pa.types.is_boolean(tb):
            vals = shift_amounts(tb, N)
            b = pa.array([None if i % 7 == 2 else v for i, v in enumerate(vals)], tb)
        else:
            b = make_array(tb, seed=4, null_every=7)
        out = natural_output(op, ta, tb)
        assert_form("cc", plc.Column.from_arrow(a), a.to_pylist(), b.to_pylist(), ta, tb, op, out)


@pytest.mark.parametrize("op", EXTRA + NULL_AWARE, ids=lambda o: o.name)
@pytest.mark.parametrize("scalar_side", ["rhs", "lhs"])
def test_extra_operators_with_scalars(op, scalar_side):
    """Scalars of every value kind, the null scalar included (null-aware operators treat it
    as a null operand, the others give all nulls)."""
    form = "cs" if scalar_side == "rhs" else "sc"
    for ta, tb in extra_pairs(op):
        col_type, sc_type = (ta, tb) if form == "cs" else (tb, ta)
        col = make_array(col_type, seed=5, null_every=4, offset=1)
        values = [*scalar_values(sc_type), None]
        if op in SHIFTS and scalar_side == "rhs" and not pa.types.is_boolean(sc_type):
            values = [*shift_amounts(sc_type, 15)[:15:4], None]
        for value in values:
            out = natural_output(op, ta, tb)
            lhs, col_vals = plc.Column.from_arrow(col), col.to_pylist()
            assert_form(form, lhs, col_vals, [value], col_type, sc_type, op, out, f"{value!r}: ")


@pytest.mark.parametrize(
    "a,ta,op,b,tb,out,expected",
    [
        # PMOD: the remainder made non-negative (for a positive divisor)
        (-7, pa.int32(), B.PMOD, 3, pa.int32(), pa.int32(), 2),
        (7, pa.int32(), B.PMOD, -3, pa.int32(), pa.int32(), 1),
        (-7, pa.int32(), B.PMOD, -3, pa.int32(), pa.int32(), -1),
        (-7.5, pa.float64(), B.PMOD, 2.0, pa.float64(), pa.float64(), 0.5),
        (7.5, pa.float64(), B.PMOD, -2.0, pa.float64(), pa.float64(), 1.5),
        (1, pa.int64(), B.PMOD, 0, pa.int64(), pa.int64(), None),
        (I64_MIN, pa.int64(), B.PMOD, -1, pa.int64(), pa.int64(), 0),
        # INT_POW: in the lhs type, wrapping; negative exponent -> 0
        (3, pa.int64(), B.INT_POW, 4, pa.int64(), pa.int64(), 81),
        (2, pa.int8(), B.INT_POW, 7, pa.int64(), pa.int8(), -128),
        (2, pa.int8(), B.INT_POW, 8, pa.int8(), pa.int8(), 0),
        (3, pa.uint8(), B.INT_POW, 5, pa.uint8(), pa.uint8(), 243),
        (3, pa.int64(), B.INT_POW, 41, pa.int64(), pa.int64(), wrap(3**41, pa.int64())),
        (2, pa.int32(), B.INT_POW, -1, pa.int32(), pa.int32(), 0),
        (0, pa.int32(), B.INT_POW, 0, pa.int32(), pa.int32(), 1),
        (-2, pa.int16(), B.INT_POW, 3, pa.uint64(), pa.int16(), -8),
        (255, pa.uint16(), B.INT_POW, 2, pa.int8(), pa.uint16(), 65025),
        (65535, pa.uint16(), B.INT_POW, 2, pa.int8(), pa.uint16(), 1),
        # LOG_BASE and ATAN2 in float64
        (8, pa.int32(), B.LOG_BASE, 2, pa.int32(), pa.float64(), math.log(8) / math.log(2)),
        (100.0, pa.float64(), B.LOG_BASE, 10.0, pa.float64(), pa.float64(), 2.0),
        (0, pa.int32(), B.LOG_BASE, 2, pa.int32(), pa.float64(), float("-inf")),
        (-1.0, pa.float64(), B.LOG_BASE, 2, pa.int32(), pa.float64(), float("nan")),
        (1.0, pa.float64(), B.ATAN2, 1.0, pa.float64(), pa.float64(), math.pi / 4),
        (0.0, pa.float64(), B.ATAN2, -1.0, pa.float64(), pa.float64(), math.pi),
        (-0.0, pa.float64(), B.ATAN2, -1.0, pa.float64(), pa.float64(), -math.pi),
        (1, pa.int8(), B.ATAN2, 0, pa.int8(), pa.float64(), math.pi / 2),
        # shifts: the promoted lhs type; amounts outside 0..width give 0 (or the sign)
        (1, pa.int8(), B.SHIFT_LEFT, 10, pa.int8(), pa.int32(), 1024),
        (1, pa.int8(), B.SHIFT_LEFT, 10, pa.int8(), pa.int8(), 0),
        (1, pa.int32(), B.SHIFT_LEFT, 31, pa.int32(), pa.int32(), -(2**31)),
        (1, pa.int32(), B.SHIFT_LEFT, 32, pa.int32(), pa.int32(), 0),
        (1, pa.int64(), B.SHIFT_LEFT, 32, pa.int32(), pa.int64(), 2**32),
        (5, pa.int64(), B.SHIFT_LEFT, -1, pa.int64(), pa.int64(), 0),
        (-16, pa.int32(), B.SHIFT_RIGHT, 2, pa.int32(), pa.int32(), -4),
        (-16, pa.int32(), B.SHIFT_RIGHT, 40, pa.int32(), pa.int32(), -1),
        (16, pa.int64(), B.SHIFT_RIGHT, 64, pa.int64(), pa.int64(), 0),
        (2**64 - 1, pa.uint64(), B.SHIFT_RIGHT, 60, pa.int8(), pa.uint64(), 15),
        (-1, pa.int8(), B.SHIFT_RIGHT_UNSIGNED, 1, pa.int8(), pa.int32(), 127),
        (-1, pa.int32(), B.SHIFT_RIGHT_UNSIGNED, 1, pa.int32(), pa.uint32(), 2**31 - 1),
        (-1, pa.int64(), B.SHIFT_RIGHT_UNSIGNED, 63, pa.int64(), pa.int64(), 1),
        (-1, pa.int64(), B.SHIFT_RIGHT_UNSIGNED, 64, pa.int64(), pa.int64(), 0),
        (True, pa.bool_(), B.SHIFT_LEFT, 3, pa.int8(), pa.int32(), 8),
        # bitwise in the common type
        (-1, pa.int8(), B.BITWISE_AND, 255, pa.uint8(), pa.int32(), 255),
        (-1, pa.int8(), B.BITWISE_AND, 2**64 - 1, pa.uint64(), pa.uint64(), 2**64 - 1),
        (12, pa.int32(), B.BITWISE_OR, 3, pa.int32(), pa.int32(), 15),
        (12, pa.int32(), B.BITWISE_XOR, 10, pa.int32(), pa.int32(), 6),
        (True, pa.bool_(), B.BITWISE_XOR, True, pa.bool_(), pa.bool_(), False),
        # logical
        (0.5, pa.float64(), B.LOGICAL_AND, 2, pa.int32(), pa.bool_(), True),
        (float("nan"), pa.float64(), B.LOGICAL_AND, 1, pa.int32(), pa.bool_(), True),
        (0, pa.int32(), B.LOGICAL_OR, 0.0, pa.float32(), pa.bool_(), False),
        (-0.0, pa.float64(), B.LOGICAL_OR, 3, pa.int8(), pa.int32(), 1),
    ],
)
def test_extra_documented_semantics(a, ta, op, b, tb, out, expected):
    assert_documented(a, ta, op, b, tb, out, expected, forms=("cc",))


@pytest.mark.parametrize(
    "op,expected",
    [
        # rows: (1, 1), (1, None), (None, 1), (None, None), (0, 2), (2, 0), (0, None), (None, 0)
        (B.NULL_EQUALS, [True, False, False, True, False, False, False, False]),
        (B.NULL_NOT_EQUALS, [False, True, True, False, True, True, True, True]),
        (B.NULL_MAX, [1, 1, 1, None, 2, 2, 0, 0]),
        (B.NULL_MIN, [1, 1, 1, None, 0, 0, 0, 0]),
        (B.NULL_LOGICAL_AND, [True, None, None, None, False, False, False, False]),
        (B.NULL_LOGICAL_OR, [True, True, True, None, True, True, None, None]),
    ],
    ids=lambda v: v.name if isinstance(v, B) else "",
)
def test_null_aware_truth_table(op, expected):
    a = [1, 1, None, None, 0, 2, 0, None]
    b = [1, None, 1, None, 2, 0, None, 0]
    out = pa.int64() if op in (B.NULL_MAX, B.NULL_MIN) else pa.bool_()
    assert [
        expected_row(op, x, y, pa.int64(), pa.int64(), out) for x, y in zip(a, b, strict=True)
    ] == expected
    lhs = plc.Column.from_arrow(pa.array(a, pa.int64()))
    rhs = plc.Column.from_arrow(pa.array(b, pa.int64()))
    result = run(lhs, rhs, op, out)
    assert result.to_pylist() == expected
    assert result.null_count() == expected.count(None)


def test_null_max_min_nan_follows_the_comparison():
    a = plc.Column.from_arrow(pa.array([float("nan"), 1.0, None], pa.float64()))
    b = plc.Column.from_arrow(pa.array([1.0, float("nan"), float("nan")], pa.float64()))
    got = run(a, b, B.NULL_MAX, pa.float64()).to_pylist()
    assert got[0] == 1.0 and math.isnan(got[1]) and math.isnan(got[2])
    got = run(a, b, B.NULL_MIN, pa.float64()).to_pylist()
    assert got[0] == 1.0 and math.isnan(got[1]) and math.isnan(got[2])


@pytest.mark.parametrize("op", EXTRA, ids=lambda o: o.name)
def test_extra_operator_type_rules(op):
    """is_supported_operation agrees with binary_operation on every operand pair."""
    for ta in OPERAND_TYPES:
        for tb in OPERAND_TYPES:
            want = supports(op, ta, tb)
            got = plc.binaryop.is_supported_operation(dt(pa.int64()), dt(ta), dt(tb), op)
            assert got is want, (ta, tb)
            if not want:
                col_a = plc.Column.from_arrow(
                    pa.array([1], ta) if ta != pa.bool_() else pa.array([True])
                )
                col_b = plc.Column.from_arrow(
                    pa.array([1], tb) if tb != pa.bool_() else pa.array([True])
                )
                with pytest.raises(TypeError, match="needs"):
                    plc.binaryop.binary_operation(col_a, col_b, op, dt(pa.int64()))


@pytest.mark.parametrize("op", NULL_AWARE + EXTRA, ids=lambda o: o.name)
def test_extra_operators_on_empty_columns(op):
    ta = pa.int64()
    empty = plc.Column.from_arrow(pa.array([], ta))
    out = natural_output(op, ta, ta)
    assert run(empty, empty, op, out).size() == 0
    null = plc.Scalar.from_arrow(pa.scalar(None, ta))
    assert run(empty, null, op, out).size() == 0


# ---------------------------------------------------------------------------------------
# Supported and unsupported operations
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("op", UNIMPLEMENTED, ids=lambda o: o.name)
def test_unimplemented_operators(op):
    col = plc.Column.from_arrow(pa.array([1, 2, 3], pa.int64()))
    with pytest.raises(NotImplementedError, match="not implemented"):
        plc.binaryop.binary_operation(col, col, op, plc.DataType(T.INT64))
    with pytest.raises(NotImplementedError, match="binary_operation with"):
        plc.binaryop.binary_operation(col, plc.Scalar.from_py(1), op, plc.DataType(T.BOOL8))
    i64 = plc.DataType(T.INT64)
    assert plc.binaryop.is_supported_operation(i64, i64, i64, op) is False


@pytest.mark.parametrize("op", IMPLEMENTED, ids=lambda o: o.name)
def test_is_supported_operation(op):
    for ta in OPERAND_TYPES:
        for tb in OPERAND_TYPES:
            for out in ALL_OUTPUTS:
                assert plc.binaryop.is_supported_operation(dt(out), dt(ta), dt(tb), op) is True
    i32 = plc.DataType(T.INT32)
    for other in (T.STRING, T.TIMESTAMP_DAYS, T.DURATION_SECONDS, T.LIST, T.STRUCT, T.EMPTY):
        assert plc.binaryop.is_supported_operation(i32, plc.DataType(other), i32, op) is False
        assert plc.binaryop.is_supported_operation(i32, i32, plc.DataType(other), op) is False
        assert plc.binaryop.is_supported_operation(plc.DataType(other), i32, i32, op) is False
    dec = plc.DataType(T.DECIMAL64, -2)
    # decimals: ADD and SUB at the common scale (MUL would need scale -4, comparisons BOOL8)
    assert plc.binaryop.is_supported_operation(dec, dec, dec, op) is (op in (B.ADD, B.SUB))
    # the plain integer value of the operator is accepted too
    assert plc.binaryop.is_supported_operation(i32, i32, i32, int(op)) is True


@pytest.mark.parametrize(
    "arr",
    [
        pa.array(["a", "b"]),
        pa.array([1, 2], pa.timestamp("s")),
        pa.array([1, 2], pa.duration("s")),
        pa.array([[1], [2]]),
    ],
    ids=["string", "timestamp", "duration", "list"],
)
def test_non_numeric_operands(arr):
    col = plc.Column.from_arrow(arr)
    num = plc.Column.from_arrow(pa.array([1, 2], pa.int64()))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(col, num, B.ADD, plc.DataType(T.INT64))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(num, col, B.EQUAL, plc.DataType(T.BOOL8))


@pytest.mark.parametrize("out", [T.STRING, T.TIMESTAMP_DAYS, T.DECIMAL32, T.LIST, T.EMPTY])
def test_non_numeric_output(out):
    col = plc.Column.from_arrow(pa.array([1, 2], pa.int64()))
    with pytest.raises(TypeError, match="output type"):
        plc.binaryop.binary_operation(col, col, B.ADD, plc.DataType(out))


def test_unequal_lengths():
    a = plc.Column.from_arrow(pa.array([1, 2, 3]))
    b = plc.Column.from_arrow(pa.array([1, 2]))
    with pytest.raises(ValueError, match="equal length"):
        plc.binaryop.binary_operation(a, b, B.ADD, plc.DataType(T.INT64))


def test_runs_on_gpu_without_fallback():
    if not runs_on_gpu():
        pytest.skip("needs a GPU")
    ferrodf.reset_host_fallbacks()
    col = plc.Column.from_arrow(pa.array([1, None, 3], pa.int32()))
    for op in IMPLEMENTED + EXTRA + NULL_AWARE:
        run(col, col, op, pa.float64())
    assert ferrodf.host_fallbacks() == {}


# ---------------------------------------------------------------------------------------
# Property test
# ---------------------------------------------------------------------------------------


def _values_of(t: pa.DataType):
    if pa.types.is_boolean(t):
        return st.booleans()
    if pa.types.is_floating(t):
        width = 32 if t == pa.float32() else 64
        return st.floats(width=width, allow_nan=True, allow_infinity=True)
    lo, hi = int_range(t)
    return st.integers(lo, hi)


@st.composite
def binary_case(draw):
    ta, tb, out = (
        draw(st.sampled_from(OPERAND_TYPES)),
        draw(st.sampled_from(OPERAND_TYPES)),
        draw(st.sampled_from(ALL_OUTPUTS)),
    )
    op = draw(st.sampled_from(IMPLEMENTED))
    n = draw(st.integers(0, 40))
    a = draw(st.lists(st.one_of(st.none(), _values_of(ta)), min_size=n, max_size=n))
    b = draw(
        st.lists(
            st.one_of(
                st.none(), _values_of(tb), st.just(0) if kind(tb) != Kind.BOOL else st.just(False)
            ),
            min_size=n,
            max_size=n,
        )
    )
    offset = draw(st.integers(0, 9))
    form = draw(st.sampled_from(["cc", "cs", "sc"]))
    return ta, tb, out, op, a, b, offset, form


@given(binary_case())
def test_property_matches_oracle(case):
    ta, tb, out, op, a, b, offset, form = case
    lhs = plc.Column.from_arrow(pa.array([None] * offset + a, ta).slice(offset))
    assert_form(form, lhs, a, b, ta, tb, op, out)


@st.composite
def extra_case(draw):
    op = draw(st.sampled_from(EXTRA + NULL_AWARE))
    ta, tb = draw(st.sampled_from(extra_pairs(op)))
    n = draw(st.integers(0, 40))
    b_values = st.integers(-2, 70) if op in SHIFTS and kind(tb) == Kind.INT else _values_of(tb)
    if kind(tb) == Kind.INT:
        lo, hi = int_range(tb)
        b_values = b_values.filter(lambda v: lo <= v <= hi)
    a = draw(st.lists(st.one_of(st.none(), _values_of(ta)), min_size=n, max_size=n))
    b = draw(st.lists(st.one_of(st.none(), b_values), min_size=n, max_size=n))
    offset = draw(st.integers(0, 9))
    form = draw(st.sampled_from(["cc", "cs", "sc"]))
    return ta, tb, op, a, b, offset, form


@given(extra_case())
def test_property_extra_operators_match_oracle(case):
    ta, tb, op, a, b, offset, form = case
    # the scalar (of type tb) on the left: only where the swapped pair is supported
    if form == "sc" and not supports(op, tb, ta):
        return
    out = natural_output(op, tb, ta) if form == "sc" else natural_output(op, ta, tb)
    lhs = plc.Column.from_arrow(pa.array([None] * offset + a, ta).slice(offset))
    assert_form(form, lhs, a, b, ta, tb, op, out)


# ---------------------------------------------------------------------------------------
# STRING operands: comparisons (BOOL8), NULL_EQUALS/NOT_EQUALS, NULL_MAX/MIN (STRING)
# ---------------------------------------------------------------------------------------

STRING_VALUES = ["", "a", "ab", "b", "abc", "é", "e\u0301", "日本", "Z", "a\x00", None, "ab"]


def string_expected(op: B, a, b):
    lv, rv = a is not None, b is not None
    if op in (B.NULL_EQUALS, B.NULL_NOT_EQUALS):
        eq = a.encode() == b.encode() if lv and rv else lv == rv
        return eq == (op == B.NULL_EQUALS)
    if op in (B.NULL_MAX, B.NULL_MIN):
        if not lv or not rv:
            return a if lv else b
        x, y = a.encode(), b.encode()
        return a if (x > y if op == B.NULL_MAX else x < y) else b
    if not (lv and rv):
        return None
    return COMPARE[op](a.encode(), b.encode())


STRING_OPS = [*COMPARISONS, B.NULL_EQUALS, B.NULL_NOT_EQUALS, B.NULL_MAX, B.NULL_MIN]


@pytest.mark.parametrize("op", STRING_OPS, ids=lambda o: o.name)
@pytest.mark.parametrize("t", [pa.string(), pa.large_string()], ids=type_id)
def test_string_operands(op, t):
    out = pa.string() if op in (B.NULL_MAX, B.NULL_MIN) else pa.bool_()
    a = STRING_VALUES * 3
    b = [STRING_VALUES[(i * 5) % len(STRING_VALUES)] for i in range(len(a))]
    la = pa.array(["pad", "pad", *a], t).slice(2)
    lb = pa.array(b, t)
    got = run(plc.Column.from_arrow(la), plc.Column.from_arrow(lb), op, out)
    expected = [string_expected(op, x, y) for x, y in zip(a, b, strict=True)]
    assert got.to_pylist() == expected
    assert got.null_count() == expected.count(None)
    for value in ["ab", "", "日本", None]:
        s = plc.Scalar.from_arrow(pa.scalar(value, t))
        got = run(plc.Column.from_arrow(la), s, op, out).to_pylist()
        assert got == [string_expected(op, x, value) for x in a], value
        got = run(s, plc.Column.from_arrow(lb), op, out).to_pylist()
        assert got == [string_expected(op, value, y) for y in b], value


def test_string_operand_errors():
    s = plc.Column.from_arrow(pa.array(["a", "b"]))
    i = plc.Column.from_arrow(pa.array([1, 2]))
    with pytest.raises(NotImplementedError, match="STRING operands"):
        plc.binaryop.binary_operation(s, s, B.ADD, plc.DataType(T.STRING))
    with pytest.raises(TypeError, match="BOOL8"):
        plc.binaryop.binary_operation(s, s, B.EQUAL, plc.DataType(T.INT32))
    with pytest.raises(TypeError, match="STRING"):
        plc.binaryop.binary_operation(s, s, B.NULL_MAX, plc.DataType(T.BOOL8))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(s, i, B.LESS, plc.DataType(T.BOOL8))
    st_, b8 = plc.DataType(T.STRING), plc.DataType(T.BOOL8)
    assert plc.binaryop.is_supported_operation(b8, st_, st_, B.LESS) is True
    assert plc.binaryop.is_supported_operation(st_, st_, st_, B.NULL_MIN) is True
    assert plc.binaryop.is_supported_operation(b8, st_, st_, B.NULL_MIN) is False
    assert plc.binaryop.is_supported_operation(st_, st_, st_, B.ADD) is False


# ---------------------------------------------------------------------------------------
# Timestamps and durations: ADD, SUB, comparisons (composed from integer operations)
# ---------------------------------------------------------------------------------------

NS_PER_TICK = {"D": 86_400 * 10**9, "s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1}


def time_type(kind: str, unit: str) -> pa.DataType:
    if kind == "T":
        return pa.date32() if unit == "D" else pa.timestamp(unit)
    return pa.duration(unit) if unit != "D" else None


def time_array(t: pa.DataType, ints: list) -> pa.Array:
    storage = pa.int32() if t == pa.date32() else pa.int64()
    return pa.array(ints, storage).view(t)


def ticks_of(arr: pa.Array) -> list:
    storage = pa.int32() if arr.type in (pa.date32(),) else pa.int64()
    return arr.view(storage).to_pylist()


TIME_CASES = [
    # (lhs kind, lhs unit, op, rhs kind, rhs unit, out kind, out unit)
    ("T", "s", B.ADD, "D", "ms", "T", "ms"),
    ("D", "s", B.ADD, "T", "s", "T", "ns"),
    ("T", "D", B.ADD, "D", "s", "T", "s"),
    ("T", "D", B.SUB, "T", "D", "D", "s"),
    ("T", "ms", B.SUB, "T", "s", "D", "ms"),
    ("T", "us", B.SUB, "D", "us", "T", "us"),
    ("D", "ms", B.SUB, "D", "ns", "D", "ns"),
    ("D", "s", B.ADD, "D", "s", "D", "s"),
    ("T", "s", B.NULL_MAX, "T", "ms", "T", "ms"),
    ("D", "ns", B.NULL_MIN, "D", "us", "D", "ns"),
]


@pytest.mark.parametrize("case", TIME_CASES, ids=lambda c: "".join(map(str, c)).replace("B.", ""))
def test_time_arithmetic(case):
    lk, lu, op, rk, ru, ok_, ou = case
    lt, rt, ot = time_type(lk, lu), time_type(rk, ru), time_type(ok_, ou)
    a = [0, 1, -1, 3, None, 17, 1000, -20000] * 2
    b = [5, None, 2, -7, 1, 0, 86_399, 12] * 2
    la, lb = time_array(lt, a).slice(1), time_array(rt, b).slice(1)
    unit = min(NS_PER_TICK[lu], NS_PER_TICK[ru])

    def expect(x, y):
        if op in (B.NULL_MAX, B.NULL_MIN):
            if x is None and y is None:
                return None
            xs = None if x is None else x * (NS_PER_TICK[lu] // unit)
            ys = None if y is None else y * (NS_PER_TICK[ru] // unit)
            pick = max if op == B.NULL_MAX else min
            r = pick(v for v in (xs, ys) if v is not None)
            return r * (unit // NS_PER_TICK[ou])
        if x is None or y is None:
            return None
        xs, ys = x * (NS_PER_TICK[lu] // unit), y * (NS_PER_TICK[ru] // unit)
        r = xs + ys if op == B.ADD else xs - ys
        r *= unit // NS_PER_TICK[ou]
        return wrap(r, pa.int32() if ou == "D" else pa.int64())

    got = run(plc.Column.from_arrow(la), plc.Column.from_arrow(lb), op, ot)
    assert ticks_of(got.to_arrow()) == [expect(x, y) for x, y in zip(a[1:], b[1:], strict=True)]
    for value in (4, None):
        s = plc.Scalar.from_arrow(time_array(rt, [value])[0])
        got = run(plc.Column.from_arrow(la), s, op, ot)
        assert ticks_of(got.to_arrow()) == [expect(x, value) for x in a[1:]]


@pytest.mark.parametrize(
    "lt,rt",
    [
        (pa.timestamp("s"), pa.timestamp("ms")),
        (pa.date32(), pa.timestamp("s")),
        (pa.duration("us"), pa.duration("us")),
    ],
    ids=type_id,
)
@pytest.mark.parametrize(
    "op", [*COMPARISONS, B.NULL_EQUALS, B.NULL_NOT_EQUALS], ids=lambda o: o.name
)
def test_time_comparisons(lt, rt, op):
    lu = "D" if lt == pa.date32() else lt.unit
    ru = "D" if rt == pa.date32() else rt.unit
    a = [0, 1, None, 2, -3, 5, None, 86_400]
    b = [0, 1000, 3, None, -3000, 4999, None, 1]
    la, lb = time_array(lt, a), time_array(rt, b)
    unit = min(NS_PER_TICK[lu], NS_PER_TICK[ru])
    xs = [None if x is None else x * NS_PER_TICK[lu] // unit for x in a]
    ys = [None if y is None else y * NS_PER_TICK[ru] // unit for y in b]
    expected = [
        expected_row(op, x, y, pa.int64(), pa.int64(), pa.bool_())
        for x, y in zip(xs, ys, strict=True)
    ]
    got = run(plc.Column.from_arrow(la), plc.Column.from_arrow(lb), op, pa.bool_())
    assert got.to_pylist() == expected


def test_time_operation_errors():
    ts = plc.Column.from_arrow(time_array(pa.timestamp("ms"), [1, 2]))
    dur = plc.Column.from_arrow(time_array(pa.duration("s"), [1, 2]))
    i64 = plc.Column.from_arrow(pa.array([1, 2]))
    dt_ = plc.DataType.from_arrow
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(ts, ts, B.ADD, dt_(pa.timestamp("ms")))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(ts, dur, B.LESS, plc.DataType(T.BOOL8))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(ts, i64, B.ADD, dt_(pa.timestamp("ms")))
    # a coarser output unit would truncate: not supported, as libcudf
    with pytest.raises(TypeError, match="finer"):
        plc.binaryop.binary_operation(ts, dur, B.ADD, dt_(pa.timestamp("s")))
    with pytest.raises(TypeError, match="duration output"):
        plc.binaryop.binary_operation(ts, ts, B.SUB, dt_(pa.timestamp("ms")))
    ok = plc.binaryop.is_supported_operation
    assert ok(dt_(pa.duration("ms")), dt_(pa.timestamp("ms")), dt_(pa.timestamp("s")), B.SUB)
    assert not ok(dt_(pa.duration("s")), dt_(pa.timestamp("ms")), dt_(pa.timestamp("s")), B.SUB)
    assert ok(plc.DataType(T.BOOL8), dt_(pa.duration("ms")), dt_(pa.duration("s")), B.EQUAL)


# ---------------------------------------------------------------------------------------
# Decimals (DECIMAL32 / DECIMAL64): ADD, SUB, MUL and comparisons
# ---------------------------------------------------------------------------------------


def dec_type(width: int, precision: int, scale: int) -> pa.DataType:
    return {32: pa.decimal32, 64: pa.decimal64}[width](precision, scale)


def dec_array(t: pa.DataType, values: list) -> pa.Array:
    return pa.array([None if v is None else decimal.Decimal(v) for v in values], t)


DEC_A = ["1.25", "-3.5", None, "0", "99.99", "-0.01", "12.34", "7"]
DEC_B = ["0.125", "2", "1.5", None, "-99.999", "0.010", "12.340", "-7.5"]


@pytest.mark.skipif(not hasattr(pa, "decimal32"), reason="needs pyarrow decimal32/64")
@pytest.mark.parametrize("width", [32, 64])
@pytest.mark.parametrize(
    "op",
    [B.ADD, B.SUB, B.MUL, *COMPARISONS, B.NULL_EQUALS, B.NULL_MAX, B.NULL_MIN],
    ids=lambda o: o.name,
)
def test_decimal_operations(width, op):
    ta, tb = dec_type(width, 7, 2), dec_type(width, 8, 3)
    a, b = dec_array(ta, DEC_A), dec_array(tb, DEC_B)
    if op in (B.ADD, B.SUB, B.MUL, B.NULL_MAX, B.NULL_MIN):
        scale = -5 if op == B.MUL else -3
        out = plc.DataType(T.DECIMAL32 if width == 32 else T.DECIMAL64, scale)
    else:
        out = plc.DataType(T.BOOL8)
    got = plc.binaryop.binary_operation(plc.Column.from_arrow(a), plc.Column.from_arrow(b), op, out)
    assert got.type() == out

    def expect(x, y):
        if op == B.NULL_EQUALS:
            return x == y if x is not None and y is not None else (x is None) == (y is None)
        if op in (B.NULL_MAX, B.NULL_MIN):
            valid = [v for v in (x, y) if v is not None]
            return (max if op == B.NULL_MAX else min)(valid) if valid else None
        if x is None or y is None:
            return None
        arithmetic = {B.ADD: operator.add, B.SUB: operator.sub, B.MUL: operator.mul}
        return (arithmetic | COMPARE)[op](x, y)

    expected = [expect(x, y) for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)]
    assert got.to_pylist() == expected
    s = plc.Scalar.from_arrow(pa.scalar(decimal.Decimal("1.5"), tb))
    got = plc.binaryop.binary_operation(plc.Column.from_arrow(a), s, op, out).to_pylist()
    assert got == [expect(x, decimal.Decimal("1.5")) for x in a.to_pylist()]


def assert_decimal_output_errors(col: plc.Column, tid: plc.TypeId, unsupported: list[B]) -> None:
    """The checks every decimal width makes of ``col op col``: the result scale of ``tid``,
    BOOL8 for comparisons, and the operators decimals do not support."""
    with pytest.raises(TypeError, match=tid.name):
        plc.binaryop.binary_operation(col, col, B.ADD, plc.DataType(tid, -3))
    with pytest.raises(TypeError, match="BOOL8"):
        plc.binaryop.binary_operation(col, col, B.LESS, plc.DataType(T.INT32))
    for op in unsupported:
        with pytest.raises(NotImplementedError, match="decimals support"):
            plc.binaryop.binary_operation(col, col, op, plc.DataType(tid, 0))


@pytest.mark.skipif(not hasattr(pa, "decimal32"), reason="needs pyarrow decimal32/64")
def test_decimal_errors():
    d32 = plc.Column.from_arrow(dec_array(pa.decimal32(7, 2), ["1.5"]))
    d64 = plc.Column.from_arrow(dec_array(pa.decimal64(7, 2), ["1.5"]))
    with pytest.raises(NotImplementedError, match="operands"):
        plc.binaryop.binary_operation(d32, d64, B.ADD, plc.DataType(T.DECIMAL64, -2))
    assert_decimal_output_errors(d32, T.DECIMAL32, [B.DIV])


# ---------------------------------------------------------------------------------------
# DECIMAL128: ADD, SUB, MUL, comparisons and the null-aware operators, against
# pyarrow.compute on the same decimal128 arrays
# ---------------------------------------------------------------------------------------

D128_A = ["1.25", "-3.5", None, "0", "99999999999999.99", "-0.01", "12.34", "7", None, "-5e3"]
D128_B = ["0.125", "2", "1.5", None, "-99.999", "0.010", "12.340", "-7.5", None, "1e-3"]
D128_OPS = [B.ADD, B.SUB, B.MUL, *COMPARISONS, *NULL_AWARE[:4]]


def d128(values: list, precision: int, scale: int) -> pa.Array:
    return pa.array(
        [None if v is None else decimal.Decimal(v) for v in values], pa.decimal128(precision, scale)
    )


def d128_oracle(op: B, a, b) -> list:
    """pyarrow.compute's answer for `a op b` (arrays or scalars), as Python values."""
    import pyarrow.compute as pc

    if op in (B.NULL_MAX, B.NULL_MIN):
        # pyarrow needs one type: both sides at the finer scale (exact for these values).
        scale = max(a.type.scale, b.type.scale)
        common = pa.decimal128(38, scale)
        a, b = a.cast(common), b.cast(common)
        f = pc.max_element_wise if op == B.NULL_MAX else pc.min_element_wise
        return f(a, b, skip_nulls=True).to_pylist()
    if op in (B.NULL_EQUALS, B.NULL_NOT_EQUALS):
        both = pc.and_(pc.is_valid(a), pc.is_valid(b))
        eq = pc.if_else(both, pc.equal(a, b), pc.equal(pc.is_null(a), pc.is_null(b)))
        return (eq if op == B.NULL_EQUALS else pc.invert(eq)).to_pylist()
    f = {
        B.ADD: pc.add,
        B.SUB: pc.subtract,
        B.MUL: pc.multiply,
        B.EQUAL: pc.equal,
        B.NOT_EQUAL: pc.not_equal,
        B.LESS: pc.less,
        B.GREATER: pc.greater,
        B.LESS_EQUAL: pc.less_equal,
        B.GREATER_EQUAL: pc.greater_equal,
    }[op]
    return f(a, b).to_pylist()


def d128_output(op: B, sa: int, sb: int) -> plc.DataType:
    """libcudf's result type (scales are pyarrow's, i.e. negated)."""
    if op == B.MUL:
        return plc.DataType(T.DECIMAL128, -(sa + sb))
    if op in (B.ADD, B.SUB, B.NULL_MAX, B.NULL_MIN):
        return plc.DataType(T.DECIMAL128, -max(sa, sb))
    return plc.DataType(T.BOOL8)


@pytest.mark.parametrize("op", D128_OPS, ids=lambda o: o.name)
@pytest.mark.parametrize("layout", ["plain", "sliced", "empty"])
@pytest.mark.parametrize("shape", ["column_column", "column_scalar", "scalar_column"])
def test_decimal128_operations(op, layout, shape):
    a, b = d128(D128_A, 18, 2), d128(D128_B, 18, 3)
    if layout == "sliced":
        a, b = a.slice(1, 8), b.slice(2, 8)
    elif layout == "empty":
        a, b = a.slice(0, 0), b.slice(0, 0)
    out = d128_output(op, 2, 3)
    lhs, rhs = plc.Column.from_arrow(a), plc.Column.from_arrow(b)
    if shape == "column_scalar":
        b = pa.scalar(decimal.Decimal("-1.5"), pa.decimal128(18, 3))
        rhs = plc.Scalar.from_arrow(b)
    elif shape == "scalar_column":
        a = pa.scalar(decimal.Decimal("12.34"), pa.decimal128(18, 2))
        lhs = plc.Scalar.from_arrow(a)
    got = plc.binaryop.binary_operation(lhs, rhs, op, out)
    assert got.type() == out
    expected = d128_oracle(op, a, b)
    assert got.to_pylist() == expected
    assert got.null_count() == sum(v is None for v in expected)


@pytest.mark.parametrize("op", D128_OPS, ids=lambda o: o.name)
def test_decimal128_null_scalar(op):
    col = plc.Column.from_arrow(d128(D128_A, 18, 2))
    null = plc.Scalar.from_arrow(pa.scalar(None, pa.decimal128(18, 2)))
    got = plc.binaryop.binary_operation(col, null, op, d128_output(op, 2, 2))
    typed_null = pa.scalar(None, pa.decimal128(18, 2))
    assert got.to_pylist() == d128_oracle(op, d128(D128_A, 18, 2), typed_null)


def test_decimal128_rescaling_and_full_width():
    """Results beyond 64 bits, and operands whose scales differ by 19 digits."""
    big = ["1234567890123456.7", "-9999999999999999.9", None, "1", "0.1"]
    small = ["0.00000000000000000001", "-1.23456789012345678901", "5", None, "0.1"]
    a, b = d128(big, 27, 1), d128(small, 21, 20)
    ops = {
        B.ADD: lambda x, y: x + y,
        B.SUB: lambda x, y: x - y,
        B.EQUAL: lambda x, y: x == y,
        B.LESS: lambda x, y: x < y,
        B.GREATER_EQUAL: lambda x, y: x >= y,
        B.NULL_MAX: max,
    }
    for op, f in ops.items():
        got = plc.binaryop.binary_operation(
            plc.Column.from_arrow(a), plc.Column.from_arrow(b), op, d128_output(op, 1, 20)
        )
        # pyarrow would need precision 46 here; Python's decimal is exact at 60 digits.
        with decimal.localcontext(decimal.Context(prec=60)):
            expected = [
                (x if y is None else y)
                if op == B.NULL_MAX and None in (x, y)
                else None
                if x is None or y is None
                else f(x, y)
                for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
            ]
            assert got.to_pylist() == expected


def test_decimal128_arithmetic_wraps_like_libcudf():
    """libcudf's fixed_point<__int128_t> wraps on overflow; the precision is not checked."""

    def wrap(v: int) -> int:
        return (v + 2**127) % 2**128 - 2**127

    values = [10**37, -(10**37), 2**126]
    col = plc.Column.from_arrow(
        pa.array([decimal.Decimal(v) for v in values], pa.decimal128(38, 0))
    )
    hundred = plc.Scalar.from_arrow(pa.scalar(decimal.Decimal(100), pa.decimal128(38, 0)))
    got = plc.binaryop.binary_operation(col, hundred, B.MUL, plc.DataType(T.DECIMAL128, 0))
    assert [int(v) for v in got.to_pylist()] == [wrap(v * 100) for v in values]
    got = plc.binaryop.binary_operation(col, col, B.ADD, plc.DataType(T.DECIMAL128, 0))
    assert [int(v) for v in got.to_pylist()] == [wrap(2 * v) for v in values]
    # Rescaling to the finer scale wraps too: 10^37 at scale 0 becomes 10^39 at scale -2.
    cents = plc.Scalar.from_arrow(pa.scalar(decimal.Decimal("0.01"), pa.decimal128(38, 2)))
    got = plc.binaryop.binary_operation(col, cents, B.ADD, plc.DataType(T.DECIMAL128, -2))
    with decimal.localcontext(decimal.Context(prec=60)):
        unscaled = [int(v.scaleb(2)) for v in got.to_pylist()]
    assert unscaled == [wrap(v * 100 + 1) for v in values]


def test_decimal128_errors():
    d128c = plc.Column.from_arrow(d128(["1.5"], 18, 2))
    d64c = plc.Column.from_arrow(pa.array([1], pa.int64()))
    with pytest.raises(NotImplementedError, match="two DECIMAL128"):
        plc.binaryop.binary_operation(d128c, d64c, B.ADD, plc.DataType(T.DECIMAL128, -2))
    if hasattr(pa, "decimal64"):
        d64 = plc.Column.from_arrow(pa.array([decimal.Decimal("1.5")], pa.decimal64(7, 2)))
        with pytest.raises(NotImplementedError, match="width"):
            plc.binaryop.binary_operation(d128c, d64, B.ADD, plc.DataType(T.DECIMAL128, -2))
    assert_decimal_output_errors(
        d128c, T.DECIMAL128, [B.DIV, B.TRUE_DIV, B.MOD, B.POW, B.BITWISE_AND]
    )
    short = plc.Column.from_arrow(d128(["1", "2"], 18, 2))
    with pytest.raises(ValueError, match="equal length"):
        plc.binaryop.binary_operation(d128c, short, B.ADD, plc.DataType(T.DECIMAL128, -2))


@pytest.mark.parametrize("op", [*D128_OPS, B.DIV, B.LOGICAL_AND], ids=lambda o: o.name)
def test_decimal128_is_supported_operation(op):
    a, b = plc.DataType(T.DECIMAL128, -2), plc.DataType(T.DECIMAL128, -3)
    out = d128_output(op, 2, 3)
    supported = op in D128_OPS
    assert plc.binaryop.is_supported_operation(out, a, b, op) is supported
    if supported:
        wrong = plc.DataType(T.INT64) if out.id() == T.BOOL8 else plc.DataType(T.DECIMAL128, 5)
        assert plc.binaryop.is_supported_operation(wrong, a, b, op) is False
    assert plc.binaryop.is_supported_operation(out, a, plc.DataType(T.DECIMAL64, -3), op) is False


def test_decimal128_runs_on_gpu_without_fallback():
    if not runs_on_gpu():
        pytest.skip("needs a GPU")
    ferrodf.reset_host_fallbacks()
    a, b = d128(D128_A, 18, 2), d128(D128_B, 18, 3)
    for op in D128_OPS:
        got = plc.binaryop.binary_operation(
            plc.Column.from_arrow(a), plc.Column.from_arrow(b), op, d128_output(op, 2, 3)
        )
        assert got.to_pylist() == d128_oracle(op, a, b)
    assert ferrodf.host_fallbacks() == {}
