"""pylibcudf's ``nvtext.normalize`` module: ``normalize_spaces``, and
``CharacterNormalizer`` with ``normalize_characters``."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import CharacterNormalizer
from ferrodf._lib.nvtext import normalize_characters as _normalize_characters
from ferrodf._lib.nvtext import normalize_spaces as _normalize_spaces


def normalize_spaces(input, stream=None, mr=None):
    """Every run of whitespace (characters up to U+0020) becomes one space; leading and
    trailing whitespace is removed. Nulls stay null."""
    _order = _stream_order(stream, mr)
    return _normalize_spaces(input)


def normalize_characters(input, normalizer, stream=None, mr=None):
    """libcudf's BERT-style character normalization of every row by ``normalizer`` (a
    ``CharacterNormalizer``): tab, newline, carriage return and space separators become a
    space, other control and format characters are removed, CJK ideographs and
    punctuation get a space on either side, and with ``do_lower_case`` characters are
    lower-cased and their accents stripped; the normalizer's special tokens (such as
    ``[CLS]``) stay whole. Nulls stay null."""
    _order = _stream_order(stream, mr)
    return _normalize_characters(input, normalizer)


__all__ = ["CharacterNormalizer", "normalize_characters", "normalize_spaces"]
