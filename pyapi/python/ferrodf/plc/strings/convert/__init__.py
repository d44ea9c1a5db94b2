"""pylibcudf's ``strings.convert`` package: strings to and from numbers, booleans and
URL encoding.

Where libcudf leaves a malformed row's result undefined, ferrodf makes it null, so
``to_*`` is null exactly where the matching ``is_*`` is False.
"""

from __future__ import annotations

from ferrodf.plc.strings.convert import (
    convert_booleans,
    convert_datetime,
    convert_durations,
    convert_fixed_point,
    convert_floats,
    convert_integers,
    convert_ipv4,
    convert_lists,
    convert_urls,
)

__all__ = [
    "convert_booleans",
    "convert_datetime",
    "convert_durations",
    "convert_fixed_point",
    "convert_floats",
    "convert_integers",
    "convert_ipv4",
    "convert_lists",
    "convert_urls",
]
