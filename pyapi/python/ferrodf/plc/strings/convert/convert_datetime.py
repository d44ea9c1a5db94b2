"""pylibcudf's ``strings.convert.convert_datetime`` module (host only: NotImplementedError
with ``device='gpu'``).

Fields have libcudf's fixed widths (``%Y`` four digits, ``%m %d %H %M %S`` two, ``%j``
three, ``%f`` six or ``%3f``/``%6f``/``%9f``, ``%z`` ``+HHMM``); parsing checks ranges as
``datetime.strptime`` does and gives null where a row does not match.
"""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_timestamps as _from_timestamps
from ferrodf._lib.strings import is_timestamp as _is_timestamp
from ferrodf._lib.strings import to_timestamps as _to_timestamps


def to_timestamps(input, timestamp_type, format, stream=None, mr=None):
    """The timestamps of ``timestamp_type`` the rows spell in ``format`` (specifiers
    ``%Y %y %m %d %j %H %I %p %M %S %f %z %%``); missing fields default to 1970-01-01."""
    _order = _stream_order(stream, mr)
    return _to_timestamps(input, timestamp_type, format)


def from_timestamps(timestamps, format, input_strings_names, stream=None, mr=None):
    """Every timestamp as ``format`` writes it; ``%a %A %b %B`` (and names for ``%p``) come
    from the 40 ``input_strings_names`` (AM, PM, Sunday..Saturday, Sun..Sat,
    January..December, Jan..Dec), an empty Column otherwise."""
    _order = _stream_order(stream, mr)
    return _from_timestamps(timestamps, format, input_strings_names)


def is_timestamp(input, format, stream=None, mr=None):
    """BOOL8: whether each row matches ``format``."""
    _order = _stream_order(stream, mr)
    return _is_timestamp(input, format)


__all__ = ["from_timestamps", "is_timestamp", "to_timestamps"]
