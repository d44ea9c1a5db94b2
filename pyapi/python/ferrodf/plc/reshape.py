"""pylibcudf's ``reshape`` module: ``interleave_columns``, ``tile`` and ``table_to_array``.

``table_to_array(input_table, ptr, size)`` copies a table whose columns share one
fixed-width type and have no nulls into the buffer at address ``ptr`` (``size`` bytes),
column after column (a Fortran-ordered 2-D array). On the GPU ``ptr`` is a device address
(such as ``cupy.ndarray.data.ptr``); with ``device='cpu'`` it is a host address (such as
``numpy.ndarray.ctypes.data``). ``stream`` is accepted and ignored (ferrodf's own stream
is synchronised before returning).
"""

from __future__ import annotations

from ferrodf._lib.reshape import interleave_columns, table_to_array, tile

__all__ = ["interleave_columns", "table_to_array", "tile"]
