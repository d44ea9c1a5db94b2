from typing import Any, Protocol

class HasCudaStream(Protocol):
    def __cuda_stream__(self) -> tuple[int, int]: ...

CudaStreamLike = HasCudaStream | Any
