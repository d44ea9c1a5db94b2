"""pylibcudf's ``typing`` module: the protocols and dictionaries its signatures name."""

from __future__ import annotations

from typing import Any, Protocol, TypedDict, runtime_checkable

from ferrodf.plc.utils import CudaStreamLike, HasCudaStream


class ArrayInterfaceBase(TypedDict):
    """The keys shared by ``__array_interface__`` and ``__cuda_array_interface__``."""

    shape: tuple[int, ...]
    typestr: str
    data: tuple[int, bool] | None
    version: int
    strides: tuple[int, ...] | None
    descr: list[tuple[Any, ...]] | None


@runtime_checkable
class SupportsCudaArrayInterface(Protocol):
    """A device array (CuPy, numba, torch): ``Column.from_array`` takes it zero-copy."""

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]: ...


@runtime_checkable
class SupportsArrayInterface(Protocol):
    """A host array (NumPy): ``Column.from_array`` copies it."""

    @property
    def __array_interface__(self) -> dict[str, Any]: ...


__all__ = [
    "ArrayInterfaceBase",
    "CudaStreamLike",
    "HasCudaStream",
    "SupportsArrayInterface",
    "SupportsCudaArrayInterface",
]
