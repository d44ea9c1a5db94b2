"""pylibcudf's ``traits`` module: libcudf's type traits of a DataType."""

from __future__ import annotations

from ferrodf._lib.traits import (
    is_bit_castable,
    is_boolean,
    is_chrono,
    is_compound,
    is_dictionary,
    is_duration,
    is_equality_comparable,
    is_fixed_point,
    is_fixed_width,
    is_floating_point,
    is_index_type,
    is_integral,
    is_integral_not_bool,
    is_nested,
    is_numeric,
    is_numeric_not_bool,
    is_relationally_comparable,
    is_timestamp,
    is_unsigned,
)

__all__ = [
    "is_bit_castable",
    "is_boolean",
    "is_chrono",
    "is_compound",
    "is_dictionary",
    "is_duration",
    "is_equality_comparable",
    "is_fixed_point",
    "is_fixed_width",
    "is_floating_point",
    "is_index_type",
    "is_integral",
    "is_integral_not_bool",
    "is_nested",
    "is_numeric",
    "is_numeric_not_bool",
    "is_relationally_comparable",
    "is_timestamp",
    "is_unsigned",
]
