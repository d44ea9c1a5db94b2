"""ferrodf: a GPU dataframe library written in Rust, in the spirit of RAPIDS cuDF.

``ferrodf.plc`` mirrors pylibcudf's API. Work runs on the GPU when one is usable and on
the CPU otherwise; choose with ``ferrodf.set_option("device", "auto" | "gpu" | "cpu")`` or
the ``FERRODF_DEVICE`` environment variable.
"""

from __future__ import annotations

from ferrodf import plc
from ferrodf._lib import (
    __version__,
    gpu_info,
    gpu_unavailable_reason,
    host_fallbacks,
    reset_host_fallbacks,
    synchronize,
)
from ferrodf.options import get_option, option_context, set_option

__all__ = [
    "__version__",
    "get_option",
    "gpu_info",
    "gpu_unavailable_reason",
    "host_fallbacks",
    "option_context",
    "plc",
    "reset_host_fallbacks",
    "set_option",
    "synchronize",
]
