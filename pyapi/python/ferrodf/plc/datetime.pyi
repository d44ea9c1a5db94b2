from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class DatetimeComponent(IntEnum):
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
    DAY = 0
    HOUR = 1
    MINUTE = 2
    SECOND = 3
    MILLISECOND = 4
    MICROSECOND = 5
    NANOSECOND = 6

def extract_datetime_component(
    input: Column, component: DatetimeComponent, stream: Any = None, mr: Any = None
) -> Column: ...
def day_of_year(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def add_calendrical_months(
    input: Column, months: Column | Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def is_leap_year(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def last_day_of_month(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def extract_quarter(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def days_in_month(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def floor_datetimes(
    input: Column, freq: RoundingFrequency, stream: Any = None, mr: Any = None
) -> Column: ...

ceil_datetimes = floor_datetimes
round_datetimes = floor_datetimes
