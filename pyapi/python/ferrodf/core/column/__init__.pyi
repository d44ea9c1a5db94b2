from ferrodf.core.column.categorical import CategoricalColumn as CategoricalColumn
from ferrodf.core.column.column import ColumnBase as ColumnBase
from ferrodf.core.column.column import as_column as as_column
from ferrodf.core.column.column import column_class as column_class
from ferrodf.core.column.column import to_plc_column as to_plc_column
from ferrodf.core.column.datetime import DatetimeColumn as DatetimeColumn
from ferrodf.core.column.decimal import DecimalColumn as DecimalColumn
from ferrodf.core.column.lists import ListColumn as ListColumn
from ferrodf.core.column.numerical import NumericalColumn as NumericalColumn
from ferrodf.core.column.string import StringColumn as StringColumn
from ferrodf.core.column.struct import StructColumn as StructColumn
from ferrodf.core.column.timedelta import TimeDeltaColumn as TimeDeltaColumn

__all__ = [
    "CategoricalColumn",
    "ColumnBase",
    "as_column",
    "column_class",
    "to_plc_column",
    "DatetimeColumn",
    "DecimalColumn",
    "ListColumn",
    "NumericalColumn",
    "StringColumn",
    "StructColumn",
    "TimeDeltaColumn",
]
