"""pylibcudf's ``jit`` module: ``UDFSourceType``, the language of a user-defined
function's source (``transform.transform``), and ``is_runtime_jit_supported``."""

from __future__ import annotations

from ferrodf._lib import gpu_info
from ferrodf.plc._enums import rust_enum

UDFSourceType = rust_enum("UDFSourceType", __name__)


def is_runtime_jit_supported() -> bool:
    """Whether user-defined functions can be compiled and run here: ferrodf compiles
    them with NVRTC for the GPU, so this is whether a usable GPU (with NVRTC) is present."""
    return gpu_info() is not None


__all__ = ["UDFSourceType", "is_runtime_jit_supported"]
