"""pylibcudf's ``column`` module."""

from ferrodf._lib import Column, ListsColumnView, StructsColumnView

# pylibcudf 26 spells the list view ``ListColumnView``; older releases ``ListsColumnView``.
ListColumnView = ListsColumnView

__all__ = ["Column", "ListColumnView", "ListsColumnView", "StructsColumnView"]
