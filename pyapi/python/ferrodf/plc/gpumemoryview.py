"""pylibcudf's ``gpumemoryview`` module."""

from ferrodf._lib import gpumemoryview

__all__ = ["gpumemoryview"]
