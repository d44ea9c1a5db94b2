from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class BPEMergePairs:
    def __init__(self, merge_pairs: Column, stream: Any = None, mr: Any = None) -> None: ...

def byte_pair_encoding(
    input: Column,
    merge_pairs: BPEMergePairs,
    separator: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
