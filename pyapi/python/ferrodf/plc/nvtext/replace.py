"""pylibcudf's ``nvtext.replace`` module."""

from __future__ import annotations

from ferrodf._lib import nvtext as _lib
from ferrodf._lib import stream_order as _stream_order


def replace_tokens(input, targets, replacements, delimiter=None, stream=None, mr=None):
    """Every token equal to a row of ``targets`` replaced by the same row of
    ``replacements`` (or its only row); delimiters are kept."""
    _order = _stream_order(stream, mr)
    return _lib.replace_tokens(input, targets, replacements, delimiter)


def filter_tokens(input, min_token_length, replacement=None, delimiter=None, stream=None, mr=None):
    """Every token of fewer than ``min_token_length`` characters replaced by
    ``replacement`` (None: removed); delimiters are kept."""
    _order = _stream_order(stream, mr)
    return _lib.filter_tokens(input, min_token_length, replacement, delimiter)


__all__ = ["filter_tokens", "replace_tokens"]
