"""pylibcudf's ``prefetch`` module: prefetching of managed (unified) memory.

libcudf can allocate CUDA managed memory and prefetch it to the GPU before kernels run.
ferrodf never allocates managed memory (device buffers come from its pool, host buffers
from its allocator, and it moves them itself), so there is nothing to prefetch: these
switches are kept, and reported by :func:`is_enabled` / :func:`is_debugging`, for code
written for pylibcudf, and change nothing.
"""

from __future__ import annotations

_state = {"enabled": False, "debugging": False}


def enable() -> None:
    """Turn on prefetching of managed memory (ferrodf has none; see the module doc)."""
    _state["enabled"] = True


def disable() -> None:
    """Turn off prefetching of managed memory."""
    _state["enabled"] = False


def enable_debugging() -> None:
    """Turn on prefetch debugging output."""
    _state["debugging"] = True


def disable_debugging() -> None:
    """Turn off prefetch debugging output."""
    _state["debugging"] = False


def is_enabled() -> bool:
    """ferrodf extension: whether :func:`enable` was called last."""
    return _state["enabled"]


def is_debugging() -> bool:
    """ferrodf extension: whether :func:`enable_debugging` was called last."""
    return _state["debugging"]


__all__ = ["disable", "disable_debugging", "enable", "enable_debugging"]
