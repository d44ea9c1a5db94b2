"""pylibcudf's ``nvtext.byte_pair_encode`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import BPEMergePairs


def byte_pair_encoding(input, merge_pairs, separator=None, stream=None, mr=None):
    """Every row byte-pair encoded: starting from its characters, the adjacent pieces
    whose ``"left right"`` pair has the smallest rank (row of the merge pairs) merge until
    no adjacent pair is ranked; the pieces are joined by ``separator`` (a single-byte
    STRING Scalar, default one space). Null rows stay null."""
    _order = _stream_order(stream, mr)
    return _lib.byte_pair_encoding(input, merge_pairs, separator)


__all__ = ["BPEMergePairs", "byte_pair_encoding"]
