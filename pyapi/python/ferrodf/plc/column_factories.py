"""pylibcudf's ``column_factories`` module: empty columns, and fixed-width columns of
``size`` rows with a null mask as a ``MaskState`` says.

libcudf leaves the values (and an ``UNINITIALIZED`` mask) unspecified; ferrodf zeroes
them, so an ``UNINITIALIZED`` mask reads as all null. The buffers are allocated on the
device on the GPU and on the host otherwise.
"""

from __future__ import annotations

from ferrodf._lib.column_factories import (
    make_duration_column,
    make_empty_column,
    make_empty_lists_column,
    make_fixed_point_column,
    make_fixed_width_column,
    make_numeric_column,
    make_timestamp_column,
)

__all__ = [
    "make_duration_column",
    "make_empty_column",
    "make_empty_lists_column",
    "make_fixed_point_column",
    "make_fixed_width_column",
    "make_numeric_column",
    "make_timestamp_column",
]
