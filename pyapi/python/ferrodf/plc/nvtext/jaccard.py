"""pylibcudf's ``nvtext.jaccard`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import jaccard_index as _jaccard_index


def jaccard_index(input1, input2, width, stream=None, mr=None):
    """FLOAT32 Jaccard index of the sets of ``width``-character substrings of the rows of
    the two columns (a row shorter than ``width`` is its own only substring). Compares
    the substrings themselves where libcudf compares their MurmurHash3 values."""
    _order = _stream_order(stream, mr)
    return _jaccard_index(input1, input2, width)


__all__ = ["jaccard_index"]
