from enum import IntEnum

class UDFSourceType(IntEnum):
    CUDA = 0
    PTX = 1

def is_runtime_jit_supported() -> bool: ...
