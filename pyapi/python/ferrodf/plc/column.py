"""pylibcudf's ``column`` module."""

from ferrodf._lib import Column, ListsColumnView

__all__ = ["Column", "ListsColumnView"]
