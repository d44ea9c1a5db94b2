"""pylibcudf's ``strings.split.split`` module: literal-delimiter ``split`` and
``split_record`` (an empty delimiter splits at runs of whitespace). No regex, no rsplit."""

from __future__ import annotations

from ferrodf._lib import strings_split as _split
from ferrodf._lib import strings_split_record as _split_record


def split(strings_column, delimiter, maxsplit, stream=None, mr=None):
    """A Table whose column j holds token j of every row (null where there is none);
    ``maxsplit <= 0`` splits everywhere."""
    return _split(strings_column, delimiter, maxsplit)


def split_record(strings, delimiter, maxsplit, stream=None, mr=None):
    """A LIST<STRING> column of every row's tokens."""
    return _split_record(strings, delimiter, maxsplit)


__all__ = ["split", "split_record"]
