"""plc.strings.convert.convert_fixed_point against Python's decimal module."""

from __future__ import annotations

import re
from decimal import Context, Decimal

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from str_helpers import col, sliced, values

import ferrodf.plc as plc

CV = plc.strings.convert.convert_fixed_point
T = plc.types.TypeId
BITS = {T.DECIMAL32: 32, T.DECIMAL64: 64, T.DECIMAL128: 128}
NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
# Exact arithmetic: scaleb rounds to the context's precision (28 digits by default).
EXACT = Context(prec=200)
ROWS = [
    "123",
    "-876",
    "543.2",
    "-0.12",
    "1.239",
    "-1.239",
    "1e3",
    "1.5E-2",
    "+.5",
    "5.",
    "0",
    "-0",
    "000123.4500",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "2147483647",
    "-2147483649",
    "1" + "0" * 40,
    "0" * 50 + "1",
    "0." + "0" * 60 + "1",
    "170141183460469231731687303715884105727",
    "1e999999999999",
    "0e999999999999",
    "1e-999999999999",
    ".",
    "",
    "+",
    "1.2.3",
    "+17E30",
    "12a",
    " 1",
    "1 ",
    "1e",
    "1e+",
    "e5",
    "--1",
    "\u0661\u0662",  # Arabic-Indic digits: not ASCII
    "\uff11\uff12",  # full-width digits
    None,
]
TYPES = [
    (T.DECIMAL32, 0),
    (T.DECIMAL32, -2),
    (T.DECIMAL32, 3),
    (T.DECIMAL64, -2),
    (T.DECIMAL64, 0),
    (T.DECIMAL64, 5),
    (T.DECIMAL128, -10),
    (T.DECIMAL128, -38),
    (T.DECIMAL128, 0),
    (T.DECIMAL128, 2),
]


def py_unscaled(s, scale, bits):
    """The integer a decimal of `scale` in `bits` bits stores for s (truncated toward
    zero), or None: what decimal.Decimal reads, where the row is a plain number."""
    if s is None or not NUMBER.fullmatch(s):
        return None
    d = Decimal(s)
    if d == 0:
        return 0
    if d.adjusted() - scale > 45:  # surely beyond 128 bits
        return None
    if d.adjusted() - scale < -2:  # |value| < 1 unit: truncates to 0
        return 0
    v = int(d.scaleb(-scale, EXACT))
    return v if -(2 ** (bits - 1)) <= v < 2 ** (bits - 1) else None


def as_decimal(v, scale):
    return None if v is None else Decimal(v).scaleb(scale, EXACT)


@pytest.mark.parametrize(("tid", "scale"), TYPES)
def test_to_fixed_point_and_is_fixed_point_vs_decimal(tid, scale):
    t = plc.DataType(tid, scale)
    want = [py_unscaled(s, scale, BITS[tid]) for s in ROWS]
    got = CV.to_fixed_point(col(ROWS), t)
    assert got.type() == t
    assert values(got) == [as_decimal(v, scale) for v in want]
    flags = values(CV.is_fixed_point(col(ROWS), t))
    assert flags == [None if s is None else v is not None for s, v in zip(ROWS, want, strict=True)]
    part = CV.to_fixed_point(sliced(ROWS, 3, 21), t)
    assert values(part) == [as_decimal(v, scale) for v in want[3:21]]


def test_is_fixed_point_defaults_to_decimal64_scale_0():
    want = [None if s is None else py_unscaled(s, 0, 64) is not None for s in ROWS]
    assert values(CV.is_fixed_point(col(ROWS))) == want
    assert values(CV.is_fixed_point(sliced(ROWS, 5, 30))) == want[5:30]


def _decimal128(ints, scale):
    arr = pa.array(
        [None if x is None else Decimal(x).scaleb(scale, EXACT) for x in ints],
        pa.decimal128(38, -scale),
    )
    return plc.Column.from_arrow(arr)


def _via_type(ints, tid, scale):
    """A DECIMAL column of the unscaled ints, parsed from exact text (Arrow's decimal
    types cannot hold every 32/64/128-bit value; the parser is checked above)."""
    return CV.to_fixed_point(col([py_text(v, scale) for v in ints]), plc.DataType(tid, scale))


def py_text(v, scale):
    return None if v is None else format(Decimal(v).scaleb(scale, EXACT), "f")


@pytest.mark.parametrize(
    ("tid", "scale"),
    [
        (T.DECIMAL32, -2),
        (T.DECIMAL64, -5),
        (T.DECIMAL64, 3),
        (T.DECIMAL128, -38),
        (T.DECIMAL128, -3),
    ],
)
def test_from_fixed_point_vs_decimal(tid, scale):
    bits = BITS[tid]
    top = 2 ** (bits - 1)
    ints = [0, 1, -1, 110, -440, 12345, None, top - 1, -top, 10**8, -(10**8)]
    if tid == T.DECIMAL32:
        ints = [v for v in ints if v is None or abs(v) <= 999_999_999]
    c = _via_type(ints, tid, scale)
    assert values(CV.from_fixed_point(c)) == [py_text(v, scale) for v in ints]
    part = plc.copying.slice(c, [2, 8])[0]
    assert values(CV.from_fixed_point(part)) == [py_text(v, scale) for v in ints[2:8]]
    back = CV.to_fixed_point(CV.from_fixed_point(c), plc.DataType(tid, scale))
    assert values(back) == values(c)


def test_from_fixed_point_empty_and_all_null():
    empty = _decimal128([], -2)
    assert CV.from_fixed_point(empty).size() == 0
    assert CV.to_fixed_point(col([]), plc.DataType(T.DECIMAL64, -2)).size() == 0
    assert values(CV.from_fixed_point(_decimal128([None, None], -2))) == [None, None]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-(10**30), 10**30)), max_size=20),
    st.integers(-20, 0),
)
def test_text_round_trip_property(ints, scale):
    c = _decimal128(ints, scale)
    text = CV.from_fixed_point(c)
    assert values(text) == [py_text(v, scale) for v in ints]
    assert values(CV.to_fixed_point(text, plc.DataType(T.DECIMAL128, scale))) == values(c)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text(st.sampled_from("0123456789.+-eE x"), max_size=14))),
    st.sampled_from(TYPES),
)
def test_parse_property_vs_decimal(rows, t):
    tid, scale = t
    want = [as_decimal(py_unscaled(s, scale, BITS[tid]), scale) for s in rows]
    assert values(CV.to_fixed_point(col(rows), plc.DataType(tid, scale))) == want


def test_errors():
    with pytest.raises(TypeError, match="DECIMAL"):
        CV.to_fixed_point(col(["1"]), plc.DataType(T.INT64))
    with pytest.raises(TypeError, match="STRING"):
        CV.to_fixed_point(plc.Column.from_arrow(pa.array([1])), plc.DataType(T.DECIMAL64, 0))
    with pytest.raises(TypeError, match="DECIMAL"):
        CV.is_fixed_point(col(["1"]), plc.DataType(T.FLOAT64))
    with pytest.raises(TypeError, match="DECIMAL"):
        CV.from_fixed_point(plc.Column.from_arrow(pa.array([1.5])))
