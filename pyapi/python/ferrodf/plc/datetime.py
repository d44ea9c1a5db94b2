"""pylibcudf's ``datetime`` module: timestamp components and rounding (UTC ticks)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.datetime import (
    add_calendrical_months,
    days_in_month,
    extract_quarter,
    is_leap_year,
    last_day_of_month,
)
from ferrodf._lib.datetime import day_of_year as _day_of_year
from ferrodf._lib.datetime import extract_datetime_component as _extract
from ferrodf._lib.datetime import round as _round
from ferrodf.plc._enums import rust_enum

DatetimeComponent = rust_enum("DatetimeComponent", __name__)
RoundingFrequency = rust_enum("RoundingFrequency", __name__)


def extract_datetime_component(input, component, stream=None, mr=None):
    """INT16: ``component`` of every timestamp (MILLISECOND is within the second,
    MICROSECOND within the millisecond, NANOSECOND within the microsecond)."""
    _order = _stream_order(stream, mr)
    return _extract(input, component)


def day_of_year(input, stream=None, mr=None):
    """INT16: the day of the year (1..366) of every timestamp."""
    _order = _stream_order(stream, mr)
    return _day_of_year(input)


def floor_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded down to a multiple of ``freq``."""
    _order = _stream_order(stream, mr)
    return _round(input, freq, 0)


def ceil_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded up to a multiple of ``freq``."""
    _order = _stream_order(stream, mr)
    return _round(input, freq, 1)


def round_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded to the nearest multiple of ``freq`` (halves to even)."""
    _order = _stream_order(stream, mr)
    return _round(input, freq, 2)


__all__ = [
    "DatetimeComponent",
    "RoundingFrequency",
    "add_calendrical_months",
    "days_in_month",
    "extract_quarter",
    "is_leap_year",
    "last_day_of_month",
    "ceil_datetimes",
    "day_of_year",
    "extract_datetime_component",
    "floor_datetimes",
    "round_datetimes",
]
