from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def ngrams_tokenize(
    input: Column,
    ngrams: int,
    delimiter: Scalar,
    separator: Scalar,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
