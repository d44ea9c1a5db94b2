"""``DecimalColumn``: a column of fixed-point decimals."""

from ferrodf.core.column.column import ColumnBase


class DecimalColumn(ColumnBase):
    """A column of fixed-point decimals."""

    __slots__ = ()
