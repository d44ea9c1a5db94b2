"""``Buffer``: a span of bytes a column owns, as cuDF's ``cudf.core.buffer.Buffer``.

From a host array (NumPy, bytes) the bytes are copied into memory ferrodf owns; when a GPU
is used they are moved to the device, as cuDF allocates device memory. From a device array
(anything with ``__cuda_array_interface__``: CuPy, torch) no copy is made and the buffer
keeps the array alive as ``_owner``. ``ptr`` is the device address (on a machine without a
GPU, the host address of ferrodf's copy).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ferrodf import _lib


def _base_owner(obj: Any) -> Any:
    """The object that owns the memory: views point at their base (a CuPy view's ``base``)."""
    while getattr(obj, "base", None) is not None and not isinstance(obj.base, bytes | memoryview):
        obj = obj.base
    return obj


def _gpu_in_use() -> bool:
    return _lib.get_device() != "cpu" and _lib.gpu_info() is not None


class Buffer:
    """A span of bytes: ``ptr`` (address), ``size`` (bytes), ``_owner`` (who owns them)."""

    __slots__ = ("_owner", "_view")

    def __init__(self, data: Any, size: int | None = None) -> None:
        if isinstance(data, Buffer):
            self._view, self._owner = data._view, data._owner
            return
        if _lib.has_cuda_array_interface(data) and type(data).__module__.split(".")[0] != "numpy":
            self._view = _lib.gpumemoryview(data)
            self._owner = _base_owner(data)
        else:
            host = (
                np.frombuffer(data, dtype=np.uint8)
                if isinstance(data, bytes | bytearray | memoryview)
                else np.asarray(data)
            )
            host = np.ascontiguousarray(host).view(np.uint8).reshape(-1)
            self._view = _owned_view(host)
            self._owner = self._view
            if _gpu_in_use():
                _ = self._view.ptr  # allocate on the device now, as cuDF does
        if size is not None and size != self._view.nbytes:
            raise ValueError(f"size={size} does not match the {self._view.nbytes} bytes given")

    @classmethod
    def empty(cls, size: int) -> Buffer:
        """A buffer of ``size`` bytes owned by ferrodf (zero-filled)."""
        if size < 0:
            raise ValueError(f"a buffer size cannot be negative, got {size}")
        return cls(np.zeros(size, dtype=np.uint8))

    @property
    def ptr(self) -> int:
        """The address of the first byte: on the device when a GPU is used (handing it
        out pins the bytes there), else on the host."""
        if self._view.nbytes == 0:
            return 0
        if isinstance(self._owner, _lib.gpumemoryview) and not _gpu_in_use():
            return self._view.host_ptr
        return self._view.ptr

    @property
    def size(self) -> int:
        """Size in bytes."""
        return self._view.nbytes

    @property
    def nbytes(self) -> int:
        return self._view.nbytes

    @property
    def owner(self) -> Any:
        return self._owner

    def tobytes(self) -> bytes:
        return self._view.tobytes()

    def __len__(self) -> int:
        return self._view.nbytes

    def __getitem__(self, key: slice) -> Buffer:
        """``buf[8:24]``: a Buffer over those bytes, sharing the memory and the owner (as
        cuDF's ``Buffer`` slicing)."""
        if not isinstance(key, slice):
            raise TypeError(f"a Buffer is sliced with a slice of bytes, not {key!r}")
        if key.step not in (None, 1):
            raise ValueError("a Buffer slice needs step 1 (bytes stay contiguous)")
        out = object.__new__(Buffer)
        out._view = self._view.byte_slice(key)
        out._owner = self._owner
        return out

    def __repr__(self) -> str:
        return f"<ferrodf.core.buffer.Buffer size={self.size} owner={type(self._owner).__name__}>"


def _owned_view(host: np.ndarray) -> Any:
    """A ``gpumemoryview`` over a ferrodf-owned copy of ``host``'s bytes."""
    import pyarrow as pa

    column = _lib.Column.from_arrow(pa.array(host.copy(), type=pa.uint8()))
    view = column.data()
    if view is None:  # an empty column has no data buffer
        column = _lib.Column.from_arrow(pa.array(np.zeros(1, dtype=np.uint8)))
        return column.data().byte_slice(slice(0, 0))  # type: ignore[union-attr]
    return view
