"""``df.groupby(...)``: grouped aggregations with pandas' call conventions.

The grouping and the aggregations run in the core (hash groupby on the device when a GPU
is used); groups are sorted by key unless ``sort=False``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series

_NAMES = (
    "sum",
    "prod",
    "min",
    "max",
    "mean",
    "median",
    "std",
    "var",
    "count",
    "nunique",
    "first",
    "last",
    "any",
    "all",
)


class GroupBy:
    """Rows of a frame grouped by key columns; aggregate with ``agg`` or a named method."""

    def __init__(
        self,
        df: DataFrame,
        by: Any,
        sort: bool = True,
        dropna: bool = True,
        as_index: bool = True,
        selection: Any = None,
    ) -> None:
        self._df = df
        self._by = list(by) if isinstance(by, list | tuple) and not isinstance(by, str) else [by]
        missing = [b for b in self._by if b not in df]
        if missing:
            raise KeyError(f"groupby keys {missing} are not columns of the frame")
        self._sort, self._dropna, self._as_index = sort, dropna, as_index
        self._selection = selection

    def __getitem__(self, key: Any) -> GroupBy:
        return GroupBy(self._df, self._by, self._sort, self._dropna, self._as_index, selection=key)

    def _value_columns(self) -> list[Any]:
        if self._selection is None:
            return [n for n in self._df._data.names if n not in self._by]
        return list(self._selection) if isinstance(self._selection, list) else [self._selection]

    def _series_result(self) -> bool:
        return self._selection is not None and not isinstance(self._selection, list)

    def _run(self, requests: list[tuple[Any, str, Any]], ddof: int = 1) -> DataFrame:
        from ferrodf.dataframe import DataFrame

        out = self._df._df.groupby_agg(
            self._by, requests, self._sort, self._dropna, self._as_index, ddof
        )
        return DataFrame._from_lib(out)

    def agg(self, func: Any = None, *, ddof: int = 1, **named: Any) -> DataFrame | Series:
        """Aggregate: ``"sum"``, a list of names (MultiIndex columns), a dict column ->
        name(s), or named aggregations ``out=("col", "sum")``."""
        if named:
            requests = [(col, how, out) for out, (col, how) in named.items()]
            return self._run(requests, ddof)
        if isinstance(func, str):
            requests = [(c, func, c) for c in self._value_columns()]
            result = self._run(requests, ddof)
            return (
                result[result._data.names[-1]]
                if self._series_result() and self._as_index
                else result
            )
        if isinstance(func, list):
            requests = [
                (c, f, (c, f) if not self._series_result() else f)
                for c in self._value_columns()
                for f in func
            ]
            return self._run(requests, ddof)
        if isinstance(func, dict):
            requests = []
            multi = any(isinstance(v, list) for v in func.values())
            for c, fs in func.items():
                for f in fs if isinstance(fs, list) else [fs]:
                    requests.append((c, f, (c, f) if multi else c))
            return self._run(requests, ddof)
        raise TypeError(
            "agg takes a name, a list of names, a dict or named aggregations; "
            f"got {type(func).__name__}"
        )

    aggregate = agg

    def size(self) -> Series:
        key = self._by[0]
        result = self._run([(key, "size", "size")])
        return result["size"].rename(None) if self._as_index else result

    def _scan(self, how: str) -> Any:
        from ferrodf.dataframe import DataFrame

        cols = self._value_columns()
        out = DataFrame._from_lib(self._df._df.groupby_scan(self._by, cols, how, self._dropna))
        return out[cols[0]] if self._series_result() else out

    def cumsum(self) -> Any:
        """Running sum within each group, per row."""
        return self._scan("cumsum")

    def cumprod(self) -> Any:
        return self._scan("cumprod")

    def cummin(self) -> Any:
        return self._scan("cummin")

    def cummax(self) -> Any:
        return self._scan("cummax")

    def cumcount(self) -> Series:
        """The position of each row within its group (from 0)."""
        from ferrodf.dataframe import DataFrame
        from ferrodf.series import Series

        out = DataFrame._from_lib(self._df._df.groupby_scan(self._by, [], "cumcount", self._dropna))
        return Series._from_lib(out._df.column(None))

    def head(self, n: int = 5) -> DataFrame:
        """The first ``n`` rows of each group, in the frame's order."""
        position = self.cumcount()
        return self._df[(position < n).fillna(False)]

    def transform(self, func: str, ddof: int = 1) -> Any:
        """Each row's group aggregate (``func`` is an aggregation name), in row order."""
        from ferrodf.dataframe import DataFrame

        if not isinstance(func, str):
            raise NotImplementedError("transform takes an aggregation name such as 'sum' or 'mean'")
        cols = self._value_columns()
        out = DataFrame._from_lib(
            self._df._df.groupby_transform(self._by, cols, func, self._dropna, ddof)
        )
        return out[cols[0]] if self._series_result() else out

    def std(self, ddof: int = 1) -> Any:
        return self.agg("std", ddof=ddof)

    def var(self, ddof: int = 1) -> Any:
        return self.agg("var", ddof=ddof)


def _named(how: str) -> Any:
    def method(self: GroupBy) -> Any:
        return self.agg(how)

    method.__name__ = how
    method.__doc__ = f"The {how} of each group."
    return method


for _how in _NAMES:
    if not hasattr(GroupBy, _how):
        setattr(GroupBy, _how, _named(_how))
