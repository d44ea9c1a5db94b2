"""pylibcudf's ``strings.convert.convert_floats`` module, as pyarrow's casts parse and
write floats (device kernels and the host path give the same bits)."""

from __future__ import annotations

from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import from_floats as _from_floats
from ferrodf._lib.strings import is_float as _is_float
from ferrodf._lib.strings import to_floats as _to_floats


def to_floats(strings, output_type, stream=None, mr=None):
    """The floats of ``output_type`` the rows spell, correctly rounded (null where they
    are not float literals)."""
    _order = _stream_order(stream, mr)
    return _to_floats(strings, output_type)


def from_floats(floats, stream=None, mr=None):
    """Every row in its shortest round-trip form, as pyarrow writes it (``1``, ``0.1``,
    ``1e+20``, ``nan``)."""
    _order = _stream_order(stream, mr)
    return _from_floats(floats)


def is_float(input, stream=None, mr=None):
    """BOOL8: whether each row is a float literal ``to_floats`` reads."""
    _order = _stream_order(stream, mr)
    return _is_float(input)


__all__ = ["from_floats", "is_float", "to_floats"]
