from enum import IntEnum

from ferrodf.plc.column import Column

class RoundingMethod(IntEnum):
    HALF_UP = 0
    HALF_EVEN = 1

def round(
    source: Column,
    decimal_places: int = 0,
    round_method: RoundingMethod = ...,
    stream: object = None,
    mr: object = None,
) -> Column: ...

round_decimal = round
