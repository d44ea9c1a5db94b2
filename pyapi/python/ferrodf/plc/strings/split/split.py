"""pylibcudf's ``strings.split.split`` module: literal-delimiter ``split``, ``rsplit``,
``split_record`` and ``rsplit_record`` (an empty delimiter splits at runs of whitespace),
and their regular-expression forms ``split_re``, ``rsplit_re``, ``split_record_re`` and
``rsplit_record_re`` (the delimiters are the successive matches of a RegexProgram; on the
GPU the pattern runs as a DFA, one thread per row)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import split as _split
from ferrodf._lib.strings import split_re as _split_re
from ferrodf._lib.strings import split_record as _split_record
from ferrodf._lib.strings import split_record_re as _split_record_re


def split(strings_column, delimiter, maxsplit, stream=None, mr=None):
    """A Table whose column j holds token j of every row (null where there is none);
    ``maxsplit <= 0`` splits everywhere."""
    _order = _stream_order(stream, mr)
    return _split(strings_column, delimiter, maxsplit)


def split_record(strings, delimiter, maxsplit, stream=None, mr=None):
    """A LIST<STRING> column of every row's tokens."""
    _order = _stream_order(stream, mr)
    return _split_record(strings, delimiter, maxsplit)


def rsplit(strings_column, delimiter, maxsplit, stream=None, mr=None):
    """Like ``split``, with the ``maxsplit`` splits made from the end of each row."""
    _order = _stream_order(stream, mr)
    return _split(strings_column, delimiter, maxsplit, True)


def rsplit_record(strings, delimiter, maxsplit, stream=None, mr=None):
    """Like ``split_record``, with the ``maxsplit`` splits made from the end of each row."""
    _order = _stream_order(stream, mr)
    return _split_record(strings, delimiter, maxsplit, True)


def split_re(input, prog, maxsplit, stream=None, mr=None):
    """A Table whose column j holds token j of every row, the tokens being the text
    between the successive matches of ``prog`` (a RegexProgram); after ``maxsplit``
    splits (``<= 0``: no limit) the rest of the row is the last token. Null where a row is
    null or has fewer tokens; an empty row has one empty token. ValueError for an empty
    pattern."""
    _order = _stream_order(stream, mr)
    return _split_re(input, prog, maxsplit)


def rsplit_re(input, prog, maxsplit, stream=None, mr=None):
    """Like ``split_re``, with the ``maxsplit`` splits made at the last matches of each
    row (the rest of the row, at its start, is the first token)."""
    _order = _stream_order(stream, mr)
    return _split_re(input, prog, maxsplit, True)


def split_record_re(input, prog, maxsplit, stream=None, mr=None):
    """Like ``split_re``, with every row's tokens as one LIST<STRING> row."""
    _order = _stream_order(stream, mr)
    return _split_record_re(input, prog, maxsplit)


def rsplit_record_re(input, prog, maxsplit, stream=None, mr=None):
    """Like ``rsplit_re``, with every row's tokens as one LIST<STRING> row."""
    _order = _stream_order(stream, mr)
    return _split_record_re(input, prog, maxsplit, True)


__all__ = [
    "rsplit",
    "rsplit_re",
    "rsplit_record",
    "rsplit_record_re",
    "split",
    "split_re",
    "split_record",
    "split_record_re",
]
