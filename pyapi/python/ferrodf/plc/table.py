"""pylibcudf's ``table`` module."""

from ferrodf._lib import Table

__all__ = ["Table"]
