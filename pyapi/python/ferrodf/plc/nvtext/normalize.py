"""pylibcudf's ``nvtext.normalize`` module (``normalize_spaces``; ``normalize_characters``
and ``CharacterNormalizer`` are not implemented)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import normalize_spaces as _normalize_spaces


def normalize_spaces(input, stream=None, mr=None):
    """Every run of whitespace (characters up to U+0020) becomes one space; leading and
    trailing whitespace is removed. Nulls stay null."""
    _order = _stream_order(stream, mr)
    return _normalize_spaces(input)


__all__ = ["normalize_spaces"]
