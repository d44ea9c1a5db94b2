"""pylibcudf's ``strings.capitalize`` module.

Characters are upper- and lower-cased with the full Unicode mappings of ``strings.case``
(``ß`` capitalizes to ``SS``; Python's ``str.capitalize`` gives ``Ss`` and pyarrow keeps
``ß``). Words and cased characters follow ``strings.char_types``.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import capitalize_strings as _capitalize
from ferrodf._lib.strings import is_title as _is_title
from ferrodf._lib.strings import title as _title
from ferrodf.plc.strings.char_types import StringCharacterTypes


def capitalize(input, delimiters=None, stream=None, mr=None):
    """The first character of every row upper-cased and the rest lower-cased; with
    ``delimiters`` (a string Scalar) every character right after one of its characters is
    upper-cased too."""
    _order = _stream_order(stream, mr)
    return _capitalize(input, delimiters)


def title(input, sequence_type=StringCharacterTypes.ALPHA, stream=None, mr=None):
    """The first character of every run of ``sequence_type`` characters upper-cased and the
    rest of the run lower-cased; other characters stay."""
    _order = _stream_order(stream, mr)
    return _title(input, sequence_type)


def is_title(input, stream=None, mr=None):
    """BOOL8: whether every row is title-cased (as Python's ``str.istitle``)."""
    _order = _stream_order(stream, mr)
    return _is_title(input)


__all__ = ["capitalize", "is_title", "title"]
