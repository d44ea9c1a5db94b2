"""``ColumnBase`` and ``as_column``: cuDF-style column objects over a ``plc.Column``.

A column object is a light, immutable view of one ``ferrodf.plc.Column``: a data type, a
data buffer, a null mask, children, a size and an offset (see docs/frame.md). The class
says what kind of values it holds (``NumericalColumn``, ``StringColumn``, ...).
"""

from __future__ import annotations

from typing import Any

from ferrodf import _lib
from ferrodf._lazy import np, pa
from ferrodf._lib import Column as _PlcColumn
from ferrodf.plc.types import TypeId


class ColumnBase:
    """A typed view of one ``plc.Column``."""

    __slots__ = ("_plc",)

    def __init__(self, plc_column: _PlcColumn) -> None:
        if not isinstance(plc_column, _PlcColumn):
            raise TypeError(
                f"{type(self).__name__} wraps a ferrodf.plc.Column, "
                f"got {type(plc_column).__name__}; "
                "use ferrodf.core.column.as_column to convert other data"
            )
        self._plc = plc_column

    @property
    def plc_column(self) -> _PlcColumn:
        """The ``ferrodf.plc.Column`` this object views."""
        return self._plc

    @property
    def dtype(self) -> Any:
        """The NumPy dtype of the values where one exists, else pandas' name for it."""
        return _numpy_dtype(self._plc)

    @property
    def size(self) -> int:
        return self._plc.size()

    def __len__(self) -> int:
        return self._plc.size()

    @property
    def offset(self) -> int:
        return self._plc.offset()

    @property
    def data(self) -> Any:
        """The data buffer (a ``gpumemoryview``), or None for types without one."""
        return self._plc.data()

    @property
    def mask(self) -> Any:
        """The validity bitmask buffer, or None when there are no nulls."""
        return self._plc.null_mask()

    @property
    def children(self) -> tuple[ColumnBase, ...]:
        return tuple(column_class(c)(c) for c in self._plc.children())

    @property
    def null_count(self) -> int:
        return self._plc.null_count()

    @property
    def has_nulls(self) -> bool:
        return self._plc.null_count() > 0

    def to_arrow(self) -> pa.Array:
        return self._plc.to_arrow()

    def to_pylist(self) -> list[Any]:
        return self._plc.to_pylist()

    def __arrow_c_array__(self, requested_schema: Any = None) -> Any:
        return self._plc.__arrow_c_array__(requested_schema)


_NUMPY_NAMES = {
    TypeId.INT8: "int8",
    TypeId.INT16: "int16",
    TypeId.INT32: "int32",
    TypeId.INT64: "int64",
    TypeId.UINT8: "uint8",
    TypeId.UINT16: "uint16",
    TypeId.UINT32: "uint32",
    TypeId.UINT64: "uint64",
    TypeId.FLOAT32: "float32",
    TypeId.FLOAT64: "float64",
    TypeId.BOOL8: "bool",
    TypeId.TIMESTAMP_SECONDS: "datetime64[s]",
    TypeId.TIMESTAMP_MILLISECONDS: "datetime64[ms]",
    TypeId.TIMESTAMP_MICROSECONDS: "datetime64[us]",
    TypeId.TIMESTAMP_NANOSECONDS: "datetime64[ns]",
    TypeId.DURATION_SECONDS: "timedelta64[s]",
    TypeId.DURATION_MILLISECONDS: "timedelta64[ms]",
    TypeId.DURATION_MICROSECONDS: "timedelta64[us]",
    TypeId.DURATION_NANOSECONDS: "timedelta64[ns]",
    TypeId.STRING: "object",
}


def numpy_dtype_of(dtype: Any) -> Any:
    """The NumPy dtype of a ``plc.DataType`` where one exists, else its name."""
    name = _NUMPY_NAMES.get(dtype.id())
    if name is not None:
        return np.dtype(name)
    return str(dtype)


def _numpy_dtype(col: _PlcColumn) -> Any:
    return numpy_dtype_of(col.type())


def column_class(col: _PlcColumn) -> type[ColumnBase]:
    """The column class for a ``plc.Column`` of this type."""
    from ferrodf.core.column.categorical import CategoricalColumn
    from ferrodf.core.column.datetime import DatetimeColumn
    from ferrodf.core.column.decimal import DecimalColumn
    from ferrodf.core.column.lists import ListColumn
    from ferrodf.core.column.numerical import NumericalColumn
    from ferrodf.core.column.string import StringColumn
    from ferrodf.core.column.struct import StructColumn
    from ferrodf.core.column.timedelta import TimeDeltaColumn

    tid = col.type().id()
    name = tid.name
    if name.startswith("TIMESTAMP"):
        return DatetimeColumn
    if name.startswith("DURATION"):
        return TimeDeltaColumn
    if name.startswith("DECIMAL"):
        return DecimalColumn
    return {
        TypeId.STRING: StringColumn,
        TypeId.LIST: ListColumn,
        TypeId.STRUCT: StructColumn,
        TypeId.DICTIONARY32: CategoricalColumn,
    }.get(tid, NumericalColumn)


def _from_arrow(values: pa.Array) -> _PlcColumn:
    """``plc.Column.from_arrow``, saying so when a time zone is lost on the way (the plc
    layer, like libcudf, stores timestamps as UTC without a zone)."""
    t = values.type
    if pa.types.is_timestamp(t) and t.tz is not None:
        import warnings

        warnings.warn(
            f"the time zone {t.tz!r} is not kept: ferrodf stores these timestamps as UTC "
            "times without a zone, so they display and convert back as UTC; convert with "
            "tz_convert(...).tz_localize(None) first to keep local wall times",
            UserWarning,
            stacklevel=4,
        )
    return _PlcColumn.from_arrow(values)


def to_plc_column(values: Any) -> _PlcColumn:
    """A ``plc.Column`` from array-like data: ferrodf columns, Arrow, NumPy, pandas,
    polars, CuPy (zero-copy through ``__cuda_array_interface__``), lists and ranges."""
    if isinstance(values, _PlcColumn):
        return values
    if isinstance(values, ColumnBase):
        return values.plc_column
    if hasattr(values, "_column") and isinstance(getattr(values, "_column", None), ColumnBase):
        return values._column.plc_column
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    if isinstance(values, pa.Array):
        return _from_arrow(values)
    levels = getattr(getattr(values, "_index", None), "level_columns", None)
    if levels is not None and values.nlevels == 1:  # a ferrodf Index: its labels, in place
        return levels()[0]
    module = type(values).__module__.split(".")[0]
    if module == "cupy" or (_lib.has_cuda_array_interface(values) and module != "numpy"):
        return _PlcColumn.from_array(values)
    if module == "pandas":
        return _from_arrow(_typed(pa.Array.from_pandas(values)))
    if module == "polars":
        return to_plc_column(values.to_arrow())
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise ValueError(f"a column needs 1-D data, got an array of shape {values.shape}")
        # from_pandas: NaN in a float array is a missing value, as pandas reads it
        return _PlcColumn.from_arrow(pa.array(values, from_pandas=values.dtype.kind in "Of"))
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise TypeError(
            "column data must be array-like (list, NumPy, pandas, Arrow, ...), "
            f"got {type(values).__name__}"
        )
    # from_pandas: NaN in a list (pandas 3 string columns give them) is a missing value
    return _PlcColumn.from_arrow(_typed(pa.array(list(values), from_pandas=True)))


def _typed(values: pa.Array) -> pa.Array:
    """An untyped (all-missing or empty) array as strings: pandas holds such data in an
    object column, which every operation (``.str``, groupby, sort, merge) accepts."""
    return values.cast(pa.string()) if pa.types.is_null(values.type) else values


def as_column(values: Any) -> ColumnBase:
    """The column object for array-like ``values`` (see ``to_plc_column``)."""
    if isinstance(values, ColumnBase):
        return values
    col = to_plc_column(values)
    return column_class(col)(col)
