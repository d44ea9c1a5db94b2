from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column

class LetterType(IntEnum):
    CONSONANT = 0
    VOWEL = 1

def is_letter(
    input: Column,
    check_vowels: bool,
    indices: Column | int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def porter_stemmer_measure(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
