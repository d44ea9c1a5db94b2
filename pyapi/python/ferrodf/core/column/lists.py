"""``ListColumn``: a column of lists (offsets and values children)."""

from ferrodf.core.column.column import ColumnBase


class ListColumn(ColumnBase):
    """A column of lists (offsets and values children)."""

    __slots__ = ()
