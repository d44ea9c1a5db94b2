"""pylibcudf's ``strings.convert.convert_lists`` module (host only: NotImplementedError
with ``device='gpu'``)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import format_list_column as _format_list_column


def format_list_column(input, na_rep=None, separators=None, stream=None, mr=None):
    """Every row of a LIST column of strings (any depth) as libcudf writes it: ``[a,b]``,
    ``[]`` for an empty list, ``na_rep`` (None: "") for a null list or string; the three
    ``separators`` (element separator, left and right enclosure) default to ``,`` ``[``
    ``]``. The output has no nulls."""
    _order = _stream_order(stream, mr)
    return _format_list_column(input, na_rep, separators)


__all__ = ["format_list_column"]
