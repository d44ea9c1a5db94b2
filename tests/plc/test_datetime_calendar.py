"""plc.datetime's calendar functions (is_leap_year, last_day_of_month, days_in_month,
extract_quarter, add_calendrical_months) and filling.calendrical_month_sequence against
pandas' ``.dt`` accessor and ``DateOffset(months=k)``: every unit, times before 1970, nulls,
sliced inputs, empty columns, and the TypeError/ValueError of bad arguments."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc

D = plc.datetime
UNITS = ["s", "ms", "us", "ns"]
NS = {"s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1}


def stamps(unit: str, n: int = 400, seed: int = 0) -> pa.Array:
    """Random instants between 1700 and 2250 (within int64 nanoseconds), a few month ends,
    February 29ths, and nulls."""
    rng = np.random.default_rng(seed)
    lo = pd.Timestamp("1700-01-01").value // NS[unit] if unit != "ns" else -(2**62)
    hi = pd.Timestamp("2250-01-01").value // NS[unit] if unit != "ns" else 2**62
    values = rng.integers(lo, hi, n).tolist()
    for special in ["2000-02-29", "1900-02-28", "2024-01-31 13:45", "1969-12-31 23:59:59"]:
        values.append(pd.Timestamp(special).value // NS[unit])
    mask = rng.random(len(values)) < 0.1
    return pa.array(values, pa.timestamp(unit), mask=mask)


def days_stamps(n: int = 400, seed: int = 1) -> pa.Array:
    rng = np.random.default_rng(seed)
    values = [*rng.integers(-200_000, 200_000, n).tolist(), 11_016, -25_508, 19_753]
    return pa.array(values, pa.int32(), mask=rng.random(len(values)) < 0.1)


def col(arr: pa.Array) -> plc.Column:
    return plc.Column.from_arrow(arr)


def days_col(arr: pa.Array) -> plc.Column:
    """A TIMESTAMP_DAYS column over the INT32 values of ``arr``."""
    days = col(arr.cast(pa.date32()))
    assert days.type().id() == plc.TypeId.TIMESTAMP_DAYS
    return days


def as_pandas(arr: pa.Array) -> pd.Series:
    return pd.Series(arr.to_pandas(), dtype=f"datetime64[{arr.type.unit}]")


def int_result(c: plc.Column) -> list:
    return c.to_arrow().to_pylist()


def expect_ints(series: pd.Series) -> list:
    return [None if pd.isna(v) else int(v) for v in series]


def leap_years(series: pd.Series) -> list:
    return [None if pd.isna(d) else bool(d.is_leap_year) for d in series]


ORACLES = {
    "is_leap_year": (
        D.is_leap_year,
        lambda s: [None if pd.isna(d) else bool(d.is_leap_year) for d in s],
    ),
    "extract_quarter": (D.extract_quarter, lambda s: expect_ints(s.dt.quarter)),
    "days_in_month": (D.days_in_month, lambda s: expect_ints(s.dt.days_in_month)),
}


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("name", sorted(ORACLES))
@pytest.mark.parametrize("offset", [0, 3])
def test_calendar_facts_match_pandas(unit, name, offset):
    arr = stamps(unit).slice(offset)
    fn, oracle = ORACLES[name]
    got = fn(col(arr))
    assert got.type().id() == (plc.TypeId.BOOL8 if name == "is_leap_year" else plc.TypeId.INT16)
    assert int_result(got) == oracle(as_pandas(arr))


@pytest.mark.parametrize("unit", UNITS)
def test_last_day_of_month_matches_pandas(unit):
    arr = stamps(unit).slice(2)
    got = D.last_day_of_month(col(arr))
    assert got.type().id() == plc.TypeId.TIMESTAMP_DAYS
    s = as_pandas(arr)
    expected = (s.dt.floor("D") + pd.offsets.MonthEnd(0)).dt.date
    assert got.to_arrow().to_pylist() == [None if pd.isna(v) else v for v in expected]


def test_days_unit_matches_the_seconds_unit():
    arr = days_stamps().slice(1)
    days = days_col(arr)
    seconds = col(
        pa.array([None if v is None else v * 86_400 for v in arr.to_pylist()], pa.timestamp("s"))
    )
    for fn in (D.is_leap_year, D.extract_quarter, D.days_in_month, D.last_day_of_month):
        assert fn(days).to_arrow().to_pylist() == fn(seconds).to_arrow().to_pylist(), fn


def ticks(ts: pd.Timestamp, unit: str) -> int:
    """``ts`` as an integer count of ``unit`` (``Timestamp.value`` is nanoseconds and
    overflows outside 1677..2262)."""
    return int(ts.to_datetime64().astype(f"datetime64[{unit}]").astype(np.int64))


def add_months_oracle(arr: pa.Array, months: list) -> list:
    out = []
    for v, k in zip(as_pandas(arr), months, strict=True):
        if pd.isna(v) or k is None:
            out.append(None)
        else:
            out.append(ticks(v + pd.DateOffset(months=k), arr.type.unit))
    return out


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("offset", [0, 5])
def test_add_months_column_matches_pandas(unit, offset):
    arr = stamps(unit, n=200).slice(offset)
    rng = np.random.default_rng(7)
    months = [int(k) for k in rng.integers(-40, 40, len(arr))]
    mask = rng.random(len(arr)) < 0.1
    months_arr = pa.array(months, pa.int16(), mask=mask)
    got = D.add_calendrical_months(col(arr), col(months_arr))
    assert got.type() == col(arr).type()
    expected = add_months_oracle(arr, months_arr.to_pylist())
    assert got.to_arrow().cast(pa.int64()).to_pylist() == expected


@pytest.mark.parametrize(
    ("k", "scalar_type"),
    [
        (k, t)
        for k in (-13, -1, 0, 1, 11, 25)
        for t in (pa.int8(), pa.int32(), pa.uint16(), pa.int64())
        # Negative months need a signed type.
        if k >= 0 or not pa.types.is_unsigned_integer(t)
    ],
)
def test_add_months_scalar_matches_pandas(k, scalar_type):
    arr = stamps("us", n=100)
    got = D.add_calendrical_months(col(arr), plc.Scalar.from_arrow(pa.scalar(k, scalar_type)))
    assert got.to_arrow().cast(pa.int64()).to_pylist() == add_months_oracle(arr, [k] * len(arr))


def test_add_months_to_days_clamps_to_the_month_end():
    arr = days_stamps(n=50)
    got = D.add_calendrical_months(days_col(arr), plc.Scalar.from_arrow(pa.scalar(1, pa.int32())))
    expected = []
    for v in arr.to_pylist():
        if v is None:
            expected.append(None)
        else:
            # A second-resolution Timestamp: +-200,000 days lie outside nanoseconds' range.
            t = pd.Timestamp(np.datetime64(v, "D")).as_unit("s") + pd.DateOffset(months=1)
            expected.append(ticks(t, "D"))
    assert got.to_arrow().cast(pa.int32()).to_pylist() == expected


def test_add_months_null_scalar_gives_all_nulls():
    arr = stamps("s", n=20)
    got = D.add_calendrical_months(col(arr), plc.Scalar.from_arrow(pa.scalar(None, pa.int32())))
    assert got.null_count() == got.size() == len(arr)


def test_empty_columns():
    empty = col(pa.array([], pa.timestamp("ms")))
    for fn in (D.is_leap_year, D.extract_quarter, D.days_in_month, D.last_day_of_month):
        assert fn(empty).size() == 0
    months = col(pa.array([], pa.int32()))
    assert D.add_calendrical_months(empty, months).size() == 0
    init = plc.Scalar.from_arrow(pa.scalar(0, pa.timestamp("s")))
    assert plc.filling.calendrical_month_sequence(0, init, 3).size() == 0


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: D.is_leap_year(col(pa.array([1, 2]))), TypeError, "needs a TIMESTAMP column"),
        (lambda: D.extract_quarter(col(pa.array(["a"]))), TypeError, "needs a TIMESTAMP column"),
        (
            lambda: D.add_calendrical_months(
                col(pa.array([0], pa.timestamp("s"))), col(pa.array([1.5]))
            ),
            TypeError,
            "needs integer months",
        ),
        (
            lambda: D.add_calendrical_months(
                col(pa.array([0, 1], pa.timestamp("s"))), col(pa.array([1], pa.int32()))
            ),
            ValueError,
            "the months column has 1 rows",
        ),
        (
            lambda: D.add_calendrical_months(col(pa.array([0], pa.timestamp("s"))), "1"),
            TypeError,
            "months must be a Column or a Scalar",
        ),
        (
            lambda: plc.filling.calendrical_month_sequence(
                3, plc.Scalar.from_arrow(pa.scalar(1, pa.int64())), 1
            ),
            TypeError,
            "needs a TIMESTAMP scalar",
        ),
        (
            lambda: plc.filling.calendrical_month_sequence(
                3, plc.Scalar.from_arrow(pa.scalar(None, pa.timestamp("s"))), 1
            ),
            ValueError,
            "init must be valid",
        ),
        (
            lambda: plc.filling.calendrical_month_sequence(
                -1, plc.Scalar.from_arrow(pa.scalar(0, pa.timestamp("s"))), 1
            ),
            ValueError,
            "must not be negative",
        ),
    ],
)
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("months", [-7, 1, 3, 12])
def test_calendrical_month_sequence_matches_pandas(unit, months):
    start = pd.Timestamp("2023-01-31 06:30")
    init = plc.Scalar.from_arrow(pa.scalar(start.value // NS[unit], pa.timestamp(unit)))
    got = plc.filling.calendrical_month_sequence(10, init, months)
    expected = [ticks(start + pd.DateOffset(months=months * i), unit) for i in range(10)]
    assert got.to_arrow().cast(pa.int64()).to_pylist() == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(10**10), 10**10), min_size=0, max_size=30),
    st.integers(-600, 600),
)
def test_add_months_property(seconds, k):
    arr = pa.array(seconds, pa.timestamp("s"))
    got = D.add_calendrical_months(col(arr), plc.Scalar.from_arrow(pa.scalar(k, pa.int32())))
    assert got.to_arrow().cast(pa.int64()).to_pylist() == add_months_oracle(arr, [k] * len(arr))
