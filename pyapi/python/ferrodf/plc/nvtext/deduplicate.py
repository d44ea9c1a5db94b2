"""pylibcudf's ``nvtext.deduplicate`` module: suffix arrays of a column's bytes and the
repeated substrings found from them (libcudf's tools for deduplicating text corpora).

The text is the column's bytes from its first row to its last, one after the other. A
duplicate is at most 32,767 bytes (longer ones come out as consecutive pieces) and is
narrowed to whole UTF-8 characters where libcudf would cut one. Results are longest
first, equally long ones in byte order (libcudf leaves that order unspecified)."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order


def build_suffix_array(input, min_width, stream=None, mr=None):
    """INT32 Column: the positions ``p`` of the text below ``bytes - min_width + 1`` (all
    of them when ``min_width`` is 0) ordered by the suffixes ``text[p:]``, so that
    ``result[i]`` starts the ``i``-th smallest. ``min_width`` must be below the input's size
    in bytes (ValueError)."""
    _order = _stream_order(stream, mr)
    return _lib.build_suffix_array(input, min_width)


def resolve_duplicates(input, indices, min_width, stream=None, mr=None):
    """STRING Column of the substrings of at least ``min_width`` bytes (more than 8) that
    occur more than once in ``input``'s text, each once, longest first. ``indices`` is the
    suffix array ``build_suffix_array`` returned for ``input``."""
    _order = _stream_order(stream, mr)
    return _lib.resolve_duplicates(input, indices, min_width)


def resolve_duplicates_pair(input1, indices1, input2, indices2, min_width, stream=None, mr=None):
    """STRING Column of the substrings of at least ``min_width`` bytes (more than 8) found
    in both ``input1``'s and ``input2``'s texts, each once, longest first. ``indices1`` and
    ``indices2`` are their suffix arrays from ``build_suffix_array``."""
    _order = _stream_order(stream, mr)
    return _lib.resolve_duplicates_pair(input1, indices1, input2, indices2, min_width)


__all__ = ["build_suffix_array", "resolve_duplicates", "resolve_duplicates_pair"]
