from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def generate_ngrams(
    input: Column, ngrams: int, separator: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def generate_character_ngrams(
    input: Column, ngrams: int = 2, stream: Any = None, mr: Any = None
) -> Column: ...
def hash_character_ngrams(
    input: Column, ngrams: int = 5, seed: int = 0, stream: Any = None, mr: Any = None
) -> Column: ...
