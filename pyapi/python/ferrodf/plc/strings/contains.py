"""pylibcudf's ``strings.contains`` module: regular-expression searches (on the GPU the
pattern runs as a DFA, one thread per row)."""

from __future__ import annotations

from ferrodf._lib.strings import regex_search as _search


def contains_re(input, prog, stream=None, mr=None):
    """BOOL8: whether ``prog`` (a RegexProgram) matches anywhere in each row; null rows
    give null."""
    return _search(input, prog, 0)


def matches_re(input, prog, stream=None, mr=None):
    """BOOL8: whether ``prog`` matches at the start of each row (``re.match``)."""
    return _search(input, prog, 1)


def count_re(input, prog, stream=None, mr=None):
    """INT32: the number of successive non-overlapping matches of ``prog`` in each row."""
    return _search(input, prog, 2)


__all__ = ["contains_re", "count_re", "matches_re"]
