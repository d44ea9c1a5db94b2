"""pylibcudf's ``nvtext.minhash`` module: ``minhash`` and ``minhash64`` over the character
windows of strings, ``minhash_ngrams`` and ``minhash64_ngrams`` over windows of consecutive
strings of LIST<STRING> rows."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order


def minhash(input, seed, a, b, width, stream=None, mr=None):
    """LIST<UINT32>: for every row and every ``(a[k], b[k])`` (UINT32 Columns), the
    minimum over the row's ``width``-character substrings of libcudf's permutation of the
    substring's MurmurHash3_x86_32 (with ``seed``); empty rows give zeros."""
    _order = _stream_order(stream, mr)
    return _lib.minhash(input, int(seed), a, b, width)


def minhash64(input, seed, a, b, width, stream=None, mr=None):
    """LIST<UINT64>: ``minhash`` with MurmurHash3_x64_128 and UINT64 parameters."""
    _order = _stream_order(stream, mr)
    return _lib.minhash64(input, int(seed), a, b, width)


def minhash_ngrams(input, ngrams, seed, a, b, stream=None, mr=None):
    """LIST<UINT32>: ``minhash`` over the rows of a LIST<STRING> Column, whose windows are
    runs of ``ngrams`` (at least 2) consecutive strings hashed as their bytes one after the
    other (the whole row when it is shorter); empty lists give zeros."""
    _order = _stream_order(stream, mr)
    return _lib.minhash_ngrams(input, ngrams, int(seed), a, b)


def minhash64_ngrams(input, ngrams, seed, a, b, stream=None, mr=None):
    """LIST<UINT64>: ``minhash64`` over the ngram windows of ``minhash_ngrams``."""
    _order = _stream_order(stream, mr)
    return _lib.minhash64_ngrams(input, ngrams, int(seed), a, b)


__all__ = ["minhash", "minhash64", "minhash64_ngrams", "minhash_ngrams"]
