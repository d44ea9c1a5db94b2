"""pylibcudf's ``strings.translate`` module.

``translate`` takes a table as Python's ``str.maketrans`` builds it: keys are code points
(or one-character strings), values strings, code points or None (remove). Values may have
several characters, which libcudf does not allow.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import filter_characters as _filter
from ferrodf._lib.strings import translate_strings as _translate
from ferrodf.plc._enums import rust_enum

FilterType = rust_enum("FilterType", __name__)


def _code_point(c, what):
    if isinstance(c, str):
        if len(c) != 1:
            raise ValueError(f"strings.translate: {what} must be one character, got {c!r}")
        return ord(c)
    return int(c)


def translate(input, chars_table, stream=None, mr=None):
    """Every character that is a key of the dict ``chars_table`` replaced by its value."""
    _order = _stream_order(stream, mr)
    keys, values = [], []
    for k, v in chars_table.items():
        keys.append(_code_point(k, "a key"))
        values.append("" if v is None else chr(v) if isinstance(v, int) else str(v))
    return _translate(input, keys, values)


def filter_characters(
    input, characters_to_filter, keep_characters, replacement, stream=None, mr=None
):
    """Keep (``FilterType.KEEP``) only, or remove, the characters inside the inclusive
    ranges of the dict ``characters_to_filter`` (first character: last character); the
    others become ``replacement`` (a string Scalar)."""
    _order = _stream_order(stream, mr)
    ranges = [
        (_code_point(lo, "a range start"), _code_point(hi, "a range end"))
        for lo, hi in characters_to_filter.items()
    ]
    return _filter(input, ranges, keep_characters, replacement)


__all__ = ["FilterType", "filter_characters", "translate"]
