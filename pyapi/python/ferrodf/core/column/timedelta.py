"""``TimeDeltaColumn``: a column of durations."""

from ferrodf.core.column.column import ColumnBase


class TimeDeltaColumn(ColumnBase):
    """A column of durations."""

    __slots__ = ()
