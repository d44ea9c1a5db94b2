"""pylibcudf's ``strings.extract`` module: the capture groups of a regular expression.
On the GPU the match is found by the pattern's DFAs and its groups by a Pike VM, one
thread per row; a pattern too large for the VM is a host fallback (an error in ``gpu``
mode)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import extract as _extract
from ferrodf._lib.strings import extract_all_record as _extract_all_record
from ferrodf._lib.strings import extract_single as _extract_single


def extract(input, prog, stream=None, mr=None):
    """A Table with one STRING column per capture group of ``prog`` (a RegexProgram):
    the text each group captured in the first match of every row, null where the row is
    null, has no match, or the group took no part. ValueError for a pattern without
    capture groups."""
    _order = _stream_order(stream, mr)
    return _extract(input, prog)


def extract_single(input, prog, group, stream=None, mr=None):
    """Column ``group`` (0 is the first capture group) of ``extract``; IndexError when the
    pattern has no such group."""
    _order = _stream_order(stream, mr)
    return _extract_single(input, prog, group)


def extract_all_record(input, prog, stream=None, mr=None):
    """LIST<STRING>: every capture group of every successive match of each row (the
    groups of a match in order, then the next match); an item is null where its group
    took no part, a row is null where the input is null or has no match."""
    _order = _stream_order(stream, mr)
    return _extract_all_record(input, prog)


__all__ = ["extract", "extract_all_record", "extract_single"]
