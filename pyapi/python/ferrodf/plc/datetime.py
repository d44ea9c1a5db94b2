"""pylibcudf's ``datetime`` module: timestamp components and rounding (UTC ticks)."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import datetime_day_of_year as _day_of_year
from ferrodf._lib import datetime_extract_component as _extract
from ferrodf._lib import datetime_round as _round


class DatetimeComponent(IntEnum):
    """libcudf's datetime components (WEEKDAY: Monday = 1 .. Sunday = 7)."""

    YEAR = 0
    MONTH = 1
    DAY = 2
    WEEKDAY = 3
    HOUR = 4
    MINUTE = 5
    SECOND = 6
    MILLISECOND = 7
    MICROSECOND = 8
    NANOSECOND = 9


class RoundingFrequency(IntEnum):
    """libcudf's rounding frequencies."""

    DAY = 0
    HOUR = 1
    MINUTE = 2
    SECOND = 3
    MILLISECOND = 4
    MICROSECOND = 5
    NANOSECOND = 6


def extract_datetime_component(input, component, stream=None, mr=None):
    """INT16: ``component`` of every timestamp (MILLISECOND is within the second,
    MICROSECOND within the millisecond, NANOSECOND within the microsecond)."""
    return _extract(input, component)


def day_of_year(input, stream=None, mr=None):
    """INT16: the day of the year (1..366) of every timestamp."""
    return _day_of_year(input)


def floor_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded down to a multiple of ``freq``."""
    return _round(input, freq, 0)


def ceil_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded up to a multiple of ``freq``."""
    return _round(input, freq, 1)


def round_datetimes(input, freq, stream=None, mr=None):
    """Every timestamp rounded to the nearest multiple of ``freq`` (halves to even)."""
    return _round(input, freq, 2)


__all__ = [
    "DatetimeComponent",
    "RoundingFrequency",
    "ceil_datetimes",
    "day_of_year",
    "extract_datetime_component",
    "floor_datetimes",
    "round_datetimes",
]
