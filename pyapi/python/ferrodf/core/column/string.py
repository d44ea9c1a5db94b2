"""``StringColumn``: a column of strings (offsets and characters children)."""

from ferrodf.core.column.column import ColumnBase


class StringColumn(ColumnBase):
    """A column of strings (offsets and characters children)."""

    __slots__ = ()
