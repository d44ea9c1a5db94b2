"""pylibcudf's ``utils`` module: what a ``stream=`` argument may be.

Any object with the CUDA stream protocol (``__cuda_stream__()`` returning
``(0, handle)``) is a stream: ``ferrodf.Stream``, rmm's and cuda.core's streams. ferrodf
also takes CuPy streams (by their ``ptr``). See docs/plc.md on how a stream is honoured.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class HasCudaStream(Protocol):
    """An object speaking the CUDA stream protocol."""

    def __cuda_stream__(self) -> tuple[int, int]: ...


CudaStreamLike = HasCudaStream | Any

__all__ = ["CudaStreamLike", "HasCudaStream"]
