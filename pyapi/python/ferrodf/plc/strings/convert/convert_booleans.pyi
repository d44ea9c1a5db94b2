from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def to_booleans(
    input: Column, true_string: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def from_booleans(
    booleans: Column,
    true_string: Scalar,
    false_string: Scalar,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
