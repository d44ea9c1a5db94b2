"""Column classes: typed views of ``ferrodf.plc.Column`` as cuDF has them."""

from ferrodf.core.column.categorical import CategoricalColumn
from ferrodf.core.column.column import ColumnBase, as_column, column_class, to_plc_column
from ferrodf.core.column.datetime import DatetimeColumn
from ferrodf.core.column.decimal import DecimalColumn
from ferrodf.core.column.lists import ListColumn
from ferrodf.core.column.numerical import NumericalColumn
from ferrodf.core.column.string import StringColumn
from ferrodf.core.column.struct import StructColumn
from ferrodf.core.column.timedelta import TimeDeltaColumn

__all__ = [
    "CategoricalColumn",
    "ColumnBase",
    "DatetimeColumn",
    "DecimalColumn",
    "ListColumn",
    "NumericalColumn",
    "StringColumn",
    "StructColumn",
    "TimeDeltaColumn",
    "as_column",
    "column_class",
    "to_plc_column",
]
