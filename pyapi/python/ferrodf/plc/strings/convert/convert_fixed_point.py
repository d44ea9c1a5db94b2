"""pylibcudf's ``strings.convert.convert_fixed_point`` module: decimal strings to and from
DECIMAL32, DECIMAL64 and DECIMAL128.

A row is an optional sign, digits with at most one ``.``, and an optional exponent
(``e``/``E``, optional sign, digits). Its value is truncated toward zero to the type's
scale, as libcudf truncates; a row that is not such a number, or whose value does not fit
the type, is null (libcudf stops at the first other character and does not check
overflow), so ``to_fixed_point`` is null exactly where ``is_fixed_point`` is False.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_fixed_point as _from_fixed_point
from ferrodf._lib.strings import is_fixed_point as _is_fixed_point
from ferrodf._lib.strings import to_fixed_point as _to_fixed_point


def to_fixed_point(input, output_type, stream=None, mr=None):
    """The decimals of ``output_type`` the rows spell, truncated toward zero to its scale."""
    _order = _stream_order(stream, mr)
    return _to_fixed_point(input, output_type)


def from_fixed_point(input, stream=None, mr=None):
    """Every decimal as text: ``[-]integer.fraction`` with ``-scale`` fraction digits, or
    for a scale of zero or more the integer followed by ``scale`` zeros."""
    _order = _stream_order(stream, mr)
    return _from_fixed_point(input)


def is_fixed_point(input, decimal_type=None, stream=None, mr=None):
    """BOOL8: whether each row is a decimal number whose value fits ``decimal_type``
    (DECIMAL64 with scale 0 when None)."""
    _order = _stream_order(stream, mr)
    return _is_fixed_point(input, decimal_type)


__all__ = ["from_fixed_point", "is_fixed_point", "to_fixed_point"]
