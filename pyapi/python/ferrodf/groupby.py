"""``df.groupby(...)``: grouped aggregations with pandas' call conventions.

A thin wrapper of ``ferrodf._lib.FrameGroupBy`` / ``SeriesGroupBy`` (Rust: ``ferrodf::groupby``),
where the grouping rules live: aggregation specs, output labels, ``as_index``, ``sort``,
``dropna``. The grouping and the aggregations run in the core (hash groupby on the device
when a GPU is used); groups are sorted by key unless ``sort=False``.
"""

from __future__ import annotations

from typing import Any

from ferrodf import _lib

_NAMES = (
    "sum",
    "prod",
    "min",
    "max",
    "mean",
    "median",
    "count",
    "nunique",
    "first",
    "last",
    "any",
    "all",
)


def _wrap(out: Any) -> Any:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

    if isinstance(out, _lib.Series):
        return Series._from_lib(out)
    return DataFrame._from_lib(out)


class GroupBy:
    """Rows of a frame grouped by key columns or index levels; aggregate with ``agg`` or a
    named method (``sum``, ``size``, ...), scan (``cumsum``), ``transform``, ``head``."""

    def __init__(self, grouped: _lib.FrameGroupBy | _lib.SeriesGroupBy) -> None:
        self._gb = grouped

    def __getitem__(self, key: Any) -> GroupBy:
        if isinstance(self._gb, _lib.SeriesGroupBy):
            raise TypeError("a column's groups cannot be indexed further")
        return GroupBy(self._gb.get(key))

    def __getattr__(self, name: str) -> Any:
        """``gb.col`` is ``gb["col"]``, as in pandas; other names get the missing-member
        error of :mod:`ferrodf._missing`."""
        from ferrodf._missing import missing_attribute

        if not name.startswith("_") and isinstance(self.__dict__.get("_gb"), _lib.FrameGroupBy):
            try:
                return self[name]
            except (KeyError, TypeError, ValueError):
                pass
        raise missing_attribute(self, name)

    def agg(self, func: Any = None, *, ddof: int = 1, **named: Any) -> Any:
        """Aggregate: ``"sum"``, a list of names (MultiIndex columns), a dict column ->
        name(s), or named aggregations ``out=("col", "sum")``."""
        return _wrap(self._gb.aggregate(func, named, ddof))

    aggregate = agg

    def size(self) -> Any:
        """The number of rows of each group."""
        return self.agg("size")

    def std(self, ddof: int = 1) -> Any:
        return self.agg("std", ddof=ddof)

    def var(self, ddof: int = 1) -> Any:
        return self.agg("var", ddof=ddof)

    def cumsum(self) -> Any:
        """Running sum within each group, per row."""
        return _wrap(self._gb.scan("cumsum"))

    def cumprod(self) -> Any:
        return _wrap(self._gb.scan("cumprod"))

    def cummin(self) -> Any:
        return _wrap(self._gb.scan("cummin"))

    def cummax(self) -> Any:
        return _wrap(self._gb.scan("cummax"))

    def cumcount(self) -> Any:
        """The position of each row within its group (from 0)."""
        return _wrap(self._gb.cumcount())

    def head(self, n: int = 5) -> Any:
        """The first ``n`` rows of each group, in the frame's order."""
        return _wrap(self._gb.head(n))

    def tail(self, n: int = 5) -> Any:
        """The last ``n`` rows of each group, in the frame's order."""
        return _wrap(self._gb.tail(n))

    @property
    def groups(self) -> dict[Any, Any]:
        """Each group's key with the labels of its rows (an Index), keys in order, as
        pandas' ``groups``; every key moves to the host, so this is for a few groups."""
        from ferrodf.index import Index

        return {key: Index._from_lib(index) for key, index in self._gb.groups()}

    def get_group(self, name: Any, obj: Any = None) -> Any:
        """The rows of the group whose key is ``name`` (a tuple for several keys), as
        pandas' ``get_group``; KeyError when no group has that key."""
        if obj is not None:
            raise TypeError("get_group's obj argument was removed in pandas 3; select first")
        return _wrap(self._gb.get_group(name))

    def transform(self, func: Any, ddof: int = 1) -> Any:
        """Each row's group aggregate (``func`` is an aggregation name), in row order."""
        return _wrap(self._gb.transform(func, ddof))


def _named(how: str) -> Any:
    def method(self: GroupBy, numeric_only: bool = False) -> Any:
        # numeric_only: the frontend leaves non-numeric columns out before aggregating
        return _wrap(self._gb.aggregate(how, None, 1, numeric_only))

    method.__name__ = how
    method.__doc__ = f"The {how} of each group."
    return method


for _how in _NAMES:
    setattr(GroupBy, _how, _named(_how))
