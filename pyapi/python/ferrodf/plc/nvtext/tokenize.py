"""pylibcudf's ``nvtext.tokenize`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import TokenizeVocabulary


def tokenize_scalar(input, delimiter=None, stream=None, mr=None):
    """Every token of every valid row, in row order, as one STRING column. ``delimiter``
    (a STRING Scalar) is a set of delimiter characters; None or empty: whitespace."""
    _order = _stream_order(stream, mr)
    return _lib.tokenize_scalar(input, delimiter)


def tokenize_column(input, delimiters, stream=None, mr=None):
    """Every token of every valid row between occurrences of the ``delimiters`` strings (a
    STRING Column, not empty, without nulls)."""
    _order = _stream_order(stream, mr)
    return _lib.tokenize_column(input, delimiters)


def count_tokens_scalar(input, delimiter=None, stream=None, mr=None):
    """The number of tokens of every row (as ``tokenize_scalar``), INT32; null rows 0."""
    _order = _stream_order(stream, mr)
    return _lib.count_tokens_scalar(input, delimiter)


def count_tokens_column(input, delimiters, stream=None, mr=None):
    """The number of tokens of every row (as ``tokenize_column``), INT32; null rows 0."""
    _order = _stream_order(stream, mr)
    return _lib.count_tokens_column(input, delimiters)


def character_tokenize(input, stream=None, mr=None):
    """Every character of every valid row as its own row."""
    _order = _stream_order(stream, mr)
    return _lib.character_tokenize(input)


def detokenize(input, row_indices, separator=None, stream=None, mr=None):
    """Tokens joined into rows: output row ``r`` holds the valid tokens whose
    ``row_indices`` value is ``r``, in order, joined by ``separator`` (default one space)."""
    _order = _stream_order(stream, mr)
    return _lib.detokenize(input, row_indices, separator)


def tokenize_with_vocabulary(input, vocabulary, delimiter, default_id=-1, stream=None, mr=None):
    """LIST<INT32>: the vocabulary id (row in the vocabulary column) of every token of
    every row, ``default_id`` for unknown tokens; null rows give null rows."""
    _order = _stream_order(stream, mr)
    return _lib.tokenize_with_vocabulary(input, vocabulary, delimiter, default_id)


__all__ = [
    "TokenizeVocabulary",
    "character_tokenize",
    "count_tokens_column",
    "count_tokens_scalar",
    "detokenize",
    "tokenize_column",
    "tokenize_scalar",
    "tokenize_with_vocabulary",
]
