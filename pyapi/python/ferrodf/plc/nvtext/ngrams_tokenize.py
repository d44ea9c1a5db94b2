"""pylibcudf's ``nvtext.ngrams_tokenize`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import ngrams_tokenize as _ngrams_tokenize


def ngrams_tokenize(input, ngrams, delimiter, separator, stream=None, mr=None):
    """The ngrams of the tokens of every row (tokens at the characters of ``delimiter``,
    empty: whitespace; joined by ``separator``), all rows' ngrams in one STRING column."""
    _order = _stream_order(stream, mr)
    return _ngrams_tokenize(input, ngrams, delimiter, separator)


__all__ = ["ngrams_tokenize"]
