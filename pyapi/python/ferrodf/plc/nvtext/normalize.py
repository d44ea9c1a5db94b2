"""pylibcudf's ``nvtext.normalize`` module (``normalize_spaces``; ``normalize_characters``
and ``CharacterNormalizer`` are not implemented)."""

from __future__ import annotations

from ferrodf._lib.nvtext import normalize_spaces as _normalize_spaces


def normalize_spaces(input, stream=None, mr=None):
    """Every run of whitespace (characters up to U+0020) becomes one space; leading and
    trailing whitespace is removed. Nulls stay null."""
    return _normalize_spaces(input)


__all__ = ["normalize_spaces"]
