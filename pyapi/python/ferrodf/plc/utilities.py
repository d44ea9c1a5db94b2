"""pylibcudf's ``utilities`` module."""

from __future__ import annotations

from ferrodf._lib import is_ptds_enabled

__all__ = ["is_ptds_enabled"]
