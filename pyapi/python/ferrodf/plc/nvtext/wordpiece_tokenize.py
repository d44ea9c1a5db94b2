"""pylibcudf's ``nvtext.wordpiece_tokenize`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import WordPieceVocabulary


def wordpiece_tokenize(input, vocabulary, max_words_per_row, stream=None, mr=None):
    """LIST<INT32>: the WordPiece token ids of the words (runs of characters other than
    ``' '``) of every row, at most ``max_words_per_row`` words a row (0: all). Each word is
    split greedily into the longest vocabulary entries, continuations written with ``##``;
    a word that cannot be covered (or of 200 bytes or more) is the id of ``[UNK]`` (else
    ``[unk]``, else -1). Null rows give null rows."""
    _order = _stream_order(stream, mr)
    return _lib.wordpiece_tokenize(input, vocabulary, max_words_per_row)


__all__ = ["WordPieceVocabulary", "wordpiece_tokenize"]
