"""pylibcudf's ``strings.convert.convert_durations`` module: strings to and from DURATION
columns with libcudf's duration formats.

Specifiers: ``%D`` days, ``%H`` hours of the day, ``%I`` the hour on a 12-hour clock,
``%M`` minutes, ``%S`` seconds (with ``.`` and 3, 6 or 9 digits when the value has a
fraction), ``%OH %OI %OM %OS`` the same without a sign (``%OS`` without the fraction),
``%p`` ``AM``/``PM``, ``%R`` (``%H:%M``), ``%T`` (``%H:%M:%S``), ``%r``
(``%OI:%OM:%OS %p``), ``%% %n %t``. A negative value writes one ``-`` before the first
signed field. Parsing reads what formatting writes; a row that does not match the whole
format, or whose value does not fit the type, is null (libcudf leaves it undefined).
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_durations as _from_durations
from ferrodf._lib.strings import to_durations as _to_durations


def to_durations(input, duration_type, format, stream=None, mr=None):
    """The durations of ``duration_type`` the rows spell in ``format``, truncated toward
    zero to its unit; null where a row does not match."""
    _order = _stream_order(stream, mr)
    return _to_durations(input, duration_type, format)


def from_durations(durations, format=None, stream=None, mr=None):
    """Every duration written with ``format`` (``"%D days %H:%M:%S"`` when None)."""
    _order = _stream_order(stream, mr)
    return _from_durations(durations, format)


__all__ = ["from_durations", "to_durations"]
