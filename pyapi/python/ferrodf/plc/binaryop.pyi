from enum import IntEnum

from ferrodf._lib.binaryop import binary_operation as binary_operation
from ferrodf._lib.binaryop import is_supported_operation as is_supported_operation

class BinaryOperator(IntEnum):
    ADD = 0
    SUB = 1
    MUL = 2
    DIV = 3
    TRUE_DIV = 4
    FLOOR_DIV = 5
    MOD = 6
    PMOD = 7
    PYMOD = 8
    POW = 9
    INT_POW = 10
    LOG_BASE = 11
    ATAN2 = 12
    SHIFT_LEFT = 13
    SHIFT_RIGHT = 14
    SHIFT_RIGHT_UNSIGNED = 15
    BITWISE_AND = 16
    BITWISE_OR = 17
    BITWISE_XOR = 18
    LOGICAL_AND = 19
    LOGICAL_OR = 20
    EQUAL = 21
    NOT_EQUAL = 22
    LESS = 23
    GREATER = 24
    LESS_EQUAL = 25
    GREATER_EQUAL = 26
    NULL_EQUALS = 27
    NULL_NOT_EQUALS = 28
    NULL_MAX = 29
    NULL_MIN = 30
    GENERIC_BINARY = 31
    NULL_LOGICAL_AND = 32
    NULL_LOGICAL_OR = 33
    INVALID_BINARY = 34
