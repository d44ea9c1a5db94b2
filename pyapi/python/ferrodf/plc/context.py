"""pylibcudf's ``context`` module: the cache of compiled kernels.

ferrodf compiles its kernels with NVRTC (or loads the wheel's prebuilt ones) and keeps the
compiled modules in memory and in an on-disk cache (``$FERRODF_KERNEL_CACHE``,
docs/gpu.md).
"""

from __future__ import annotations

from ferrodf._lib import clear_jit_cache, enable_jit_cache

__all__ = ["clear_jit_cache", "enable_jit_cache"]
