"""plc.strings.convert.convert_durations against a Python reference of libcudf's duration
formats (no library writes them: pandas' Timedelta text differs), and round trips."""

from __future__ import annotations

import re

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from str_helpers import col, sliced, values

import ferrodf.plc as plc

CV = plc.strings.convert.convert_durations
T = plc.types.TypeId
# unit: (plc type, arrow type, ticks a second (0: days), fraction digits)
UNITS = {
    "D": (T.DURATION_DAYS, None, 0, 0),
    "s": (T.DURATION_SECONDS, pa.duration("s"), 1, 0),
    "ms": (T.DURATION_MILLISECONDS, pa.duration("ms"), 1_000, 3),
    "us": (T.DURATION_MICROSECONDS, pa.duration("us"), 1_000_000, 6),
    "ns": (T.DURATION_NANOSECONDS, pa.duration("ns"), 1_000_000_000, 9),
}
FORMATS = [
    "%D days %H:%M:%S",
    "%H:%M:%S",
    "%D %T",
    "%R|%r|%p",
    "%OI%p %OM:%OS %D",
    "%%%D%n%t%S",
    "%S",
]
SPEC = re.compile(r"%(O[HIMS]|[DHIMSpRTr%nt])")


def items(fmt):
    """libcudf's compiled format: ('lit', c), ('sign',) before the first signed field, or
    ('spec', c) with %OS as 's'."""
    out, signed, k = [], False, 0
    for m in SPEC.finditer(fmt):
        out += [("lit", c) for c in fmt[k : m.start()]]
        k = m.end()
        s = m.group(1)
        if s in "%nt":
            out.append(("lit", {"%": "%", "n": "\n", "t": "\t"}[s]))
        elif s.startswith("O"):
            out.append(("spec", "s" if s == "OS" else s[1]))
        else:
            if not signed and s in "DHIMSRT":
                out.append(("sign",))
                signed = True
            out.append(("spec", s))
    out += [("lit", c) for c in fmt[k:]]
    return out


def trunc_div(a, b):
    q = abs(a) // b
    return q if a >= 0 else -q


def py_format(v, unit, fmt):
    """libcudf's from_durations of the value v (ticks of unit)."""
    if v is None:
        return None
    _, _, per_sec, digits = UNITS[unit]
    if per_sec == 0:
        day, hour, minute, second, sub = v, 0, 0, 0, 0
    else:
        secs = trunc_div(v, per_sec)
        day = trunc_div(secs, 86400)
        hour = abs(secs) // 3600 % 24
        minute = abs(secs) // 60 % 60
        second = abs(secs) % 60
        sub = abs(v) % per_sec
    ampm = "PM" if hour >= 12 else "AM"
    text = {
        "D": str(abs(day)),
        "H": f"{hour:02}",
        "I": f"{hour % 12:02}",
        "M": f"{minute:02}",
        "s": f"{second:02}",
        "S": f"{second:02}" + (f".{sub:0{digits}}" if sub else ""),
        "p": ampm,
        "R": f"{hour:02}:{minute:02}",
        "T": f"{hour:02}:{minute:02}:{second:02}",
        "r": f"{hour % 12:02}:{minute:02}:{second:02} {ampm}",
    }
    out = []
    for it in items(fmt):
        if it[0] == "lit":
            out.append(it[1])
        elif it[0] == "sign":
            out.append("-" if v < 0 else "")
        else:
            out.append(text[it[1]])
    return "".join(out)


def py_parse(s, unit, fmt):
    """The ticks of unit that s spells in fmt (None where it does not match or fit)."""
    if s is None:
        return None
    two = r"([0-9]{1,2}+)"
    pats = {
        "D": r"([0-9]{1,18}+)",
        "H": two,
        "I": two,
        "M": two,
        "s": two,
        "S": two + r"(?:\.([0-9]{1,9}+))?",
        "p": "(AM|PM)",
        "R": two + ":" + two,
        "T": two + ":" + two + ":" + two,
        "r": two + ":" + two + ":" + two + " (AM|PM)",
    }
    # One hour field, written by whichever of %H %I %R %T %r comes last; the 24-hour
    # forms ("H") also drop an earlier %p's 12 hours.
    fields = {
        "D": ["D"],
        "H": ["H"],
        "I": ["hour"],
        "M": ["M"],
        "s": ["S"],
        "S": ["S", "f"],
        "p": ["p"],
        "R": ["H", "M"],
        "T": ["H", "M", "S"],
        "r": ["hour", "M", "S", "p"],
    }
    regex, names = "", []
    for it in items(fmt):
        if it[0] == "lit":
            regex += re.escape(it[1])
        elif it[0] == "sign":
            regex += "(-?)"
            names.append("sign")
        else:
            regex += pats[it[1]]
            names += fields[it[1]]
    m = re.fullmatch(regex, s, re.DOTALL)
    if m is None:
        return None
    got = {"D": 0, "hour": 0, "M": 0, "S": 0, "f": 0, "shift": 0, "neg": False}
    for name, g in zip(names, m.groups(), strict=True):
        if name == "sign":
            got["neg"] = g == "-"
        elif name == "p":
            got["shift"] = 12 if g == "PM" else 0
        elif name == "f":
            got["f"] = 0 if g is None else int(g.ljust(9, "0"))
        elif name == "H":
            got["hour"], got["shift"] = int(g), 0
        else:
            got[name] = int(g)
    secs = ((got["D"] * 24 + got["hour"] + got["shift"]) * 60 + got["M"]) * 60 + got["S"]
    ns = secs * 10**9 + got["f"]
    ns = -ns if got["neg"] else ns
    _, _, per_sec, _ = UNITS[unit]
    ticks = trunc_div(ns, 86_400 * 10**9 if per_sec == 0 else 10**9 // per_sec)
    limit = 2**31 if per_sec == 0 else 2**63
    return ticks if -limit <= ticks < limit else None


def dcol(vals, unit):
    tid, at, _, _ = UNITS[unit]
    if at is None:
        c = plc.Column.from_arrow(pa.array(vals, pa.int32()))
        return plc.unary.cast(c, plc.DataType(tid))
    return plc.Column.from_arrow(pa.array(vals, at))


def ticks(c):
    if c.type().id() == T.DURATION_DAYS:  # Arrow has no duration in days
        c = plc.unary.cast(c, plc.DataType(T.INT32))
    a = c.to_arrow()
    if pa.types.is_duration(a.type):
        a = a.cast(pa.int64())
    return [None if x is None else int(x) for x in a.to_pylist()]


VALUES = [
    0,
    1,
    -1,
    59,
    3599,
    86_399,
    86_400,
    -86_401,
    93_784_500,
    -93_784_000,
    123_456_789_012,
    -987_654_321_098,
    2**31 - 1,
    -(2**31),
    None,
    43_200_000,
    46_800_123,
]


@pytest.mark.parametrize("unit", list(UNITS))
@pytest.mark.parametrize("fmt", FORMATS)
def test_from_durations_vs_reference(unit, fmt):
    vals = VALUES if unit != "D" else [v for v in VALUES if v is None or abs(v) < 2**31]
    c = dcol(vals, unit)
    assert values(CV.from_durations(c, fmt)) == [py_format(v, unit, fmt) for v in vals]
    part = plc.copying.slice(c, [3, 12])[0]
    assert values(CV.from_durations(part, fmt)) == [py_format(v, unit, fmt) for v in vals[3:12]]


def test_from_durations_default_format():
    c = dcol([93_784, -3_600, None], "s")
    want = [py_format(v, "s", "%D days %H:%M:%S") for v in [93_784, -3_600, None]]
    assert values(CV.from_durations(c)) == want


ROWS = [
    "1 days 02:03:04",
    "1 days 02:03:04.5",
    "-0 days 00:00:00.000000001",
    "-2 days 23:59:59.999999999",
    "10 days 1:2:3",
    "0 days 00:00:00",
    "1 days 02:03",
    "1 days 02:03:04 ",
    " 1 days 02:03:04",
    "x days 00:00:00",
    "1 days 00:00:00.",
    "1 days 00:00:00.1234567891",
    "+1 days 00:00:00",
    "1 days 123:00:00",
    "99999999999 days 00:00:00",
    "106751 days 23:47:16.854775807",
    "106751 days 23:47:16.854775808",
    "\u0661 days 00:00:00",  # an Arabic-Indic digit
    "",
    None,
]


@pytest.mark.parametrize("unit", list(UNITS))
def test_to_durations_vs_reference(unit):
    fmt = "%D days %H:%M:%S"
    t = plc.DataType(UNITS[unit][0])
    got = CV.to_durations(col(ROWS), t, fmt)
    assert got.type() == t
    assert ticks(got) == [py_parse(s, unit, fmt) for s in ROWS]
    part = CV.to_durations(sliced(ROWS, 2, 15), t, fmt)
    assert ticks(part) == [py_parse(s, unit, fmt) for s in ROWS[2:15]]


@pytest.mark.parametrize("fmt", ["%r", "%I:%M %p", "%p %I:%M", "%R", "%T", "%OH:%OM:%OS"])
def test_to_durations_twelve_hour_and_short_forms(fmt):
    rows = ["01:02:03 PM", "11:59:59 AM", "12:00 PM", "PM 01:30", "13:05", "13:05:06", None]
    rows += ["01:02 XM", "1:2:3", "01:02:03"]
    t = plc.DataType(T.DURATION_SECONDS)
    assert ticks(CV.to_durations(col(rows), t, fmt)) == [py_parse(s, "s", fmt) for s in rows]


@pytest.mark.parametrize("unit", list(UNITS))
@pytest.mark.parametrize("fmt", ["%D days %H:%M:%S", "%H:%M:%S", "%D|%OH|%OM|%S"])
def test_round_trip(unit, fmt):
    vals = VALUES if unit != "D" else [v for v in VALUES if v is None or abs(v) < 2**31]
    if fmt == "%H:%M:%S":  # no days: only values under a day survive
        per_day = 86_400 * UNITS[unit][2] if unit != "D" else 1
        vals = [v for v in vals if v is None or abs(v) < per_day]
    c = dcol(vals, unit)
    back = CV.to_durations(CV.from_durations(c, fmt), plc.DataType(UNITS[unit][0]), fmt)
    assert ticks(back) == vals


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-(2**62), 2**62)), max_size=20),
    st.sampled_from(["s", "ms", "us", "ns"]),
    st.sampled_from(FORMATS),
)
def test_format_and_parse_property(vals, unit, fmt):
    c = dcol(vals, unit)
    text = values(CV.from_durations(c, fmt))
    assert text == [py_format(v, unit, fmt) for v in vals]
    t = plc.DataType(UNITS[unit][0])
    assert ticks(CV.to_durations(col(text), t, fmt)) == [py_parse(s, unit, fmt) for s in text]


def test_empty_and_all_null():
    t = plc.DataType(T.DURATION_SECONDS)
    assert CV.to_durations(col([]), t, "%D").size() == 0
    assert CV.from_durations(dcol([], "s")).size() == 0
    assert values(CV.from_durations(dcol([None, None], "ms"))) == [None, None]


def test_errors():
    t = plc.DataType(T.DURATION_SECONDS)
    with pytest.raises(TypeError, match="DURATION"):
        CV.to_durations(col(["1"]), plc.DataType(T.INT64), "%D")
    with pytest.raises(TypeError, match="STRING"):
        CV.to_durations(plc.Column.from_arrow(pa.array([1])), t, "%D")
    with pytest.raises(TypeError, match="DURATION"):
        CV.from_durations(plc.Column.from_arrow(pa.array([1])))
    for bad in ["", "%", "%Q", "%OX", "%Y"]:
        with pytest.raises(ValueError, match=r"format|specifier"):
            CV.to_durations(col(["1"]), t, bad)
        with pytest.raises(ValueError, match=r"format|specifier"):
            CV.from_durations(dcol([1], "s"), bad)
