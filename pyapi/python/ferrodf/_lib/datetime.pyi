# Type stubs for `ferrodf._lib.datetime` (pyapi/src): the bindings of `ferrodf.plc.datetime`.
# Functions that `ferrodf.plc` exposes unchanged are stubbed there and re-exported here.
# `mode`: 0 floor, 1 ceil, 2 round (half to even).

from ferrodf.plc.column import Column
from ferrodf.plc.datetime import RoundingFrequency
from ferrodf.plc.datetime import day_of_year as day_of_year
from ferrodf.plc.datetime import extract_datetime_component as extract_datetime_component

def round(input: Column, freq: RoundingFrequency | int, mode: int) -> Column: ...
