"""pylibcudf's ``strings.slice`` module."""

from __future__ import annotations

from ferrodf._lib import Column, Scalar
from ferrodf._lib import stream_order as _stream_order
from ferrodf._lib.strings import slice as _slice


def _bound(v, what):
    if v is None or isinstance(v, int):
        return v
    if isinstance(v, Scalar):
        return v.to_py() if v.is_valid() else None
    if isinstance(v, Column):
        raise NotImplementedError(
            f"strings.slice.slice_strings: a Column {what} is not implemented; pass an int "
            "or Scalar"
        )
    raise TypeError(
        f"strings.slice.slice_strings: {what} must be an int, Scalar or None, "
        f"got {type(v).__name__}"
    )


def slice_strings(input, start=None, stop=None, step=None, stream=None, mr=None):
    """Characters ``[start:stop:step]`` of every row, with Python's slice semantics."""
    _order = _stream_order(stream, mr)
    step = _bound(step, "step")
    return _slice(input, _bound(start, "start"), _bound(stop, "stop"), 1 if step is None else step)


__all__ = ["slice_strings"]
