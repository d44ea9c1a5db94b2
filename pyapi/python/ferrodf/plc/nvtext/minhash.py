"""pylibcudf's ``nvtext.minhash`` module (``minhash`` and ``minhash64``; the list-input
``minhash_ngrams`` / ``minhash64_ngrams`` are not implemented)."""

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


__all__ = ["minhash", "minhash64"]
