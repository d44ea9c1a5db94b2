"""plc.datetime against pyarrow.compute (year ... nanosecond, day_of_week, day_of_year,
floor_temporal, ceil_temporal, round_temporal), including times before 1970.

ferrodf, like libcudf and pandas, rounds halves to the even multiple; pyarrow's
round_temporal rounds them up, so ties are checked against a Python oracle instead.
"""

from __future__ import annotations

import datetime

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ferrodf.plc as plc

D = plc.datetime
Comp = D.DatetimeComponent
Freq = D.RoundingFrequency

UNITS = ["s", "ms", "us", "ns"]
PER_SECOND = {"s": 1, "ms": 10**3, "us": 10**6, "ns": 10**9}
# About +-1960 years around 1970 (Python's datetime, used by to_pylist, stops at year 1;
# int64 nanoseconds cover about +-292 years).
LIMIT = {"s": 62 * 10**9, "ms": 62 * 10**12, "us": 62 * 10**15, "ns": 2**62}
PA_COMPONENT = {
    Comp.YEAR: pc.year,
    Comp.MONTH: pc.month,
    Comp.DAY: pc.day,
    Comp.WEEKDAY: lambda a: pc.day_of_week(a, count_from_zero=False, week_start=1),
    Comp.HOUR: pc.hour,
    Comp.MINUTE: pc.minute,
    Comp.SECOND: pc.second,
    Comp.MILLISECOND: pc.millisecond,
    Comp.MICROSECOND: pc.microsecond,
    Comp.NANOSECOND: pc.nanosecond,
}
PA_UNIT = {
    Freq.DAY: "day",
    Freq.HOUR: "hour",
    Freq.MINUTE: "minute",
    Freq.SECOND: "second",
    Freq.MILLISECOND: "millisecond",
    Freq.MICROSECOND: "microsecond",
    Freq.NANOSECOND: "nanosecond",
}
FREQ_NS = {
    Freq.DAY: 86_400 * 10**9,
    Freq.HOUR: 3_600 * 10**9,
    Freq.MINUTE: 60 * 10**9,
    Freq.SECOND: 10**9,
    Freq.MILLISECOND: 10**6,
    Freq.MICROSECOND: 10**3,
    Freq.NANOSECOND: 1,
}


def ticks(unit: str) -> list:
    """Tick values around interesting instants, before and after 1970, with a null."""
    s = PER_SECOND[unit]
    base = [
        0,
        -1,
        1,
        -86_400 * s,
        -86_400 * s - 1,
        951_782_400 * s + 12_345,  # 2000-02-29 (leap day)
        -2_208_988_800 * s + 7,  # 1900-01-01
        1_700_000_000 * s + s // 2 + 3,
        -5_000_000_000 * s - 987,
        4_102_444_799 * s + s - 1,  # 2099-12-31 23:59:59.999...
        None,
    ]
    return [v for v in base if v is None or abs(v) < LIMIT[unit]]


def ts(values, unit: str) -> pa.Array:
    return pa.array(values, pa.timestamp(unit))


def col(arr: pa.Array) -> plc.Column:
    return plc.Column.from_arrow(arr)


def got_values(c: plc.Column, t: pa.DataType) -> list:
    a = c.to_arrow()
    assert a.type == t
    assert c.null_count() == a.null_count
    return a.to_pylist()


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("comp", list(Comp), ids=lambda c: c.name)
def test_extract_vs_pyarrow(unit, comp):
    arr = ts(ticks(unit), unit)
    expected = PA_COMPONENT[comp](arr).to_pylist()
    assert got_values(D.extract_datetime_component(col(arr), comp), pa.int16()) == expected


@pytest.mark.parametrize("unit", UNITS)
def test_day_of_year(unit):
    arr = ts(ticks(unit), unit)
    assert got_values(D.day_of_year(col(arr)), pa.int16()) == pc.day_of_year(arr).to_pylist()


def test_days_unit():
    days = [0, -1, 11_016, -25_567, 2_932_896, None]  # up to 9999-12-31
    arr = pa.array(days, pa.date32())
    for comp in [Comp.YEAR, Comp.MONTH, Comp.DAY, Comp.WEEKDAY]:
        expected = PA_COMPONENT[comp](arr).to_pylist()
        assert D.extract_datetime_component(col(arr), comp).to_arrow().to_pylist() == expected
    for comp in [Comp.HOUR, Comp.SECOND, Comp.NANOSECOND]:
        got = D.extract_datetime_component(col(arr), comp).to_arrow().to_pylist()
        assert got == [0, 0, 0, 0, 0, None]
    assert D.floor_datetimes(col(arr), Freq.DAY).to_arrow().equals(arr)
    assert D.round_datetimes(col(arr), Freq.HOUR).to_arrow().equals(arr)


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("freq", list(Freq), ids=lambda f: f.name)
def test_floor_ceil_vs_pyarrow(unit, freq):
    arr = ts(ticks(unit), unit)
    t = pa.timestamp(unit)
    unit_name = PA_UNIT[freq]
    floor = pc.floor_temporal(arr, unit=unit_name).to_pylist()
    ceil = pc.ceil_temporal(arr, unit=unit_name).to_pylist()
    assert got_values(D.floor_datetimes(col(arr), freq), t) == floor
    assert got_values(D.ceil_datetimes(col(arr), freq), t) == ceil


def py_round(v, f):
    """Round half to even to a multiple of f (Python integers)."""
    if v is None:
        return None
    q, r = divmod(v, f)
    if 2 * r > f or (2 * r == f and q % 2 == 1):
        q += 1
    return q * f


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("freq", list(Freq), ids=lambda f: f.name)
def test_round(unit, freq):
    vals = ticks(unit)
    f = max(1, FREQ_NS[freq] * PER_SECOND[unit] // 10**9)
    got = D.round_datetimes(col(ts(vals, unit)), freq).to_arrow().cast(pa.int64()).to_pylist()
    assert got == [py_round(v, f) for v in vals]
    # Away from ties pyarrow agrees.
    arr = ts([v for v in vals if v is None or 2 * (v % f) != f], unit)
    expected = pc.round_temporal(arr, unit=PA_UNIT[freq]).to_pylist()
    assert D.round_datetimes(col(arr), freq).to_arrow().to_pylist() == expected


def test_round_ties_to_even():
    arr = ts([30, 90, -30, -90, 150, None], "s")
    got = D.round_datetimes(col(arr), Freq.MINUTE).to_arrow().cast(pa.int64()).to_pylist()
    assert got == [0, 120, 0, -120, 120, None]


def test_sliced_and_empty():
    whole = col(ts(ticks("ms"), "ms"))
    part = plc.copying.slice(whole, [2, 8])[0]
    expected = pc.hour(ts(ticks("ms")[2:8], "ms")).to_pylist()
    assert D.extract_datetime_component(part, Comp.HOUR).to_arrow().to_pylist() == expected
    empty = col(ts([], "ns"))
    assert got_values(D.extract_datetime_component(empty, Comp.YEAR), pa.int16()) == []
    assert got_values(D.ceil_datetimes(empty, Freq.HOUR), pa.timestamp("ns")) == []


def test_errors():
    with pytest.raises(TypeError, match="TIMESTAMP"):
        D.extract_datetime_component(col(pa.array([1, 2])), Comp.YEAR)
    with pytest.raises(TypeError, match="TIMESTAMP"):
        D.floor_datetimes(col(pa.array([1], pa.duration("s"))), Freq.DAY)
    with pytest.raises(ValueError, match="DatetimeComponent"):
        D.extract_datetime_component(col(ts([1], "s")), 42)
    with pytest.raises(ValueError, match="RoundingFrequency"):
        D.round_datetimes(col(ts([1], "s")), 9)
    with pytest.raises(TypeError, match=r"expected a DatetimeComponent \(or its integer"):
        D.extract_datetime_component(col(ts([1], "s")), "year")


@st.composite
def timestamps(draw):
    unit = draw(st.sampled_from(UNITS))
    lim = LIMIT[unit]
    vals = draw(st.lists(st.one_of(st.none(), st.integers(-lim, lim)), max_size=20))
    return unit, vals


@given(timestamps(), st.sampled_from(list(Comp)))
def test_extract_property(tv, comp):
    unit, vals = tv
    arr = ts(vals, unit)
    got = D.extract_datetime_component(col(arr), comp).to_arrow().to_pylist()
    assert got == PA_COMPONENT[comp](arr).to_pylist()
    assert D.day_of_year(col(arr)).to_arrow().to_pylist() == pc.day_of_year(arr).to_pylist()


@given(timestamps(), st.sampled_from(list(Freq)))
def test_rounding_property(tv, freq):
    unit, vals = tv
    arr = ts(vals, unit)
    f = max(1, FREQ_NS[freq] * PER_SECOND[unit] // 10**9)
    c = col(arr)
    as_int = lambda x: x.to_arrow().cast(pa.int64()).to_pylist()  # noqa: E731
    assert as_int(D.floor_datetimes(c, freq)) == [None if v is None else v // f * f for v in vals]
    assert as_int(D.ceil_datetimes(c, freq)) == [
        None if v is None else -(-v // f) * f for v in vals
    ]
    assert as_int(D.round_datetimes(c, freq)) == [py_round(v, f) for v in vals]
    floor = pc.floor_temporal(arr, unit=PA_UNIT[freq]).to_pylist()
    assert D.floor_datetimes(c, freq).to_arrow().to_pylist() == floor


def test_python_datetimes_roundtrip():
    # A known calendar date through Python's datetime as a readable cross-check.
    d = datetime.datetime(1969, 7, 20, 20, 17, 40)
    arr = pa.array([d], pa.timestamp("us"))
    got = [
        D.extract_datetime_component(col(arr), c).to_arrow().to_pylist()[0]
        for c in [Comp.YEAR, Comp.MONTH, Comp.DAY, Comp.WEEKDAY, Comp.HOUR, Comp.MINUTE]
    ]
    assert got == [1969, 7, 20, 7, 20, 17]
