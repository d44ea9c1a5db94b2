"""``NumericalColumn``: a column of numbers and booleans."""

from ferrodf.core.column.column import ColumnBase


class NumericalColumn(ColumnBase):
    """A column of numbers and booleans."""

    __slots__ = ()
