"""pylibcudf's ``round`` module."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.round import round as _round
from ferrodf._lib.round import round_decimal as _round_decimal
from ferrodf.plc._enums import rust_enum

RoundingMethod = rust_enum("RoundingMethod", __name__)


def round(source, decimal_places=0, round_method=RoundingMethod.HALF_UP, stream=None, mr=None):
    """Round ``source`` to ``decimal_places`` digits (negative: left of the decimal point).

    HALF_UP rounds halves away from zero, HALF_EVEN to the even neighbour. Integers,
    floats and decimals; decimals get scale ``-decimal_places``.
    """
    _order = _stream_order(stream, mr)
    return _round(source, decimal_places, round_method)


def round_decimal(
    source, decimal_places=0, round_method=RoundingMethod.HALF_UP, stream=None, mr=None
):
    """``round`` restricted to integer and decimal columns (ValueError for other types)."""
    _order = _stream_order(stream, mr)
    return _round_decimal(source, decimal_places, round_method)


__all__ = ["RoundingMethod", "round", "round_decimal"]
