from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

def replace_tokens(
    input: Column,
    targets: Column,
    replacements: Column,
    delimiter: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def filter_tokens(
    input: Column,
    min_token_length: int,
    replacement: Scalar | None = None,
    delimiter: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
