"""pylibcudf's ``strings.contains`` module: regular-expression searches (on the GPU the
pattern runs as a DFA, one thread per row) and SQL ``like``."""

from __future__ import annotations

from ferrodf._lazy import pa
from ferrodf._lib import Column, Scalar
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import like_strings as _like
from ferrodf._lib.strings import regex_search as _search


def contains_re(input, prog, stream=None, mr=None):
    """BOOL8: whether ``prog`` (a RegexProgram) matches anywhere in each row; null rows
    give null."""
    _order = _stream_order(stream, mr)
    return _search(input, prog, 0)


def matches_re(input, prog, stream=None, mr=None):
    """BOOL8: whether ``prog`` matches at the start of each row (``re.match``)."""
    _order = _stream_order(stream, mr)
    return _search(input, prog, 1)


def count_re(input, prog, stream=None, mr=None):
    """INT32: the number of successive non-overlapping matches of ``prog`` in each row."""
    _order = _stream_order(stream, mr)
    return _search(input, prog, 2)


def _string_scalar(v):
    return Scalar.from_arrow(pa.scalar(v, pa.string())) if isinstance(v, str) else v


def like(input, pattern, escape_character=None, stream=None, mr=None):
    """BOOL8: whether each row matches the SQL LIKE ``pattern`` (a str or string Scalar:
    ``%`` any characters, ``_`` one); ``escape_character`` (one character, a str or
    Scalar) makes the next pattern character literal. Null rows give null."""
    _order = _stream_order(stream, mr)
    if isinstance(pattern, Column):
        raise NotImplementedError(
            "strings.contains.like: a Column of patterns (one per row) is not supported; "
            "pass one pattern (str or Scalar)"
        )
    return _like(input, _string_scalar(pattern), _string_scalar(escape_character))


__all__ = ["contains_re", "count_re", "like", "matches_re"]
