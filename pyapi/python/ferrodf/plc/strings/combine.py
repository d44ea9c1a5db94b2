"""pylibcudf's ``strings.combine`` module: ``concatenate`` (pandas' ``str.cat``)."""

from __future__ import annotations

from enum import IntEnum

from ferrodf._lib import strings_concatenate as _concatenate


class SeparatorOnNulls(IntEnum):
    """Whether replaced null entries keep their separator (libcudf's values)."""

    YES = 0
    NO = 1


class OutputIfEmptyList(IntEnum):
    """libcudf's values (for ``join_list_elements``, which is not implemented)."""

    EMPTY_STRING = 0
    NULL_ELEMENT = 1


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


__all__ = ["OutputIfEmptyList", "SeparatorOnNulls", "concatenate"]
