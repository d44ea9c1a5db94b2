"""``DatetimeColumn``: a column of timestamps."""

from ferrodf.core.column.column import ColumnBase


class DatetimeColumn(ColumnBase):
    """A column of timestamps."""

    __slots__ = ()
