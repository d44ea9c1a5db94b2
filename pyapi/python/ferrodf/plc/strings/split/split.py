"""pylibcudf's ``strings.split.split`` module: literal-delimiter ``split``, ``rsplit``,
``split_record`` and ``rsplit_record`` (an empty delimiter splits at runs of whitespace).
Regular-expression splits are not implemented."""

from __future__ import annotations

from ferrodf._lib.strings import split as _split
from ferrodf._lib.strings import split_record as _split_record


def split(strings_column, delimiter, maxsplit, stream=None, mr=None):
    """A Table whose column j holds token j of every row (null where there is none);
    ``maxsplit <= 0`` splits everywhere."""
    return _split(strings_column, delimiter, maxsplit)


def split_record(strings, delimiter, maxsplit, stream=None, mr=None):
    """A LIST<STRING> column of every row's tokens."""
    return _split_record(strings, delimiter, maxsplit)


def rsplit(strings_column, delimiter, maxsplit, stream=None, mr=None):
    """Like ``split``, with the ``maxsplit`` splits made from the end of each row."""
    return _split(strings_column, delimiter, maxsplit, True)


def rsplit_record(strings, delimiter, maxsplit, stream=None, mr=None):
    """Like ``split_record``, with the ``maxsplit`` splits made from the end of each row."""
    return _split_record(strings, delimiter, maxsplit, True)


__all__ = ["rsplit", "rsplit_record", "split", "split_record"]
