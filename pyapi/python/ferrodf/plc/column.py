"""pylibcudf's ``column`` module."""

from ferrodf._lib import Column

__all__ = ["Column"]
