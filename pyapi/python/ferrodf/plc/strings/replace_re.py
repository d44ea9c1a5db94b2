"""pylibcudf's ``strings.replace_re`` module: regular-expression replacement."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import RegexProgram
from ferrodf._lib.strings import replace_re as _replace_re
from ferrodf._lib.strings import replace_with_backrefs as _backrefs


def replace_re(
    input,
    patterns,
    replacement=None,
    max_replace_count=-1,
    flags=None,
    stream=None,
    mr=None,
):
    """Replace the first ``max_replace_count`` (-1: all) successive matches of
    ``patterns`` (a RegexProgram) in every row by ``replacement`` (a string Scalar,
    inserted literally; the empty string when None).

    pylibcudf's other form, a list of patterns with a Column of replacements, is not
    implemented: call ``replace_re`` once per pattern instead.
    """
    _order = _stream_order(stream, mr)
    from ferrodf import plc

    if isinstance(patterns, list):
        raise NotImplementedError(
            "strings.replace_re.replace_re with a list of patterns is not implemented; "
            "call replace_re once per pattern with a RegexProgram"
        )
    if not isinstance(patterns, RegexProgram):
        raise TypeError(
            "strings.replace_re.replace_re: patterns must be a RegexProgram, got "
            f"{type(patterns).__name__}"
        )
    if replacement is None:
        import pyarrow as pa

        replacement = plc.interop.from_arrow(pa.scalar("", type=pa.string()))
    return _replace_re(input, patterns, replacement, max_replace_count)


def replace_with_backrefs(input, prog, replacement, stream=None, mr=None):
    """Replace every match of ``prog`` by ``replacement`` with ``\\1`` or ``${1}`` filled
    in with the text of capture group 1 (``\\0``: the whole match). On a GPU the DFAs
    find the matches and the capture VM the groups."""
    _order = _stream_order(stream, mr)
    return _backrefs(input, prog, replacement)


__all__ = ["replace_re", "replace_with_backrefs"]
