from typing import Any

from ferrodf.plc.column import Column

class CharacterNormalizer:
    def __init__(
        self,
        do_lower_case: bool,
        special_tokens: Column,
        stream: Any = None,
        mr: Any = None,
    ) -> None: ...
    @property
    def do_lower_case(self) -> bool: ...

def normalize_spaces(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def normalize_characters(
    input: Column,
    normalizer: CharacterNormalizer,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
