"""``Series``: one labelled column with row labels, with pandas' API (see docs/frame.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ferrodf import _lib, _ops, _pandas_args, plc
from ferrodf._align import positions_column
from ferrodf._lazy import np, pa, pd
from ferrodf._ndframe import NDFrame, check_sort_args
from ferrodf.core.column.column import ColumnBase, as_column, to_plc_column
from ferrodf.index import Index


def _operand(other: Any) -> Any:
    """The other side of an operator for the Rust layer: a Series, a column (array-likes,
    matched by position) or a scalar."""
    if isinstance(other, Series):
        return other._s
    if isinstance(other, pd.Series):
        return Series(other)._s
    if isinstance(other, np.ndarray | list | pa.Array | pa.ChunkedArray):
        return to_plc_column(other)
    return other


def _rows_arg(pos: Any) -> Any:
    """A row selection for the Rust layer: a slice, or a plc column of positions/flags."""
    if isinstance(pos, slice | plc.Column):
        return pos  # a plc column (positions or flags) stays where it is, on the GPU too
    if isinstance(pos, int | np.integer):
        return positions_column([int(pos)])
    arr = np.asarray(pos)
    if arr.dtype == bool:
        return plc.Column.from_arrow(pa.array(arr))
    if arr.dtype.kind not in "iu" and not (arr.dtype.kind in "fO" and arr.size == 0):
        raise TypeError(
            f"iloc takes integer positions, slices or boolean masks, not {pos!r}; use .loc "
            "to select by label"
        )
    return positions_column(arr.astype(np.int64))


class Series(NDFrame["_SeriesILoc", "_SeriesLoc"]):
    """A one-dimensional labelled array; runs on the GPU when one is used."""

    __slots__ = ("_s",)
    _native_attr = "_s"

    def __init__(
        self, data: Any = None, index: Any = None, name: Any = None, dtype: Any = None
    ) -> None:
        if isinstance(data, _lib.Series):
            self._s = data
            return
        if isinstance(data, Series):
            self._s = data._s if name is None else data._s.rename(name)
            return
        if isinstance(data, pd.Series):
            if name is None:
                name = data.name
            if index is None:
                index = Index(data.index)
            data = data.array
        elif data is None:
            data = pa.array([], type=pa.float64())
        column = to_plc_column(data)
        idx = None if index is None else Index(index)._index
        self._s = _lib.Series(column, idx, name)
        if dtype is not None:  # pandas' casting rules, "category" included (Series::astype)
            from ferrodf.dataframe import _dtype_name

            self._s = self._s.astype(_dtype_name(dtype))

    def __getattr__(self, name: str) -> Any:
        from ferrodf._missing import missing_attribute

        raise missing_attribute(self, name)

    @classmethod
    def from_pandas(cls, s: pd.Series) -> Series:
        return cls(s)

    # -- attributes ------------------------------------------------------------------
    @property
    def _column(self) -> ColumnBase:
        return as_column(self._s.column)

    @property
    def name(self) -> Any:
        return self._s.name

    @name.setter
    def name(self, value: Any) -> None:
        self._s = self._s.rename(value)

    def rename(self, name: Any) -> Series:
        return Series._from_lib(self._s.rename(name))

    @property
    def dtype(self) -> Any:
        return self._column.dtype

    @property
    def shape(self) -> tuple[int]:
        return (len(self._s),)

    @property
    def size(self) -> int:
        return len(self._s)

    @property
    def ndim(self) -> int:
        return 1

    @property
    def empty(self) -> bool:
        return len(self._s) == 0

    def __len__(self) -> int:
        return len(self._s)

    def memory_usage(self, index: bool = True, deep: bool = False) -> int:
        """The bytes the values (and, with ``index``, the index) hold, as pandas. ``deep``
        changes nothing: ferrodf columns have no Python objects to follow."""
        del deep
        return self._s.memory_usage(bool(index))

    # -- conversion ------------------------------------------------------------------
    def to_arrow(self) -> pa.Array:
        return self._s.column.to_arrow()

    def to_pandas(self) -> pd.Series:
        out = self.to_arrow().to_pandas()
        out.index = self.index.to_pandas()
        out.name = self.name
        return out

    def to_numpy(self) -> np.ndarray:
        return self.to_pandas().to_numpy()

    @property
    def values(self) -> Any:
        """The values as an array, as cuDF gives them: a CuPy array over the GPU memory for
        numbers and booleans without nulls that live on the GPU (no copy), otherwise a host
        NumPy array as pandas' ``to_numpy()`` makes it (NaN or None where values are
        missing). Dask computes a Series' divisions and some reductions on it."""
        if self._on_gpu_without_nulls():
            return self.to_cupy()
        return self.to_numpy()

    def searchsorted(self, value: Any, side: str = "left", sorter: Any = None) -> Any:
        """Where ``value`` would be inserted to keep this (ascending) Series sorted, as
        pandas: an integer for a scalar, otherwise an int64 array like ``values`` gives (a
        CuPy array when the positions live on the GPU). ``side="left"`` puts it before equal
        values, ``"right"`` after them; ``sorter`` holds the positions that sort the Series
        when it is not sorted itself. Missing values sort last, as NaN does in NumPy."""
        scalar = pd.api.types.is_scalar(value)
        needles = to_plc_column([value] if scalar else value)
        if needles.size() == 0:  # no values (an untyped empty list has no type to check)
            return np.array([], dtype=np.intp)
        order = None if sorter is None else to_plc_column(sorter)
        positions = Series(self._s.searchsorted(needles, side, order))
        if scalar:
            return np.intp(positions._element(0))
        return positions.values

    def _on_gpu_without_nulls(self) -> bool:
        col = self._s.column
        dtype = self.dtype
        return (
            col.residency() != "host"
            and not col.null_count()
            and isinstance(dtype, np.dtype)
            and dtype.kind in "iufb"
        )

    def tolist(self) -> list[Any]:
        return self.to_arrow().to_pylist()

    to_list = tolist

    def __iter__(self) -> Iterator[Any]:
        raise TypeError(
            "a ferrodf Series is not iterable: iterating would copy GPU data to the host one value "
            "at a time; call .to_arrow(), .to_pandas() or .tolist() for a host copy"
        )

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise TypeError(
            "implicit conversion of a ferrodf Series to a host NumPy array is not allowed; "
            "call .to_numpy() for a host copy or .to_cupy() for a GPU array"
        )

    def to_cupy(self) -> Any:
        """A CuPy array over the values (no copy for numeric columns without nulls on the GPU)."""
        import cupy as cp

        if self._s.column.null_count():
            raise ValueError(
                "the Series has nulls, which a CuPy array cannot hold; fillna or dropna first"
            )
        return cp.asarray(self)

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        """CUDA array interface v3 of a numeric Series without nulls (exposes the memory)."""
        col = self._s.column
        dtype = self.dtype
        if not isinstance(dtype, np.dtype) or dtype.kind not in "iufbmM":
            raise AttributeError(f"a Series of {dtype} has no __cuda_array_interface__")
        if col.null_count():
            raise AttributeError(
                "a Series with nulls has no __cuda_array_interface__; fillna first"
            )
        view = col.data()
        if view is None:
            raise AttributeError("an empty Series has no device data")
        iface = view.__cuda_array_interface__
        ptr = iface["data"][0] + col.offset() * dtype.itemsize
        return {
            "shape": (len(self),),
            "typestr": dtype.str,
            "data": (ptr, False),
            "version": 3,
            "strides": None,
        }

    def __dlpack__(
        self,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """The values as a DLPack tensor, without a copy: ``torch.from_dlpack(s)``,
        ``cupy.from_dlpack(s)``, or ``numpy.from_dlpack(s)`` on the host. Numeric and bool
        Series without nulls only. GPU memory handed out this way is never spilled."""
        return self._s.column.__dlpack__(
            stream=stream, max_version=max_version, dl_device=dl_device, copy=copy
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        """``(2, 0)`` when the values are exported from the GPU, ``(1, 0)`` from the host."""
        return self._s.column.__dlpack_device__()

    def to_dlpack(self) -> Any:
        """A DLPack capsule holding a copy of the values (cuDF's ``Series.to_dlpack``)."""
        return plc.interop.to_dlpack(plc.Table([self._s.column]))

    def items(self) -> Iterator[tuple[Any, Any]]:
        """``(label, value)`` pairs, copied to the host as ``tolist`` does."""
        return zip(self.index.tolist(), self.tolist(), strict=True)

    def groupby(
        self,
        by: Any = None,
        *,
        level: Any = None,
        sort: bool | None = True,
        observed: bool | None = True,
        dropna: bool | None = True,
        **kwargs: Any,
    ) -> Any:
        """Group the values by key Series (``by``: aligned on the labels and naming the
        groups, as pandas; ``Series::groupby_keys``) or by index levels (``level``;
        ``Series::groupby_levels``). The results are named after this Series."""
        from ferrodf.groupby import GroupBy

        kwargs.pop("group_keys", None)  # only apply reads it, which ferrodf lacks
        if kwargs:
            raise TypeError(f"Series.groupby() got unexpected keyword arguments {kwargs}")
        sort, observed, dropna = (True if v is None else v for v in (sort, observed, dropna))
        if by is not None:
            keys = by if isinstance(by, list) else [by]
            if not all(isinstance(k, Series) for k in keys):
                raise NotImplementedError(
                    "Series.groupby(by=...) takes key Series; group a DataFrame by its columns"
                )
            return GroupBy(self._s.groupby_keys([k._s for k in keys], sort, dropna, observed))
        if level is None:
            raise TypeError("You have to supply one of 'by' and 'level'")
        levels = list(level) if isinstance(level, list | tuple) else [level]
        return GroupBy(self._s.groupby_levels(levels, sort, dropna, observed))

    def to_frame(self, name: Any = None) -> Any:
        from ferrodf.dataframe import DataFrame

        return DataFrame._from_lib(self._s.to_frame(name))

    def fillna(self, value: Any) -> Series:
        """Missing values replaced by ``value``."""
        return Series._from_lib(self._s.fillna(value))

    def dropna(self) -> Series:
        return Series._from_lib(self._s.dropna())

    def _cond(self, cond: Any) -> _lib.Series:
        return (cond if isinstance(cond, Series) else Series(cond, index=self.index))._s

    def where(self, cond: Any, other: Any = None) -> Series:
        """Values where ``cond`` holds, ``other`` (null by default) elsewhere."""
        other = other._s if isinstance(other, Series) else other
        return Series._from_lib(self._s.where_(self._cond(cond), other, False))

    def mask(self, cond: Any, other: Any = None) -> Series:
        """``other`` (null by default) where ``cond`` holds, the values elsewhere."""
        other = other._s if isinstance(other, Series) else other
        return Series._from_lib(self._s.where_(self._cond(cond), other, True))

    def sort_values(
        self,
        *,
        axis: Any = 0,
        ascending: bool = True,
        inplace: bool = False,
        kind: str = "quicksort",
        na_position: str = "last",
        ignore_index: bool = False,
        key: Any = None,
    ) -> Series | None:
        """Values in order (stable for every ``kind``); ``key`` maps the values first."""
        from ferrodf.dataframe import _key_column

        check_sort_args(axis, kind, na_position)
        keys = None if key is None else _key_column(key, self)
        out = Series._from_lib(self._s.sort_values(ascending, na_position == "first", keys))
        return self._sort_result(out, ignore_index, inplace)

    def _sort_index(self, ascending: bool, na_first: bool) -> _lib.Series:
        return self._s.sort_index(ascending, na_first)

    def nlargest(self, n: int = 5) -> Series:
        return Series._from_lib(self._s.nlargest(n, True))

    def nsmallest(self, n: int = 5) -> Series:
        return Series._from_lib(self._s.nlargest(n, False))

    def drop_duplicates(self, keep: Any = "first", ignore_index: bool = False) -> Series:
        out = Series._from_lib(self._s.drop_duplicates(keep))
        return out.reset_index(drop=True) if ignore_index else out

    def unique(self) -> Series:
        """The distinct values in order of appearance (a Series, as cuDF returns)."""
        return Series._from_lib(self._s.unique())

    def reset_index(self, drop: bool = False, name: Any = None) -> Any:
        """The index as columns next to the values (named ``name`` when given), or, with
        ``drop``, the values with a default index."""
        if drop:
            return Series._from_lib(self._s.drop_index())
        from ferrodf.dataframe import DataFrame

        values = self if name is None else self.rename(name)
        return DataFrame._from_lib(values._s.reset_index())

    def value_counts(
        self,
        normalize: bool = False,
        sort: bool | None = True,
        ascending: bool = False,
        bins: Any = None,
        dropna: bool | None = True,
    ) -> Series:
        """How often each value occurs, most frequent first (ties in order of first
        occurrence), as a Series named "count"; ``normalize`` gives shares named
        "proportion"."""
        if bins is not None:
            raise NotImplementedError(
                "value_counts(bins=...) is not supported yet; use "
                ".to_pandas().value_counts(bins=...)"
            )
        sort, dropna = (True if v is None else v for v in (sort, dropna))
        return Series._from_lib(self._s.value_counts(sort, ascending, dropna, bool(normalize)))

    def __arrow_c_array__(self, requested_schema: Any = None) -> Any:
        return self._s.column.__arrow_c_array__(requested_schema)

    # -- accessors -------------------------------------------------------------------
    @property
    def str(self) -> Any:
        """String methods (``s.str.lower()``, ``s.str.contains("x")``, ...)."""
        from ferrodf.accessors import StringMethods

        return StringMethods(self)

    @property
    def dt(self) -> Any:
        """Datetime fields and rounding (``s.dt.year``, ``s.dt.floor("h")``, ...)."""
        from ferrodf.accessors import DatetimeMethods

        return DatetimeMethods(self)

    @property
    def cat(self) -> Any:
        """Categorical codes, categories and category changes (``s.cat.codes``,
        ``s.cat.add_categories(["x"])``, ...)."""
        from ferrodf.accessors import CategoricalMethods

        return CategoricalMethods(self)

    # -- selection -------------------------------------------------------------------
    def _take(self, pos: Any) -> Series:
        return Series._from_lib(self._s.select_rows(_rows_arg(pos)))

    def _element(self, position: int) -> Any:
        n = len(self)
        if not -n <= position < n:
            raise IndexError(f"position {position} is out of bounds for a Series of length {n}")
        return plc.copying.get_element(self._s.column, position % n if n else 0).to_py()

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            if all(v is None or isinstance(v, int | np.integer) for v in (key.start, key.stop)):
                return self._take(key)
            return self.loc[key]
        return self.loc[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        """``s[key] = value``: by position for a slice of integers, else by label (a
        label, labels, a label slice or a boolean mask), as ``__getitem__`` reads."""
        if isinstance(key, slice) and all(
            v is None or isinstance(v, int | np.integer) for v in (key.start, key.stop)
        ):
            self.iloc[key] = value
        else:
            self.loc[key] = value

    # -- operators -------------------------------------------------------------------
    def _binary(self, other: Any, op: str, reflected: bool = False) -> Any:
        from ferrodf.dataframe import DataFrame

        if isinstance(other, DataFrame):
            # ``series <op> frame`` is the frame's reflected operation (pandas aligns the
            # Series on the columns).
            return other._binary(self, op, not reflected)
        return Series._from_lib(self._s.binary(op, _operand(other), reflected))

    if TYPE_CHECKING:  # made at import time by _series_flex and _ops.add_operators

        def add(
            self, other: Any, level: Any = None, fill_value: Any = None, axis: Any = 0
        ) -> Series: ...

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

        def __and__(self, o: Any) -> Series: ...
        def __or__(self, o: Any) -> Series: ...
        def __xor__(self, o: Any) -> Series: ...

    def _flex(self, other: Any, op: str, reflected: bool, level: Any, fill_value: Any) -> Series:
        """pandas' flex methods (``s.add(other, fill_value=0)``): the operator with
        ``fill_value`` standing in for a value missing on one side."""
        self._check_flex_level(op, level)
        return Series._from_lib(
            self._s.binary(op, _operand(other), reflected, fill_value, flex=True)
        )

    def __neg__(self) -> Series:
        return Series._from_lib(self._s.negate())

    def __invert__(self) -> Series:
        return Series._from_lib(self._s.invert())

    # -- reductions ------------------------------------------------------------------
    def _reduce(
        self,
        how: str,
        skipna: bool = True,
        *,
        axis: Any = None,
        numeric_only: bool = False,
        **kw: Any,
    ) -> Any:
        """The reduction ``how`` in Rust, after pandas' ``axis`` and ``numeric_only``
        keywords are checked (callers such as Dask pass pandas' full signatures)."""
        _pandas_args.check_axis(axis, f"Series.{how}")
        return self._s.reduce(how, skipna, numeric_only=numeric_only, **kw)

    def sum(
        self,
        skipna: bool = True,
        min_count: int = 0,
        *,
        axis: Any = None,
        numeric_only: bool = False,
    ) -> Any:
        return self._reduce(
            "sum", skipna, axis=axis, numeric_only=numeric_only, min_count=min_count
        )

    def prod(
        self,
        skipna: bool = True,
        min_count: int = 0,
        *,
        axis: Any = None,
        numeric_only: bool = False,
    ) -> Any:
        return self._reduce(
            "prod", skipna, axis=axis, numeric_only=numeric_only, min_count=min_count
        )

    product = prod

    def min(self, skipna: bool = True, *, axis: Any = None, numeric_only: bool = False) -> Any:
        return self._reduce("min", skipna, axis=axis, numeric_only=numeric_only)

    def max(self, skipna: bool = True, *, axis: Any = None, numeric_only: bool = False) -> Any:
        return self._reduce("max", skipna, axis=axis, numeric_only=numeric_only)

    def mean(self, skipna: bool = True, *, axis: Any = None, numeric_only: bool = False) -> Any:
        return self._reduce("mean", skipna, axis=axis, numeric_only=numeric_only)

    def median(self, skipna: bool = True, *, axis: Any = None, numeric_only: bool = False) -> Any:
        return self._reduce("median", skipna, axis=axis, numeric_only=numeric_only)

    def std(
        self, skipna: bool = True, ddof: int = 1, *, axis: Any = None, numeric_only: bool = False
    ) -> Any:
        return self._reduce("std", skipna, axis=axis, numeric_only=numeric_only, ddof=ddof)

    def var(
        self, skipna: bool = True, ddof: int = 1, *, axis: Any = None, numeric_only: bool = False
    ) -> Any:
        return self._reduce("var", skipna, axis=axis, numeric_only=numeric_only, ddof=ddof)

    def quantile(self, q: Any = 0.5, interpolation: str = "linear") -> Any:
        """The ``q`` quantile (a scalar), or a Series of them indexed by ``q`` when ``q`` is a
        list or array; nulls are skipped (pandas' ``interpolation`` names)."""
        if np.ndim(q) == 0 and interpolation == "linear":
            return self._reduce("quantile", True, q=q)
        out = self._s.quantiles([float(x) for x in np.atleast_1d(q)], interpolation)
        if np.ndim(q) == 0:
            return out.column.to_arrow()[0].as_py() if len(self) else np.nan
        return Series._from_lib(out)

    @property
    def _constructor(self) -> type[Series]:
        return Series

    @property
    def _constructor_expanddim(self) -> Any:
        from ferrodf.dataframe import DataFrame

        return DataFrame

    def count(self) -> int:
        return self._reduce("count")

    def nunique(self, dropna: bool = True) -> int:
        return self._reduce("nunique", dropna=dropna)

    def any(self, skipna: bool = True) -> bool:
        return self._reduce("any", skipna)

    def all(self, skipna: bool = True) -> bool:
        return self._reduce("all", skipna)

    def idxmin(self, skipna: bool = True) -> Any:
        return self._idx("argmin", skipna)

    def idxmax(self, skipna: bool = True) -> Any:
        return self._idx("argmax", skipna)

    def _idx(self, how: str, skipna: bool) -> Any:
        pos = self._reduce(how, skipna)
        if pos < 0:  # as pandas 3
            raise ValueError("Encountered an NA value with skipna=False")
        return self.index[pos]

    def isna(self) -> Series:
        return Series._from_lib(self._s.isna())

    isnull = isna

    def notna(self) -> Series:
        return Series._from_lib(self._s.notna())

    notnull = notna

    def astype(self, dtype: Any, copy: Any = None, errors: str = "raise") -> Series:
        if errors != "raise":
            return _pandas_args.astype_errors(self, dtype, errors)
        from ferrodf.dataframe import _dtype_name

        if isinstance(dtype, pd.CategoricalDtype) and dtype.categories is not None:
            # pandas' CategoricalDtype(categories): values outside them become missing
            if dtype.ordered:
                raise NotImplementedError(
                    "astype: ordered categoricals are not supported (ferrodf's categoricals "
                    "are unordered)"
                )
            return self.astype("category").cat.set_categories(dtype.categories)
        return Series._from_lib(self._s.astype(_dtype_name(dtype)))


class _SeriesILoc:
    __slots__ = ("_s",)

    def __init__(self, s: Series) -> None:
        self._s = s

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, int | np.integer):
            return self._s._element(int(key))
        if isinstance(key, Series):
            key = key.to_numpy()
        return self._s._take(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        """``s.iloc[rows] = value`` by position (``ferrodf::Series::iloc_set``); nothing
        is appended, and a failed assignment changes nothing."""
        s = self._s
        rows = key._s.column if isinstance(key, Series) else _rows_arg(key)
        s._s = s._s.iloc_set(rows, _series_values(value))


class _SeriesLoc:
    __slots__ = ("_s",)

    def __init__(self, s: Series) -> None:
        self._s = s

    def __getitem__(self, key: Any) -> Any:
        """``s.loc[key]`` (``ferrodf::Series::loc_get``): one value for a label found once,
        else a Series."""
        out, _ = self._s._s.loc(_loc_part(key))
        return Series._from_lib(out) if isinstance(out, _lib.Series) else out

    def __setitem__(self, key: Any, value: Any) -> None:
        """``s.loc[key] = value`` (``ferrodf::Series::loc_set``): a new label appends a
        value; a value the Series cannot hold exactly raises TypeError."""
        s = self._s
        s._s = s._s.loc_set(_loc_part(key), _series_values(value))


def _loc_part(key: Any) -> Any:
    """A ``.loc`` key with ferrodf objects unwrapped to the Rust objects the binding reads."""
    if isinstance(key, Series):
        return key._s
    if isinstance(key, Index):
        return key._index
    return key


def _series_values(value: Any) -> Any:
    """Assigned values as the binding reads them: a Series, a column or a scalar."""
    if isinstance(value, Series):
        return value._s
    if isinstance(value, pd.Series):
        return Series(value)._s
    if value is None or np.ndim(value) == 0:
        return value
    try:
        return to_plc_column(value)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
        raise TypeError(f"cannot set values of an unsupported type ({e})") from None


def _series_flex(name: str, op: str, reflected: bool) -> Any:
    def method(
        self: Series, other: Any, level: Any = None, fill_value: Any = None, axis: Any = 0
    ) -> Series:
        return self._flex(other, op, reflected, level, fill_value)

    method.__name__ = method.__qualname__ = name
    what = f"other {op} series" if reflected else f"series {op} other"
    method.__doc__ = (
        f"pandas' ``Series.{name}``: {what}, aligned on the labels, with ``fill_value`` "
        "replacing a value missing on one side."
    )
    return method


Series._iloc_class, Series._loc_class = _SeriesILoc, _SeriesLoc
_ops.add_operators(Series, _ops.OPERATORS, _series_flex)
