"""pylibcudf's ``strings.combine`` module: ``concatenate`` (pandas' ``str.cat``),
``join_strings`` and ``join_list_elements``."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import concatenate as _concatenate
from ferrodf._lib.strings import join_list_elements as _join_list_elements
from ferrodf._lib.strings import join_strings as _join_strings
from ferrodf.plc._enums import rust_enum

SeparatorOnNulls = rust_enum("SeparatorOnNulls", __name__)
OutputIfEmptyList = rust_enum("OutputIfEmptyList", __name__)


def concatenate(
    strings_columns,
    separator,
    narep=None,
    col_narep=None,
    separate_nulls=SeparatorOnNulls.YES,
    stream=None,
    mr=None,
):
    """Join the string columns of a Table row by row with ``separator`` (Scalar or Column).

    With a Scalar separator ``narep`` replaces null entries (None: a null entry makes the
    row null). With a Column separator ``narep`` replaces null separator rows and
    ``col_narep`` null entries. ``separate_nulls=NO`` leaves replaced null entries out.
    """
    _order = _stream_order(stream, mr)
    return _concatenate(strings_columns, separator, narep, col_narep, separate_nulls)


def join_strings(input, separator, narep, stream=None, mr=None):
    """One row: the rows of ``input`` joined with ``separator`` (a string Scalar); null rows
    are written as ``narep`` when it is valid, left out when it is null (all left out: a
    null row; an empty input gives an empty column)."""
    _order = _stream_order(stream, mr)
    return _join_strings(input, separator, narep)


def join_list_elements(
    lists_strings_column,
    separator,
    separator_narep,
    string_narep,
    separate_nulls,
    empty_list_policy,
    stream=None,
    mr=None,
):
    """Every list of a LIST<STRING> column joined into one string, as libcudf.

    With a Scalar ``separator``, ``separator_narep`` replaces null elements (and
    ``string_narep`` is ignored); with a Column of per-row separators, ``separator_narep``
    replaces null separators and ``string_narep`` null elements. A null that has no valid
    replacement, and a null list, give a null row. ``separate_nulls=NO``: a replaced null
    element gets no separator before it. A list without a valid element gives ``""``, or
    null with ``OutputIfEmptyList.NULL_ELEMENT``.
    """
    _order = _stream_order(stream, mr)
    return _join_list_elements(
        lists_strings_column,
        separator,
        separator_narep,
        string_narep,
        separate_nulls,
        empty_list_policy,
    )


__all__ = [
    "OutputIfEmptyList",
    "SeparatorOnNulls",
    "concatenate",
    "join_list_elements",
    "join_strings",
]
