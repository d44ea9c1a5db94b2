"""plc.strings.convert.convert_integers against Python's int() and pyarrow's cast.

Decimal rows are libcudf's grammar (an optional sign, ASCII digits); the oracle is
Python's int() on the rows that match it, with the output type's range from NumPy.
"""

from __future__ import annotations

import re

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import col, sliced, values

import ferrodf.plc as plc

CI = plc.strings.convert.convert_integers
T = plc.types.TypeId
INT_TYPES = {
    T.INT8: np.int8,
    T.INT16: np.int16,
    T.INT32: np.int32,
    T.INT64: np.int64,
    T.UINT8: np.uint8,
    T.UINT16: np.uint16,
    T.UINT32: np.uint32,
    T.UINT64: np.uint64,
}
ROWS = [
    "0",
    "-0",
    "+0",
    "7",
    "+12",
    "-128",
    "-129",
    "127",
    "128",
    "255",
    "256",
    "-1",
    "65535",
    "65536",
    "-32768",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "-99999999999999999999999",
    "000000000000000000000000012",
    "",
    "-",
    "+",
    "+-1",
    "1-",
    " 1",
    "1 ",
    "1_000",
    "12abc",
    "abc",
    "0x1F",
    "1.0",
    "1e3",
    "٣",
    "\uff11\uff12",  # full-width digits
    "日本",
    None,
]
DECIMAL = re.compile(r"[+-]?[0-9]+")


def expected_int(rows, np_type):
    info = np.iinfo(np_type) if np_type is not None else None

    def one(s):
        if s is None or not DECIMAL.fullmatch(s):
            return None
        v = int(s)
        if info is not None and not info.min <= v <= info.max:
            return None
        return v

    return [one(s) for s in rows]


@pytest.mark.parametrize("tid", list(INT_TYPES), ids=lambda t: t.name)
def test_to_integers_vs_python_int(tid):
    got = CI.to_integers(col(ROWS), plc.DataType(tid))
    assert got.type().id() == tid
    assert values(got) == expected_int(ROWS, INT_TYPES[tid])


@pytest.mark.parametrize("tid", list(INT_TYPES), ids=lambda t: t.name)
def test_is_integer_matches_to_integers(tid):
    typed = values(CI.is_integer(col(ROWS), plc.DataType(tid)))
    want = [
        None if s is None else v is not None
        for s, v in zip(ROWS, expected_int(ROWS, INT_TYPES[tid]), strict=True)
    ]
    assert typed == want
    untyped = values(CI.is_integer(col(ROWS)))
    assert untyped == [None if s is None else bool(DECIMAL.fullmatch(s)) for s in ROWS]


def test_to_integers_vs_pyarrow_cast():
    # pyarrow reads no leading '+' and reads 0x hex, and rejects "-0" as unsigned (its value
    # fits, as Python's int() says): compare on the other rows.
    base = [s for s in ROWS if s is not None and not s.startswith("+") and "x" not in s]
    for tid, np_type in INT_TYPES.items():
        rows = [s for s in base if s != "-0" or np.iinfo(np_type).min < 0]
        pa_type = pa.from_numpy_dtype(np_type)
        want = []
        for s in rows:
            try:
                want.append(pc.cast(pa.array([s]), pa_type).to_pylist()[0])
            except pa.ArrowInvalid:
                want.append(None)
        assert values(CI.to_integers(col(rows), plc.DataType(tid))) == want, tid


def test_to_integers_sliced_and_empty():
    got = CI.to_integers(sliced(ROWS, 5, 20), plc.DataType(T.INT64))
    assert values(got) == expected_int(ROWS[5:20], np.int64)
    assert CI.to_integers(col([]), plc.DataType(T.INT32)).size() == 0
    assert values(CI.to_integers(col([None, None]), plc.DataType(T.INT32))) == [None, None]


def test_from_integers_vs_str():
    for np_type in INT_TYPES.values():
        info = np.iinfo(np_type)
        vals = [int(info.min), int(info.max), 0, 1, None, int(info.max) // 3]
        c = plc.Column.from_arrow(pa.array(vals, pa.from_numpy_dtype(np_type)))
        assert values(CI.from_integers(c)) == [None if v is None else str(v) for v in vals]
        # pyarrow's cast writes the same strings
        assert values(CI.from_integers(c)) == pc.cast(c.to_arrow(), pa.string()).to_pylist()
    c = plc.copying.slice(plc.Column.from_arrow(pa.array([1, None, -3, 4], pa.int32())), [1, 3])[0]
    assert values(CI.from_integers(c)) == [None, "-3"]


HEX_ROWS = [
    "0",
    "00",
    "0x",
    "0X1f",
    "0x1F",
    "ff",
    "FF",
    "7f",
    "80",
    "FFFF",
    "10000",
    "FFFFFFFF",
    "100000000",
    "FFFFFFFFFFFFFFFF",
    "1FFFFFFFFFFFFFFFF",
    "123456789abcdef0123",
    "",
    "x1",
    "0x0x1",
    "-1",
    "+1",
    "g",
    "1 ",
    "é",
    None,
]
HEX = re.compile(r"(0[xX])?[0-9a-fA-F]+")


def expected_hex(rows, np_type):
    bits = np.iinfo(np_type).bits

    def one(s):
        if s is None or not HEX.fullmatch(s):
            return None
        v = int(s, 16) % (1 << bits)
        if np.iinfo(np_type).min < 0 and v >= 1 << (bits - 1):
            v -= 1 << bits
        return v

    return [one(s) for s in rows]


@pytest.mark.parametrize("tid", list(INT_TYPES), ids=lambda t: t.name)
def test_hex_to_integers_vs_python_int(tid):
    got = CI.hex_to_integers(col(HEX_ROWS), plc.DataType(tid))
    assert values(got) == expected_hex(HEX_ROWS, INT_TYPES[tid])


def test_is_hex():
    assert values(CI.is_hex(col(HEX_ROWS))) == [
        None if s is None else bool(HEX.fullmatch(s)) for s in HEX_ROWS
    ]
    assert values(CI.is_hex(sliced(HEX_ROWS, 3, 9))) == [
        bool(HEX.fullmatch(s)) for s in HEX_ROWS[3:9]
    ]


def py_hex(v, bits):
    u = v % (1 << bits)
    h = f"{u:X}"
    return h.zfill(len(h) + len(h) % 2)


def test_integers_to_hex_vs_python_format():
    for tid, np_type in INT_TYPES.items():
        info = np.iinfo(np_type)
        vals = [0, 1, 10, 255, 256, 1234, int(info.min), int(info.max), -1, 7, None]
        vals = [v for v in vals if v is None or info.min <= v <= info.max]
        c = plc.Column.from_arrow(pa.array(vals, pa.from_numpy_dtype(np_type)))
        want = [None if v is None else py_hex(v, info.bits) for v in vals]
        assert values(CI.integers_to_hex(c)) == want, tid


def test_hex_round_trip():
    vals = [0, 1, -1, 2**31 - 1, -(2**31), 123456789, None]
    c = plc.Column.from_arrow(pa.array(vals, pa.int32()))
    back = CI.hex_to_integers(CI.integers_to_hex(c), plc.DataType(T.INT32))
    assert values(back) == vals


def test_errors():
    ints = plc.Column.from_arrow(pa.array([1], pa.int32()))
    with pytest.raises(TypeError, match="to_integers: input must be a STRING column"):
        CI.to_integers(ints, plc.DataType(T.INT32))
    with pytest.raises(
        TypeError, match=r"to_integers: expected an integer type \(INT8\.\.UINT64\)"
    ):
        CI.to_integers(col(["1"]), plc.DataType(T.FLOAT64))
    with pytest.raises(
        TypeError, match=r"to_integers: expected an integer type \(INT8\.\.UINT64\)"
    ):
        CI.to_integers(col(["1"]), plc.DataType(T.BOOL8))
    with pytest.raises(TypeError, match=r"is_integer: expected an integer type \(INT8\.\.UINT64\)"):
        CI.is_integer(col(["1"]), plc.DataType(T.STRING))
    with pytest.raises(
        TypeError, match=r"from_integers: expected an integer type \(INT8\.\.UINT64\)"
    ):
        CI.from_integers(col(["1"]))
    with pytest.raises(
        TypeError, match=r"integers_to_hex: expected an integer type \(INT8\.\.UINT64\)"
    ):
        CI.integers_to_hex(plc.Column.from_arrow(pa.array([True])))
    with pytest.raises(
        TypeError, match=r"hex_to_integers: expected an integer type \(INT8\.\.UINT64\)"
    ):
        CI.hex_to_integers(col(["1"]), plc.DataType(T.FLOAT32))
    with pytest.raises(TypeError, match="is_hex: input must be a STRING column"):
        CI.is_hex(ints)
