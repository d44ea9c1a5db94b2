"""``DataFrame``: labelled columns over shared row labels, with pandas' API.

Column selection, MultiIndex columns, row selection and display are the Rust frontend's
(``ferrodf._lib.DataFrame``); this class gives them pandas' call conventions. See
docs/frame.md for what differs from pandas.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ferrodf import _lib, _ops, _pandas_args, plc
from ferrodf._lazy import np, pa, pd
from ferrodf._ndframe import NDFrame, check_sort_args
from ferrodf.core.column.column import as_column, to_plc_column
from ferrodf.core.column_accessor import ColumnAccessor
from ferrodf.index import Index
from ferrodf.series import Series, _loc_part, _rows_arg

__all__ = ["DataFrame", "concat"]


# What `df[col] = value` repeats down the column (date-times and pandas' Timestamp too).
_SCALARS = (str, int, float, bool, np.generic, datetime.date, datetime.timedelta)


def _repeats(value: Any) -> bool:
    """Whether `df[col] = value` repeats `value` down the column."""
    return isinstance(value, _SCALARS) or value is None


def _typed_scalar(value: Any) -> _lib.Scalar:
    """A Python scalar typed as pandas types it in a column (``pa.array([value])``'s type, so
    an empty frame gets a column of the scalar's type, not Arrow's null type)."""
    return plc.copying.get_element(to_plc_column(pa.array([value])), 0)


def _entry(value: Any, positional: bool = False) -> Any:
    """One column's data as ``DataFrame::from_entries`` takes it: a Series (aligned on its
    labels; a pandas frame's columns are taken by position), a column, or a typed scalar
    (repeated down the column)."""
    if isinstance(value, Series):
        return value._s
    if isinstance(value, pd.Series) and not positional:
        return Series(value)._s
    if _repeats(value):
        return _typed_scalar(value)
    return as_column(value).plc_column


class DataFrame(NDFrame["_ILoc", "_Loc"]):
    """A two-dimensional table of labelled columns; runs on the GPU when one is used."""

    __slots__ = ("_df",)
    _native_attr = "_df"

    def __init__(self, data: Any = None, index: Any = None, columns: Any = None) -> None:
        if isinstance(data, _lib.DataFrame):
            self._df = data
            return
        if isinstance(data, DataFrame):
            self._df = data._df
            return
        idx = None if index is None else Index(index)
        level_names = None
        if isinstance(data, pd.DataFrame) and isinstance(data.columns, pd.MultiIndex):
            level_names = list(data.columns.names)
        positional = isinstance(data, pd.DataFrame)
        if isinstance(data, pd.DataFrame):
            if idx is None:
                idx = Index(data.index)
            data = {
                k: data[k] if not isinstance(data[k], pd.DataFrame) else data[k].iloc[:, 0]
                for k in data.columns
            }
        elif type(data).__module__.split(".")[0] == "polars":
            data = data.to_arrow()
        if isinstance(data, pa.Table | pa.RecordBatch):
            data = {name: data.column(i) for i, name in enumerate(data.column_names)}
        elif isinstance(data, np.ndarray) and data.ndim == 2:
            names = list(columns) if columns is not None else list(range(data.shape[1]))
            data = {n: data[:, i] for i, n in enumerate(names)}
            columns = None
        elif isinstance(data, list) and data and isinstance(data[0], Mapping):
            # records: one column per key in order of first appearance, missing where a
            # record lacks the key (pandas' rule)
            keys = dict.fromkeys(k for record in data for k in record)
            data = {k: [record.get(k) for record in data] for k in keys}
        elif data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise TypeError(
                "DataFrame takes a dict of columns, a list of records, a 2-D NumPy array, "
                f"or a pandas, pyarrow or polars table; got {type(data).__name__}"
            )
        if columns is not None:
            empty = [] if idx is None else None  # no data: missing values in each row
            # a label the data lacks is an all-missing column, as in pandas
            data = {k: data.get(k) for k in columns} if data else dict.fromkeys(columns, empty)
        entries = [(k, _entry(v, positional)) for k, v in data.items()]
        self._df = _lib.DataFrame.from_entries(
            entries, None if idx is None else idx._index, level_names
        )

    @classmethod
    def from_pandas(cls, df: pd.DataFrame) -> DataFrame:
        return cls(df)

    @classmethod
    def from_arrow(cls, table: pa.Table) -> DataFrame:
        return cls(table)

    # -- attributes ------------------------------------------------------------------
    @property
    def _data(self) -> ColumnAccessor:
        return ColumnAccessor._wrap(self._df.data)

    @property
    def shape(self) -> tuple[int, int]:
        return self._df.shape

    @property
    def ndim(self) -> int:
        return 2

    @property
    def size(self) -> int:
        r, c = self.shape
        return r * c

    @property
    def empty(self) -> bool:
        return 0 in self.shape

    def __len__(self) -> int:
        return self.shape[0]

    @property
    def columns(self) -> Index | pd.Index:
        """The column labels as a ferrodf Index (a MultiIndex for tuple labels;
        ``.to_pandas()`` gives pandas'). Labels of mixed types (strings next to numbers),
        which no ferrodf Index holds, come back as a pandas Index."""
        try:
            labels = Index._from_lib(self._df.columns_index())
        except (TypeError, ValueError, NotImplementedError):
            return self._data.to_pandas_index()
        labels._host_labels = True  # iterable: column labels never live on the GPU
        return labels

    @columns.setter
    def columns(self, labels: Any) -> None:
        # column labels are host metadata: an Index given here is read to the host
        labels = labels.tolist() if isinstance(labels, Index) else list(labels)
        if len(labels) != self.shape[1]:
            raise ValueError(f"{len(labels)} labels for {self.shape[1]} columns")
        ca = self._data
        new = ColumnAccessor._wrap(
            _lib.ColumnAccessor(
                labels, ca._ca.columns, any(isinstance(k, tuple) for k in labels), None
            )
        )
        self._df = self._df.with_data(new._ca)

    @property
    def dtypes(self) -> Series:
        """Each column's dtype name (a string Series indexed by the column labels); the
        names compare equal to pandas' dtypes (``df.dtypes["a"] == np.dtype("int64")``)."""
        return Series._from_lib(self._df.dtypes())

    def memory_usage(self, index: bool = True, deep: bool = False) -> Series:
        """The bytes each column holds, as pandas: an int64 Series indexed by the column
        labels, led by ``"Index"`` when ``index`` is true. ``deep`` changes nothing: ferrodf
        columns have no Python objects to follow (``ferrodf::memory_usage``)."""
        del deep
        return Series._from_lib(self._df.memory_usage(bool(index)))

    # -- conversion ------------------------------------------------------------------
    def to_arrow(self) -> pa.Table:
        ca = self._data
        names = [str(n) for n in ca.names]
        return pa.table([c.to_arrow() for c in ca.columns], names=names)

    def to_pandas(self) -> pd.DataFrame:
        ca = self._data
        arrays = {i: c.to_arrow().to_pandas() for i, c in enumerate(ca.columns)}
        out = pd.DataFrame(arrays)
        out.columns = ca.to_pandas_index()
        out.index = self.index.to_pandas()
        return out

    def to_numpy(self, dtype: Any = None, copy: bool = False, na_value: Any = None) -> np.ndarray:
        """A 2-D host array (a copy), as ``pandas.DataFrame.to_numpy``; nulls become
        ``na_value`` when it is given."""
        kwargs = {} if na_value is None else {"na_value": na_value}
        return self.to_pandas().to_numpy(dtype=dtype, copy=copy, **kwargs)

    def to_polars(self) -> Any:
        import polars as pl

        return pl.from_arrow(self.to_arrow())

    # -- display ---------------------------------------------------------------------
    def _repr_html_(self) -> str:
        return self._df.to_html()

    def _ipython_key_completions_(self) -> list[Any]:
        return list(self._data.names)

    def __dir__(self) -> list[str]:
        extra = [n for n in self._data.names if isinstance(n, str) and n.isidentifier()]
        return sorted(set(super().__dir__()) | set(extra))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._df.data:
            return self[name]
        from ferrodf._missing import missing_attribute

        raise missing_attribute(self, name)

    # -- selection -------------------------------------------------------------------
    def _wrap(self, out: Any) -> Any:
        return Series._from_lib(out) if isinstance(out, _lib.Series) else DataFrame._from_lib(out)

    def _rows(self, pos: Any) -> DataFrame:
        return DataFrame._from_lib(self._df.select_rows(_rows_arg(pos)))

    def __getitem__(self, key: Any) -> Any:
        """``df[key]``: which keys mean rows and which columns is
        ``ferrodf::DataFrame::getitem``'s rule (pandas'); here the key is only unwrapped."""
        if isinstance(key, Series):
            key = key._s
        elif isinstance(key, pd.Series):
            key = Series(key)._s
        elif isinstance(key, np.ndarray) and key.dtype == bool:
            key = _rows_arg(key)  # a boolean plc column, flags by position
        elif isinstance(key, Index):
            key = key.tolist()  # column labels are host values
        elif isinstance(key, pd.Index | np.ndarray):
            key = list(key)
        return self._wrap(self._df.getitem(key))

    def __setitem__(self, key: Any, value: Any) -> None:
        if isinstance(value, DataFrame):
            if value.shape[1] != 1:
                raise ValueError("cannot set a column from a DataFrame with more than one column")
            value = value.iloc[:, 0]
        if isinstance(value, Series):
            self._df = self._df.set_series(key, value._s)  # aligned on the row labels
            return
        if _repeats(value):
            self._df = self._df.with_scalar(key, _typed_scalar(value))
            return
        self._df = self._df.with_column(key, to_plc_column(value))

    def __delitem__(self, key: Any) -> None:
        self._df = self._df.drop_columns([key])

    def __contains__(self, key: Any) -> bool:
        return key in self._df.data

    def keys(self) -> Index | pd.Index:
        return self.columns

    def items(self) -> Iterator[tuple[Any, Any]]:
        for name in self._data.names:
            yield name, self[name]

    # -- editing ---------------------------------------------------------------------
    def insert(self, loc: int, column: Any, value: Any, allow_duplicates: bool = False) -> None:
        del allow_duplicates  # labels are unique in ferrodf
        if isinstance(value, Series):
            value = Series._from_lib(value._s.reindex(self._df.index))
        if _repeats(value):
            value = _lib.Column.from_scalar(_typed_scalar(value), len(self))
        self._df = self._df.insert(loc, column, to_plc_column(value))

    def assign(self, **kwargs: Any) -> DataFrame:
        out = self.copy(deep=False)
        for k, v in kwargs.items():
            out[k] = v(out) if callable(v) else v
        return out

    def drop(
        self, labels: Any = None, axis: int | str = 0, columns: Any = None, index: Any = None
    ) -> DataFrame:
        if labels is not None:
            if axis in (1, "columns"):
                columns = labels
            else:
                index = labels
        out = self
        if columns is not None:
            cols = (
                list(columns)
                if isinstance(columns, list | tuple | pd.Index) and not isinstance(columns, tuple)
                else [columns]
            )
            out = DataFrame._from_lib(out._df.drop_columns(cols))
        if index is not None:
            labels_ = list(index) if isinstance(index, list | pd.Index | np.ndarray) else [index]
            # found where the labels are (KeyError names missing ones), dropped there
            out = DataFrame._from_lib(out._df.drop_labels(labels_))
        return out

    def rename(
        self,
        mapper: Any = None,
        columns: Any = None,
        index: Any = None,
        axis: Any = None,
        level: Any = None,
    ) -> DataFrame:
        # a mapper alone renames the index, as in pandas (axis=1 for the columns)
        if mapper is not None and axis in (1, "columns"):
            columns = mapper
        elif mapper is not None:
            index = mapper
        out = self
        if columns is not None:
            out = DataFrame._from_lib(out._df.rename_columns(columns, level))
        if index is not None:
            if callable(index):
                # called on every label of each level, as pandas does (rename_index_with)
                out = DataFrame._from_lib(out._df.rename_index_with(index, level))
            else:
                # a tuple is not a label of one level: pandas ignores such keys
                pairs = [(k, v) for k, v in dict(index).items() if not isinstance(k, tuple)]
                out = DataFrame._from_lib(out._df.rename_index(pairs, level))
        return out

    def set_index(self, keys: Any, drop: bool = True, append: bool = False) -> DataFrame:
        if append:
            raise NotImplementedError(
                "set_index(append=True): reset_index() first and set all the keys at once"
            )
        """The columns ``keys`` as the row labels (a MultiIndex for several)."""
        return DataFrame._from_lib(self._df.set_index(_as_list(keys), drop))

    def to_csv(self, path_or_buf: Any = None, **kwargs: Any) -> str | None:
        """Write CSV (see ``ferrodf.io.to_csv``); the text when no path is given."""
        from ferrodf.io import to_csv

        return to_csv(self, path_or_buf, **kwargs)

    def to_parquet(self, path: Any, **kwargs: Any) -> None:
        """Write Parquet (see ``ferrodf.io.to_parquet``)."""
        from ferrodf.io import to_parquet

        to_parquet(self, path, **kwargs)

    def to_json(self, path_or_buf: Any = None, **kwargs: Any) -> str | None:
        """Write JSON lines (see ``ferrodf.io.to_json``)."""
        from ferrodf.io import to_json

        return to_json(self, path_or_buf, **kwargs)

    def reset_index(self, drop: bool = False) -> DataFrame:
        """A RangeIndex in place of the row labels; unless ``drop``, the index levels
        become leading columns."""
        return DataFrame._from_lib(self._df.reset_index(drop))

    # -- relational ------------------------------------------------------------------
    def sort_values(
        self,
        by: Any,
        *,
        axis: Any = 0,
        ascending: bool | list[bool] = True,
        inplace: bool = False,
        kind: str = "quicksort",
        na_position: str = "last",
        ignore_index: bool = False,
        key: Any = None,
    ) -> DataFrame | None:
        """Rows ordered by the columns ``by``. Every sort is stable, which is a valid
        result for each ``kind`` pandas names (quicksort, mergesort, heapsort, stable);
        ``key`` is called on each ``by`` column, as in pandas."""
        check_sort_args(axis, kind, na_position)
        by = list(by) if isinstance(by, list | tuple) else [by]
        asc = list(ascending) if isinstance(ascending, list | tuple) else [ascending]
        keys = None
        if key is not None:
            keys = [_key_column(key, self[b]) for b in by]
        out = DataFrame._from_lib(
            self._df.sort_values(by, [bool(a) for a in asc], na_position == "first", keys)
        )
        return self._sort_result(out, ignore_index, inplace)

    def groupby(
        self,
        by: Any = None,
        *,
        level: Any = None,
        as_index: bool = True,
        sort: bool | None = True,
        group_keys: bool = True,
        observed: bool | None = True,
        dropna: bool | None = True,
    ) -> Any:
        """Group rows by the columns ``by`` or the index levels ``level`` (see
        ``ferrodf.groupby.GroupBy``). ``group_keys`` only concerns ``apply``, which ferrodf
        does not have; ``observed=True`` (pandas 3's default) is how ferrodf groups
        categorical keys, and ``observed=False`` raises NotImplementedError for them."""
        from ferrodf.groupby import GroupBy

        del group_keys  # only GroupBy.apply reads it
        sort, observed, dropna = (True if v is None else v for v in (sort, observed, dropna))
        by = None if by is None else _as_list(by)
        level = None if level is None else _as_list(level)
        return GroupBy(self._df.groupby(by, level, sort, dropna, as_index, observed))

    def merge(
        self,
        right: DataFrame,
        how: str = "inner",
        on: Any = None,
        left_on: Any = None,
        right_on: Any = None,
        left_index: bool = False,
        right_index: bool = False,
        suffixes: tuple[str, str] = ("_x", "_y"),
        indicator: bool = False,
        sort: bool = False,
    ) -> DataFrame:
        """Join with ``right`` (pandas' ``merge``): on shared columns ``on``, on
        ``left_on``/``right_on``, or on the indexes; ``how`` is inner, left, right, outer,
        leftsemi or leftanti; ``sort`` orders the rows by the join keys."""
        _pandas_args.check_indicator(indicator)
        if isinstance(right, Series | pd.Series):  # a named Series joins as a column
            if right.name is None:
                raise ValueError("Cannot merge a Series without a name")
            right = right.to_frame() if isinstance(right, Series) else DataFrame(right.to_frame())
        if not isinstance(right, DataFrame):
            right = DataFrame(right)
        keys = [None if k is None else _as_list(k) for k in (on, left_on, right_on)]
        return DataFrame._from_lib(
            self._df.merge(
                right._df, how, *keys, left_index, right_index, tuple(suffixes), bool(sort)
            )
        )

    def join(
        self, other: DataFrame, how: str = "left", lsuffix: str = "", rsuffix: str = ""
    ) -> DataFrame:
        """Join with ``other`` on the indexes (pandas' ``DataFrame.join``)."""
        return DataFrame._from_lib(self._df.join(other._df, how, lsuffix, rsuffix))

    def drop_duplicates(
        self, subset: Any = None, keep: Any = "first", ignore_index: bool = False
    ) -> DataFrame:
        """Rows not repeated (``keep``: "first", "last" or False)."""
        out = DataFrame._from_lib(
            self._df.drop_duplicates([] if subset is None else _as_list(subset), keep)
        )
        return out.reset_index(drop=True) if ignore_index else out

    def duplicated(self, subset: Any = None, keep: Any = "first") -> Series:
        """Whether each row repeats an earlier (``keep="first"``) or later row."""
        subset = [] if subset is None else _as_list(subset)
        return Series._from_lib(self._df.duplicated(subset, keep))

    def dropna(self, axis: int = 0, how: str = "any", subset: Any = None) -> DataFrame:
        """Rows with nulls dropped (``how="all"``: only rows that are all null)."""
        if axis not in (0, "index"):
            raise NotImplementedError(
                "dropna(axis=1) is not supported yet; select the columns instead"
            )
        if how not in ("any", "all"):
            raise ValueError(f"how must be 'any' or 'all', got {how!r}")
        return DataFrame._from_lib(
            self._df.dropna([] if subset is None else _as_list(subset), how == "all")
        )

    def fillna(self, value: Any) -> DataFrame:
        """Nulls replaced by ``value`` (a scalar, or a dict column -> scalar)."""
        if isinstance(value, Mapping):
            value = dict(value)
        return DataFrame._from_lib(self._df.fillna(value))

    def isna(self) -> DataFrame:
        return DataFrame._from_lib(self._df.missing(False))

    isnull = isna

    def notna(self) -> DataFrame:
        return DataFrame._from_lib(self._df.missing(True))

    notnull = notna

    def astype(self, dtype: Any, copy: Any = None, errors: str = "raise") -> DataFrame:
        if errors != "raise":
            return _pandas_args.astype_errors(self, dtype, errors)
        if not isinstance(dtype, Mapping):
            if _with_categories(dtype):
                dtype = dict.fromkeys(self.columns, dtype)
            else:
                return DataFrame._from_lib(self._df.astype(_dtype_name(dtype)))
        plain = {k: _dtype_name(v) for k, v in dtype.items() if not _with_categories(v)}
        out = DataFrame._from_lib(self._df.astype(plain)) if plain else self.copy()
        for k, v in dtype.items():
            if _with_categories(v):  # Series.astype re-encodes against the categories
                out[k] = out[k].astype(v)
        return out

    def where(self, cond: Any, other: Any = None) -> DataFrame:
        """Values where ``cond`` holds, ``other`` (null by default) elsewhere."""
        return DataFrame._from_lib(self._df.where_(_condition(cond, self), other, False))

    def mask(self, cond: Any, other: Any = None) -> DataFrame:
        """``other`` (null by default) where ``cond`` holds, the values elsewhere."""
        return DataFrame._from_lib(self._df.where_(_condition(cond, self), other, True))

    def _sort_index(self, ascending: bool, na_first: bool) -> _lib.DataFrame:
        return self._df.sort_index(ascending, na_first)

    def nlargest(self, n: int, columns: Any) -> DataFrame:
        return DataFrame._from_lib(self._df.nlargest(n, _as_list(columns), True))

    def nsmallest(self, n: int, columns: Any) -> DataFrame:
        return DataFrame._from_lib(self._df.nlargest(n, _as_list(columns), False))

    def info(self) -> None:
        """Print the columns, their types and null counts, and the memory used."""
        print(self._df.info(), end="")

    def idxmin(self, skipna: bool = True) -> Series:
        """The row label of each column's smallest value (a Series by column label)."""
        return Series._from_lib(self._df.idx_reduce("argmin", skipna))

    def idxmax(self, skipna: bool = True) -> Series:
        """The row label of each column's largest value (a Series by column label)."""
        return Series._from_lib(self._df.idx_reduce("argmax", skipna))

    @property
    def _constructor(self) -> type[DataFrame]:
        return DataFrame

    @property
    def _constructor_sliced(self) -> type[Series]:
        return Series

    def select_dtypes(self, include: Any = None, exclude: Any = None) -> DataFrame:
        """The columns whose dtypes ``include`` names (all when None) and ``exclude`` does
        not: pandas' rules (``ferrodf::select_dtypes``)."""
        return DataFrame._from_lib(self._df.select_dtypes(_specs(include), _specs(exclude)))

    def transpose(self, *args: Any, copy: Any = None) -> DataFrame:
        """Rows and columns swapped, as pandas (``ferrodf::DataFrame::transpose``): the column
        labels become the index and the row labels the column labels. Every value takes one
        dtype (the columns' own when they share it, NumPy's promotion for numbers); a mix
        that pandas would hold as ``object`` values raises TypeError."""
        if args:
            raise TypeError("transpose takes no positional arguments besides self")
        return DataFrame._from_lib(self._df.transpose())

    @property
    def T(self) -> DataFrame:
        """Rows and columns swapped (``transpose()``)."""
        return self.transpose()

    def quantile(self, q: float = 0.5, numeric_only: bool = True) -> Series | pd.Series:
        return self._reduce("quantile", numeric_only, q=q)

    # -- interchange -----------------------------------------------------------------
    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any:
        return self.to_arrow().__arrow_c_stream__(requested_schema)

    def to_cupy(self) -> Any:
        """A 2-D CuPy array of the (numeric) columns, on the GPU."""
        import cupy as cp

        return cp.column_stack([self[n].to_cupy() for n in self._data.names])

    def to_dlpack(self) -> Any:
        """A DLPack capsule holding a copy of the columns as one column-major 2-D tensor
        (cuDF's ``DataFrame.to_dlpack``): the columns must share one numeric type and have
        no nulls."""
        return plc.interop.to_dlpack(plc.Table([c.plc_column for c in self._data.values()]))

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        raise TypeError(_NO_IMPLICIT_HOST)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data.names)

    # -- operators and reductions ----------------------------------------------------
    def _binary(self, other: Any, op: str, reflected: bool = False) -> DataFrame:
        """``self <op> other`` (the Rust frontend aligns rows and columns, as pandas)."""
        if isinstance(other, pd.Series):  # e.g. a pandas reduction, df - pdf.mean()
            other = Series(other)
        elif isinstance(other, pd.DataFrame):
            other = DataFrame(other)
        elif isinstance(other, list | tuple | np.ndarray):
            # a list-like has one value per column, as in pandas
            values = list(other)
            if len(values) != len(self._data.names):
                raise ValueError(
                    f"Unable to coerce to Series, length must be {len(self._data.names)}: "
                    f"given {len(values)}"
                )
            other = Series(values, index=self.columns)
        if isinstance(other, DataFrame):
            other = other._df
        elif isinstance(other, Series):
            other = other._s
        return DataFrame._from_lib(self._df.binary(op, other, reflected))

    # -- flex methods (pandas' DataFrame.add(other, axis=, level=, fill_value=) etc.) --
    if TYPE_CHECKING:  # made at import time by _frame_flex for each of _ops.FLEX_METHODS

        def add(
            self, other: Any, axis: Any = "columns", level: Any = None, fill_value: Any = None
        ) -> DataFrame: ...

        radd = add
        sub = add
        subtract = add
        rsub = add
        mul = add
        multiply = add
        rmul = add
        truediv = add
        div = add
        divide = add
        rtruediv = add
        rdiv = add
        floordiv = add
        rfloordiv = add
        mod = add
        rmod = add
        pow = add
        rpow = add
        eq = add
        ne = add
        lt = add
        le = add
        gt = add
        ge = add

    def _flex(
        self, other: Any, op: str, reflected: bool, axis: Any, level: Any, fill_value: Any
    ) -> DataFrame:
        """pandas' flex arithmetic and comparison (``ferrodf::frame_flex``): like the
        operator, but a Series aligns on the rows with ``axis=0`` (on the columns by
        default), and ``fill_value`` stands in for a value missing on one side."""
        self._check_flex_level(op, level)
        axis = {0: "index", 1: "columns", None: "columns"}.get(axis, axis)
        if isinstance(other, pd.Series):
            other = Series(other)
        elif isinstance(other, pd.DataFrame):
            other = DataFrame(other)
        elif isinstance(other, list | tuple | np.ndarray):
            values = list(np.asarray(other, dtype=object))
            if np.ndim(other) != 1:
                raise ValueError(f"DataFrame.{op}: a list-like must be 1-D")
            if axis in ("index", "rows"):
                other = Series(values, index=self.index)
            elif len(values) != len(self._data.names):
                raise ValueError(
                    f"Unable to coerce to Series, length must be {len(self._data.names)}: "
                    f"given {len(values)}"
                )
            else:
                other = Series(values, index=self.columns)
        lib_other = other._df if isinstance(other, DataFrame) else other
        lib_other = lib_other._s if isinstance(other, Series) else lib_other
        return DataFrame._from_lib(
            self._df.binary(op, lib_other, reflected, True, str(axis), fill_value)
        )

    def _reduce(
        self, how: str, numeric_only: bool = False, *, axis: Any = None, **kw: Any
    ) -> Series | pd.Series:
        """One value per column, as a ferrodf Series indexed by the column labels. Results
        of different kinds (a string min next to a number) have no single ferrodf type:
        those come back as a pandas object Series (the values are computed in Rust,
        ``DataFrame::reduce_each``; pandas only holds them). ``axis`` must mean the rows."""
        _pandas_args.check_axis(axis, f"DataFrame.{how}")
        try:
            return Series._from_lib(self._df.reduce(how, numeric_only=numeric_only, **kw))
        except NotImplementedError:
            pass
        labels, values = self._df.reduce_each(how, numeric_only=numeric_only, **kw)
        index = self._data.select_by_label(labels).to_pandas_index() if labels else pd.Index([])
        return pd.Series(values, index=index, dtype=object)

    def sum(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("sum", numeric_only, axis=axis, skipna=skipna)

    def prod(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("prod", numeric_only, axis=axis, skipna=skipna)

    def min(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("min", numeric_only, axis=axis, skipna=skipna)

    def max(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("max", numeric_only, axis=axis, skipna=skipna)

    def mean(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("mean", numeric_only, axis=axis, skipna=skipna)

    def median(
        self, skipna: bool = True, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("median", numeric_only, axis=axis, skipna=skipna)

    def std(
        self, skipna: bool = True, ddof: int = 1, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("std", numeric_only, axis=axis, skipna=skipna, ddof=ddof)

    def var(
        self, skipna: bool = True, ddof: int = 1, numeric_only: bool = False, *, axis: Any = None
    ) -> Series | pd.Series:
        return self._reduce("var", numeric_only, axis=axis, skipna=skipna, ddof=ddof)

    def count(self, *, axis: Any = None) -> Series | pd.Series:
        return self._reduce("count", axis=axis)

    def nunique(self, *, axis: Any = None) -> Series | pd.Series:
        return self._reduce("nunique", axis=axis)

    def any(self, skipna: bool = True, *, axis: Any = None) -> Series | pd.Series:
        return self._reduce("any", axis=axis, skipna=skipna)

    def all(self, skipna: bool = True, *, axis: Any = None) -> Series | pd.Series:
        return self._reduce("all", axis=axis, skipna=skipna)


_NO_IMPLICIT_HOST = (
    "implicit conversion of a ferrodf object to a host NumPy array is not allowed (it would copy "
    "GPU data to the host silently); call .to_numpy(), .to_pandas() or .to_arrow() for a host "
    "copy, or .to_cupy() for a GPU array"
)


def _with_categories(dtype: Any) -> bool:
    """Whether ``dtype`` is a pandas CategoricalDtype that names its categories."""
    return isinstance(dtype, pd.CategoricalDtype) and dtype.categories is not None


def _dtype_name(dtype: Any) -> str:
    """A dtype argument (a name, a NumPy dtype, a Python type, a pandas dtype) as the
    name ``ferrodf::dtype::parse_dtype`` reads."""
    if isinstance(dtype, str):
        return dtype
    try:
        return np.dtype(dtype).name
    except TypeError:
        return str(dtype)


def _condition(cond: Any, df: DataFrame) -> Any:
    """A where/mask condition as a _lib Series or DataFrame."""
    if isinstance(cond, DataFrame):
        return cond._df
    if isinstance(cond, Series):
        return cond._s
    if isinstance(cond, pd.DataFrame):
        return DataFrame(cond)._df
    return Series(cond, index=df.index)._s


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, list | pd.Index) else [v]


def _specs(v: Any) -> list[Any]:
    """``select_dtypes``' include or exclude as a list (none for None)."""
    if v is None:
        return []
    return list(v) if isinstance(v, list | tuple | set | frozenset | pd.Index | np.ndarray) else [v]


def concat(objs: list[Any], axis: int | str = 0, ignore_index: bool = False) -> Any:
    """Frames (or Series) one after the other (``axis=0``) or side by side (``axis=1``);
    Series one after the other make a Series, as in pandas (``Series::concat``)."""
    objs = list(objs)
    if objs and axis in (0, "index", "rows") and all(isinstance(o, Series) for o in objs):
        return Series._from_lib(_lib.Series.concat([o._s for o in objs], ignore_index))
    frames = []
    for o in objs:
        if isinstance(o, Series):
            o = o.to_frame()
        if not isinstance(o, DataFrame):
            raise TypeError(f"concat takes ferrodf DataFrames or Series, got {type(o).__name__}")
        frames.append(o._df)
    if not frames:
        raise ValueError("concat needs at least one object")
    ax = {0: 0, "index": 0, "rows": 0, 1: 1, "columns": 1}.get(axis)
    if ax is None:
        raise ValueError(f"axis must be 0 or 1, got {axis!r}")
    return DataFrame._from_lib(_lib.DataFrame.concat(frames, ax, ignore_index))


def _frame_flex(name: str, op: str, reflected: bool) -> Any:
    def method(
        self: DataFrame,
        other: Any,
        axis: Any = "columns",
        level: Any = None,
        fill_value: Any = None,
    ) -> DataFrame:
        return self._flex(other, op, reflected, axis, level, fill_value)

    method.__name__ = method.__qualname__ = name
    what = f"other {op} frame" if reflected else f"frame {op} other"
    method.__doc__ = (
        f"pandas' ``DataFrame.{name}``: {what}, aligned on the labels; a Series aligns on "
        "the columns (``axis='index'``: on the rows), and ``fill_value`` replaces a value "
        "missing on one side."
    )
    return method


_ops.add_operators(DataFrame, _ops.FRAME_OPERATORS, _frame_flex)


class _ILoc:
    __slots__ = ("_df",)

    def __init__(self, df: DataFrame) -> None:
        self._df = df

    def __getitem__(self, key: Any) -> Any:
        rows, cols = key if isinstance(key, tuple) else (key, slice(None))
        df = self._df
        if not (isinstance(cols, slice) and cols == slice(None)):
            picked = df._df.select_columns_by_position(cols)
            df = DataFrame._from_lib(picked)
            if isinstance(cols, int | np.integer):
                s = Series._from_lib(df._df.column(df._data.names[0]))
                return s.iloc[rows]
        if isinstance(rows, int | np.integer):
            n = len(df)
            if not -n <= rows < n:
                raise IndexError(f"row position {rows} is out of bounds for {n} rows")
            return _row_at(df, int(rows) % n)
        if isinstance(rows, Series):
            rows = rows.to_numpy()
        return df._rows(rows)

    def __setitem__(self, key: Any, value: Any) -> None:
        """``df.iloc[rows, cols] = value``: by position (``ferrodf::assign``); nothing is
        appended, and a failed assignment changes nothing."""
        rows, cols = key if isinstance(key, tuple) else (key, slice(None))
        rows = rows._s.column if isinstance(rows, Series) else _rows_arg(rows)
        df = self._df
        df._df = df._df.iloc_set(rows, cols, _assign_values(value))


class _Loc:
    __slots__ = ("_df",)

    def __init__(self, df: DataFrame) -> None:
        self._df = df

    def __getitem__(self, key: Any) -> Any:
        """``df.loc[key]``: what the key names and the shape of the result are
        ``ferrodf::DataFrame::loc_get``'s rules (pandas')."""
        out, mixed_row = self._df._df.loc(_loc_key(key))
        return _located(out, mixed_row)

    def __setitem__(self, key: Any, value: Any) -> None:
        """``df.loc[rows, cols] = value``: rows by label, list, label slice or boolean mask;
        cols by label, list or ``:``; a scalar, one value per selected row (or per column
        for one row), a 2-D array, or a Series (aligned on the labels). pandas' rules
        (``ferrodf::assign``): a value a column cannot hold exactly raises TypeError, a new
        row label appends a row and a new column label adds a column (missing elsewhere).
        A failed assignment changes nothing."""
        df = self._df
        df._df = df._df.loc_set(_loc_key(key), _assign_values(value))


def _loc_key(key: Any) -> Any:
    """A ``.loc`` key with ferrodf objects (and those inside a tuple key) unwrapped to the
    Rust objects the binding reads."""
    if isinstance(key, tuple):
        return tuple(_loc_part(k) for k in key)
    return _loc_part(key)


def _located(out: Any, mixed_row: bool) -> Any:
    """A ``.loc`` result as a ferrodf object; a row mixing strings with other types, which no
    ferrodf dtype holds, is pandas' object Series (as pandas gives it)."""
    if mixed_row:
        return DataFrame._from_lib(out).to_pandas().iloc[0]
    if isinstance(out, _lib.DataFrame):
        return DataFrame._from_lib(out)
    if isinstance(out, _lib.Series):
        return Series._from_lib(out)
    return out


def _assign_values(value: Any) -> Any:
    """An assignment's values as ``ferrodf::assign::Values`` takes them: a _lib Series, a
    plc column (1-D), a list of plc columns (2-D) or a scalar."""
    if isinstance(value, Series):
        return value._s
    if isinstance(value, pd.Series):
        return Series(value)._s
    if isinstance(value, DataFrame):
        return [c.plc_column for c in value._data.columns]
    if _is_scalar(value):
        return value
    arr = np.asarray(value.to_pandas() if isinstance(value, pd.DataFrame) else value, dtype=object)
    try:
        if arr.ndim == 2:
            return [to_plc_column(list(arr[:, j])) for j in range(arr.shape[1])]
        try:
            return to_plc_column(list(arr))
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            # values of mixed types: one row of several columns, a column per value
            return [to_plc_column([v]) for v in arr]
    except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
        raise TypeError(f"cannot set values of an unsupported type ({e})") from None


def _is_scalar(value: Any) -> bool:
    return value is None or (np.ndim(value) == 0 and not isinstance(value, list | tuple | dict))


def _row_at(df: DataFrame, position: int) -> Series | pd.Series:
    """Row ``position`` as a Series indexed by the column labels (``DataFrame::row``).
    A row mixing strings with other types has no ferrodf dtype: the one-row frame goes to
    pandas, whose object row (missing values as each column's pandas dtype writes them)
    is the result."""
    try:
        return Series._from_lib(df._df.row(position))
    except NotImplementedError:
        return df._rows([position]).to_pandas().iloc[0]


def _key_column(key: Any, s: Series) -> Any:
    """The plc column of ``key(s)`` (pandas' ``sort_values(key=...)``)."""
    out = key(s)
    if not isinstance(out, Series):
        out = Series(out)
    if len(out) != len(s):
        raise ValueError(
            f"the sort key returned {len(out)} values for a column of {len(s)}; a key must "
            "return one value per row"
        )
    return out._s.column


DataFrame._iloc_class, DataFrame._loc_class = _ILoc, _Loc
