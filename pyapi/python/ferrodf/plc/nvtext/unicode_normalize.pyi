from enum import IntEnum
from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.table import Table

class UnicodeNormalizationForm(IntEnum):
    NFD = 0
    NFC = 1
    NFKD = 2
    NFKC = 3

class UnicodeNormalizer:
    def __init__(
        self,
        unicode_data: Table,
        form: UnicodeNormalizationForm,
        stream: Any = None,
        mr: Any = None,
    ) -> None: ...
    @property
    def form(self) -> int: ...

def normalize_unicode(
    input: Column,
    normalizer: UnicodeNormalizer,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
