from typing import Any

from ferrodf.plc.column import Column
from ferrodf.plc.scalar import Scalar

class TokenizeVocabulary:
    def __init__(self, vocab: Column, stream: Any = None, mr: Any = None) -> None: ...
    def __len__(self) -> int: ...

def tokenize_scalar(
    input: Column, delimiter: Scalar | None = None, stream: Any = None, mr: Any = None
) -> Column: ...
def tokenize_column(
    input: Column, delimiters: Column, stream: Any = None, mr: Any = None
) -> Column: ...
def count_tokens_scalar(
    input: Column, delimiter: Scalar | None = None, stream: Any = None, mr: Any = None
) -> Column: ...
def count_tokens_column(
    input: Column, delimiters: Column, stream: Any = None, mr: Any = None
) -> Column: ...
def character_tokenize(input: Column, stream: Any = None, mr: Any = None) -> Column: ...
def detokenize(
    input: Column,
    row_indices: Column,
    separator: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def tokenize_with_vocabulary(
    input: Column,
    vocabulary: TokenizeVocabulary,
    delimiter: Scalar,
    default_id: int = -1,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
