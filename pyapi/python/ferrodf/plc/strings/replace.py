"""pylibcudf's ``strings.replace`` module: literal ``replace`` (``replace_re``: regex)."""

from __future__ import annotations

from ferrodf._lib.strings import replace as _replace


def replace(input, target, repl, maxrepl=-1, stream=None, mr=None):
    """Replace the first ``maxrepl`` (-1: all) occurrences of ``target`` (a non-empty
    string Scalar) in every row by ``repl``."""
    return _replace(input, target, repl, maxrepl)


__all__ = ["replace"]
