"""pylibcudf's ``strings.combine`` module: ``concatenate`` (pandas' ``str.cat``)."""

from __future__ import annotations

from ferrodf._lib.strings import concatenate as _concatenate
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
    return _concatenate(strings_columns, separator, narep, col_narep, separate_nulls)


def join_strings(input, separator, narep, stream=None, mr=None):
    """One row: the rows of ``input`` joined with ``separator`` (a string Scalar); null rows
    are written as ``narep`` when it is valid, left out when it is null (all left out: a
    null row; an empty input gives an empty column)."""
    return _join_strings(input, separator, narep)


__all__ = ["OutputIfEmptyList", "SeparatorOnNulls", "concatenate", "join_strings"]
