from typing import Any

from ferrodf.plc.column import Column

class WordPieceVocabulary:
    def __init__(self, vocab: Column, stream: Any = None, mr: Any = None) -> None: ...

def wordpiece_tokenize(
    input: Column,
    vocabulary: WordPieceVocabulary,
    max_words_per_row: int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
