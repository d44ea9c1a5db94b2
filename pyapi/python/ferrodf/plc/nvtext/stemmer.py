"""pylibcudf's ``nvtext.stemmer`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.nvtext import is_letter as _is_letter
from ferrodf._lib.nvtext import porter_stemmer_measure as _porter_stemmer_measure
from ferrodf.plc._enums import rust_enum

LetterType = rust_enum("LetterType", __name__)


def is_letter(input, check_vowels, indices, stream=None, mr=None):
    """BOOL8: whether the character at ``indices`` (an int for all rows or an integer
    Column per row; negative counts from the end) is a vowel (``check_vowels``) or a
    consonant, by Porter's rules; false outside the row."""
    _order = _stream_order(stream, mr)
    return _is_letter(input, check_vowels, indices)


def porter_stemmer_measure(input, stream=None, mr=None):
    """Porter's measure ``m`` of every row (``[C](VC){m}[V]``), INT32."""
    _order = _stream_order(stream, mr)
    return _porter_stemmer_measure(input)


__all__ = ["LetterType", "is_letter", "porter_stemmer_measure"]
