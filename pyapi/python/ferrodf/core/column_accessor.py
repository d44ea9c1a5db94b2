"""``ColumnAccessor``: the ordered label -> column mapping behind every frame.

The semantics (selection by label and position, MultiIndex prefixes and wildcards, level
operations) live in the Rust frontend crate; this class adds the mapping protocol and
converts values to columns. See docs/frame.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ferrodf import _lib
from ferrodf._lazy import pd
from ferrodf.core.column.column import ColumnBase, as_column, column_class


class ColumnAccessor(Mapping):
    """An ordered mapping of unique labels to equally long columns.

    ``ColumnAccessor({'x': [1, 2, 3], 'y': ['a', 'b', 'c']})`` coerces the values to
    columns; with ``multiindex=True`` the labels are tuples, one element per level.
    """

    __slots__ = ("_ca",)

    def __init__(
        self,
        data: Mapping[Any, Any] | None = None,
        multiindex: bool = False,
        level_names: Any = None,
        rangeindex: bool = False,
        label_dtype: Any = None,
        verify: bool = True,
    ) -> None:
        del rangeindex, label_dtype, verify  # accepted for cuDF compatibility
        if isinstance(data, ColumnAccessor):
            self._ca = data._ca.copy(False)
            return
        data = {} if data is None else data
        if not isinstance(data, Mapping):
            raise TypeError(
                f"ColumnAccessor takes a mapping of labels to columns, got {type(data).__name__}"
            )
        names = list(data.keys())
        columns = [as_column(v).plc_column for v in data.values()]
        levels = None if level_names is None else list(level_names)
        self._ca = _lib.ColumnAccessor(names, columns, multiindex, levels)

    @classmethod
    def _wrap(cls, ca: _lib.ColumnAccessor) -> ColumnAccessor:
        obj = cls.__new__(cls)
        obj._ca = ca
        return obj

    # -- mapping protocol ------------------------------------------------------------
    def __getitem__(self, key: Any) -> ColumnBase:
        col = self._ca.get(key)
        return column_class(col)(col)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.set_by_label(key, value)

    def __delitem__(self, key: Any) -> None:
        self._ca.pop(key)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._ca.names)

    def __len__(self) -> int:
        return len(self._ca)

    def __contains__(self, key: object) -> bool:
        return key in self._ca

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ColumnAccessor):
            return NotImplemented
        return (
            self.names == other.names
            and self.multiindex == other.multiindex
            and self.level_names == other.level_names
            and all(
                a.to_arrow().equals(b.to_arrow())
                for a, b in zip(self.columns, other.columns, strict=True)
            )
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        items = ", ".join(f"({k!r}, {v!r})" for k, v in self.items())
        return (
            f"ColumnAccessor(OrderedColumnDict([{items}]), multiindex={self.multiindex}, "
            f"level_names={self.level_names!r})"
        )

    # -- properties ------------------------------------------------------------------
    @property
    def names(self) -> tuple[Any, ...]:
        return tuple(self._ca.names)

    @property
    def columns(self) -> tuple[ColumnBase, ...]:
        return tuple(column_class(c)(c) for c in self._ca.columns)

    @property
    def multiindex(self) -> bool:
        return self._ca.multiindex

    @property
    def level_names(self) -> tuple[Any, ...]:
        return tuple(self._ca.level_names)

    @level_names.setter
    def level_names(self, names: Any) -> None:
        self._ca.level_names = list(names)

    @property
    def nlevels(self) -> int:
        return self._ca.nlevels

    @property
    def nrows(self) -> int:
        return self._ca.nrows

    # -- mutation --------------------------------------------------------------------
    def insert(self, name: Any, value: Any, loc: int = -1) -> None:
        """Insert ``value`` under ``name`` at position ``loc`` (-1: at the end)."""
        self._ca.insert(name, as_column(value).plc_column, loc)

    def set_by_label(self, key: Any, value: Any) -> None:
        """Replace the column under ``key``, or append it when ``key`` is new."""
        self._ca.set_by_label(key, as_column(value).plc_column)

    def pop(self, key: Any, *default: Any) -> ColumnBase:  # type: ignore[override]
        """Remove and return the column under ``key``."""
        if default and key not in self._ca:
            return default[0]
        col = self._ca.pop(key)
        return column_class(col)(col)

    # -- selection -------------------------------------------------------------------
    def select_by_label(self, key: Any) -> ColumnAccessor:
        """Columns by label: a label, a list of labels or a boolean mask, a slice with
        both ends included, a tuple key, a partial tuple key (the consumed levels are
        removed) or a tuple with ``slice(None)`` wildcards."""
        return ColumnAccessor._wrap(self._ca.select_by_label(key))

    def select_by_index(self, index: Any) -> ColumnAccessor:
        """Columns by position: an int, a list of ints, a boolean mask or a slice."""
        return ColumnAccessor._wrap(self._ca.select_by_index(index))

    def droplevel(self, level: int) -> None:
        """Remove label level ``level`` in place (as cuDF's ``ColumnAccessor.droplevel``)."""
        self._ca = self._ca.droplevel(level)

    def swaplevel(self, i: int = -2, j: int = -1) -> ColumnAccessor:
        """A copy with label levels ``i`` and ``j`` swapped."""
        return ColumnAccessor._wrap(self._ca.swaplevel(i, j))

    def rename_levels(
        self, mapper: Mapping[Any, Any] | Callable[[Any], Any], level: int | None = None
    ) -> ColumnAccessor:
        """A copy with labels renamed by a dict or a function (at ``level`` only when given)."""
        return ColumnAccessor._wrap(self._ca.rename_levels(mapper, level))

    def copy(self, deep: bool = False) -> ColumnAccessor:
        """A copy; ``deep`` also copies the column data."""
        return ColumnAccessor._wrap(self._ca.copy(deep))

    def to_pandas_index(self) -> pd.Index:
        """The labels as a pandas ``Index``, ``RangeIndex`` or ``MultiIndex``."""
        names = list(self.names)
        if self.multiindex:
            n = self.nlevels
            tuples = [
                tuple(k) + ("",) * (n - len(k)) if isinstance(k, tuple) else (k,) + ("",) * (n - 1)
                for k in names
            ]
            return pd.MultiIndex.from_tuples(tuples, names=list(self.level_names))
        name = self.level_names[0] if self.level_names else None
        if names and all(isinstance(k, int) and not isinstance(k, bool) for k in names):
            start, n = names[0], len(names)
            step = names[1] - names[0] if n > 1 else 1
            if step != 0 and names == list(range(start, start + step * n, step)):
                return pd.RangeIndex(start, start + step * n, step, name=name)
        return pd.Index(names, name=name, tupleize_cols=False)
