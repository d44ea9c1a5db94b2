from enum import IntEnum

class SideType(IntEnum):
    LEFT = 0
    RIGHT = 1
    BOTH = 2
