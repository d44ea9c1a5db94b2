from typing import Any, Protocol, TypedDict

from ferrodf.plc.utils import CudaStreamLike as CudaStreamLike
from ferrodf.plc.utils import HasCudaStream as HasCudaStream

class ArrayInterfaceBase(TypedDict):
    shape: tuple[int, ...]
    typestr: str
    data: tuple[int, bool] | None
    version: int
    strides: tuple[int, ...] | None
    descr: list[tuple[Any, ...]] | None

class SupportsCudaArrayInterface(Protocol):
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]: ...

class SupportsArrayInterface(Protocol):
    @property
    def __array_interface__(self) -> dict[str, Any]: ...
