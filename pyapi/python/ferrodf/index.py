"""``Index``, ``RangeIndex`` and ``MultiIndex``: row labels (see docs/frame.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ferrodf import _lib
from ferrodf._lazy import np, pa, pd
from ferrodf._missing import missing_getattr
from ferrodf.core.column.column import as_column, to_plc_column


class Index:
    """Row labels held in one column (the base class of ``RangeIndex`` and ``MultiIndex``)."""

    __slots__ = ("_host_labels", "_index")

    def __new__(cls, data: Any = None, name: Any = None, dtype: Any = None) -> Index:
        if cls is not Index:
            return super().__new__(cls)
        if isinstance(data, Index):
            return data if name is None else data.rename(name)
        if isinstance(data, pd.MultiIndex):
            return MultiIndex.from_pandas(data)
        if isinstance(data, pd.RangeIndex) and dtype is None:
            return RangeIndex(
                data.start, data.stop, data.step, name=data.name if name is None else name
            )
        if isinstance(data, pd.Index) and name is None:
            name = data.name
        values = [] if data is None else data
        index = _lib.Index.from_column(to_plc_column(values), name)
        if dtype is not None:  # pandas' casting rules (ferrodf::Index::astype)
            from ferrodf.dataframe import _dtype_name

            index = index.astype(_dtype_name(dtype))
        return Index._from_lib(index)

    __getattr__ = missing_getattr

    @staticmethod
    def _from_lib(index: _lib.Index) -> Index:
        cls = {"range": RangeIndex, "column": Index, "multi": MultiIndex}[index.kind]
        obj = object.__new__(cls)
        obj._index = index
        return obj

    def __len__(self) -> int:
        return len(self._index)

    @property
    def size(self) -> int:
        return len(self._index)

    @property
    def shape(self) -> tuple[int]:
        return (len(self._index),)

    @property
    def nlevels(self) -> int:
        return self._index.nlevels

    @property
    def name(self) -> Any:
        return self._index.names[0] if self._index.nlevels == 1 else None

    @name.setter
    def name(self, value: Any) -> None:
        self._index = self._index.with_names([value])

    @property
    def names(self) -> list[Any]:
        return list(self._index.names)

    def rename(self, name: Any) -> Index:
        names = list(name) if isinstance(name, list | tuple) and self.nlevels > 1 else [name]
        return Index._from_lib(self._index.with_names(names))

    @property
    def dtype(self) -> Any:
        return as_column(self._index.level_columns()[0]).dtype

    def to_arrow(self) -> pa.Array:
        return self._index.level_columns()[0].to_arrow()

    def to_pandas(self) -> pd.Index:
        return pd.Index(self.to_arrow().to_pandas(), name=self.name)

    def to_numpy(self) -> Any:
        return self.to_pandas().to_numpy()

    def tolist(self) -> list[Any]:
        return self.to_pandas().tolist()

    to_list = tolist

    def __contains__(self, key: Any) -> bool:
        """Whether ``key`` is one of the labels (a lookup where the labels live, as
        ``get_loc``; nothing is copied to the host)."""
        try:
            if self.nlevels > 1:  # a scalar is a first-level label, as in pandas
                self._index.get_loc_levels(list(key) if isinstance(key, tuple) else [key])
            else:
                self._index.get_loc(key)
        except (KeyError, TypeError, ValueError, NotImplementedError):
            return False
        return True

    def __iter__(self) -> Iterator[Any]:
        """Iterating copies the labels to the host, which row labels on the GPU must not do
        silently; column labels (``df.columns``) are host metadata and iterate."""
        if getattr(self, "_host_labels", False):
            return iter(self.tolist())
        raise TypeError(
            "a ferrodf Index is not iterable (its labels may be on the GPU); call .tolist() or "
            ".to_pandas() for a host copy"
        )

    @property
    def inferred_type(self) -> str:
        """pandas' name for the kind of labels ("string", "integer", ...), as pandas names
        the labels ``to_pandas()`` gives (``ferrodf::Index::inferred_type``)."""
        return self._index.inferred_type

    def min(self) -> Any:
        """The smallest label (nulls skipped)."""
        return self._index.min()

    def max(self) -> Any:
        """The largest label (nulls skipped)."""
        return self._index.max()

    def astype(self, dtype: Any) -> Index:
        """The labels cast to ``dtype``."""
        from ferrodf.dataframe import _dtype_name

        return Index._from_lib(self._index.astype(_dtype_name(dtype)))

    def to_frame(self, index: bool = True, name: Any = None) -> Any:
        """A one-column DataFrame of the labels (named ``name``, else the index's name, else
        0), indexed by this index when ``index`` (pandas' ``Index.to_frame``)."""
        from ferrodf.dataframe import DataFrame

        return DataFrame._from_lib(self._index.to_frame(index, name))

    def equals(self, other: Any) -> bool:
        """Whether ``other`` holds the same labels in the same order (pandas' ``equals``)."""
        if not isinstance(other, Index):
            return False
        from ferrodf._align import same_labels

        return same_labels(self, other)

    def _take(self, rows: Any) -> Index:
        out = Index._from_lib(self._index.select_rows(rows))
        if getattr(self, "_host_labels", False):
            out._host_labels = True  # a selection of column labels is column labels
        return out

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return self._take(key)
        if isinstance(key, int | np.integer):
            return self._index.value_at(int(key))  # one label read (Index::value_at)
        return self._take(to_plc_column(key))

    def __repr__(self) -> str:
        return self._index.to_text()

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(repr(self))}</pre>"


class RangeIndex(Index):
    """``start, start + step, ...`` up to ``stop`` (excluded); holds no data."""

    __slots__ = ()

    def __new__(
        cls, start: Any = None, stop: Any = None, step: int = 1, name: Any = None
    ) -> RangeIndex:
        if isinstance(start, range):
            start, stop, step = start.start, start.stop, start.step
        elif stop is None:
            start, stop = 0, 0 if start is None else start
        obj = object.__new__(RangeIndex)
        obj._index = _lib.Index.range(int(start), int(stop), int(step), name)
        return obj

    @property
    def start(self) -> int:
        return self._index.range_params[0]

    @property
    def stop(self) -> int:
        return self._index.range_params[1]

    @property
    def step(self) -> int:
        return self._index.range_params[2]

    def to_pandas(self) -> pd.RangeIndex:
        return pd.RangeIndex(self.start, self.stop, self.step, name=self.name)

    @property
    def dtype(self) -> Any:
        return np.dtype("int64")  # without materializing the labels


class MultiIndex(Index):
    """Row labels with several levels, one column per level."""

    __slots__ = ()

    def __new__(cls, levels: Any = None, codes: Any = None, names: Any = None) -> MultiIndex:
        if levels is None or codes is None:
            raise TypeError(
                "MultiIndex(levels, codes) needs both; or use MultiIndex.from_arrays / from_tuples"
            )
        levels_ = [to_plc_column(level) for level in levels]
        codes_ = [to_plc_column(np.asarray(c, dtype=np.int64)) for c in codes]
        names = None if names is None else list(names)
        return Index._from_lib(_lib.Index.from_codes(levels_, codes_, names))  # type: ignore[return-value]

    @classmethod
    def from_arrays(cls, arrays: Any, names: Any = None) -> MultiIndex:
        columns = [to_plc_column(a) for a in arrays]
        names = None if names is None else list(names)
        return Index._from_lib(_lib.Index.multi(columns, names))  # type: ignore[return-value]

    @classmethod
    def from_tuples(cls, tuples: Any, names: Any = None) -> MultiIndex:
        """One level per tuple position (``from_arrays`` of the transposed tuples); a
        shorter tuple is missing in the levels it lacks, as in pandas."""
        tuples = [tuple(t) for t in tuples]
        if not tuples:
            raise TypeError("Cannot infer number of levels from empty list")
        width = max(len(t) for t in tuples)
        arrays = [[t[k] if k < len(t) else None for t in tuples] for k in range(width)]
        return cls.from_arrays(arrays, names=names)

    @classmethod
    def from_pandas(cls, index: pd.MultiIndex) -> MultiIndex:
        arrays = [pa.Array.from_pandas(index.get_level_values(i)) for i in range(index.nlevels)]
        return cls.from_arrays(arrays, names=list(index.names))

    @property
    def levels_columns(self) -> list[Any]:
        return self._index.level_columns()

    def to_pandas(self) -> pd.MultiIndex:
        arrays = [c.to_arrow().to_pandas() for c in self._index.level_columns()]
        return pd.MultiIndex.from_arrays(arrays, names=self.names)

    @property
    def dtype(self) -> Any:
        return np.dtype("O")  # pandas': the labels are tuples
