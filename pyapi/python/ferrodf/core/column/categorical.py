"""``CategoricalColumn``: a column of dictionary-encoded values."""

from ferrodf.core.column.column import ColumnBase


class CategoricalColumn(ColumnBase):
    """A column of dictionary-encoded values."""

    __slots__ = ()
