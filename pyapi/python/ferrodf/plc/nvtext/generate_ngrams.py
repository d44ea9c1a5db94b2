"""pylibcudf's ``nvtext.generate_ngrams`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order


def generate_ngrams(input, ngrams, separator, stream=None, mr=None):
    """Every ``ngrams`` consecutive valid, non-empty rows joined by ``separator`` (a STRING
    Scalar). ``ngrams >= 2``; too few such rows is a ValueError (none: empty result)."""
    _order = _stream_order(stream, mr)
    return _lib.generate_ngrams(input, ngrams, separator)


def generate_character_ngrams(input, ngrams=2, stream=None, mr=None):
    """LIST<STRING>: every ``ngrams`` consecutive characters of every row (short or null
    rows give empty lists)."""
    _order = _stream_order(stream, mr)
    return _lib.generate_character_ngrams(input, ngrams)


def hash_character_ngrams(input, ngrams=5, seed=0, stream=None, mr=None):
    """LIST<UINT32>: the MurmurHash3_x86_32 (with ``seed``) of every character ngram of
    every row."""
    _order = _stream_order(stream, mr)
    return _lib.hash_character_ngrams(input, ngrams, seed)


__all__ = ["generate_character_ngrams", "generate_ngrams", "hash_character_ngrams"]
