"""pylibcudf's ``strings.char_types`` module.

The classes follow Unicode: DECIMAL and DIGIT are category Nd (pyarrow's ``utf8_is_digit``
also takes category No, ``²``, ``½``, ``①``; Python's ``str.isdigit`` takes ``²`` and ``①``),
NUMERIC the N categories, ALPHA the letters (L), SPACE White_Space, UPPER and LOWER the
Uppercase and Lowercase properties. Unlike libcudf, characters past U+FFFF have classes too.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import all_characters_of_type as _all_of_type
from ferrodf._lib.strings import filter_characters_of_type as _filter_of_type
from ferrodf.plc._enums import rust_enum

StringCharacterTypes = rust_enum("StringCharacterTypes", __name__)


def all_characters_of_type(source_strings, types, verify_types, stream=None, mr=None):
    """BOOL8: whether every character of a row (only those of ``verify_types`` unless it
    is ALL_TYPES) is of ``types``; a row with no such character gives False."""
    _order = _stream_order(stream, mr)
    return _all_of_type(source_strings, types, verify_types)


def filter_characters_of_type(
    source_strings, types_to_remove, replacement, types_to_keep, stream=None, mr=None
):
    """Replace by ``replacement`` the characters of ``types_to_remove`` (``types_to_keep``
    ALL_TYPES) or those not of ``types_to_keep`` (``types_to_remove`` ALL_TYPES)."""
    _order = _stream_order(stream, mr)
    return _filter_of_type(source_strings, types_to_remove, replacement, types_to_keep)


__all__ = ["StringCharacterTypes", "all_characters_of_type", "filter_characters_of_type"]
