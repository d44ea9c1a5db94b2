"""``StructColumn``: a column of structs (one child per field)."""

from ferrodf.core.column.column import ColumnBase


class StructColumn(ColumnBase):
    """A column of structs (one child per field)."""

    __slots__ = ()
