"""``NDFrame``: the methods ``DataFrame`` and ``Series`` share, written once (pandas' common
base of the two has the same name).

Each of the two classes wraps one object of the Rust frontend (``_lib.DataFrame`` in
``_df``, ``_lib.Series`` in ``_s``), and those objects name the shared operations alike
(``index``, ``with_index``, ``clip``, ``cumulative``, ``deep_copy``, ...). So a method here
calls the wrapped object and wraps the result in the caller's own class; a subclass names
its attribute in ``_native_attr`` and its indexers in ``_iloc_class``/``_loc_class`` (and,
for type checkers, as the two type arguments).

The operators are made at import time from ``_ops``' table for each subclass; the ones
both have are declared here for type checkers, each class declares its flex methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from ferrodf.index import Index

if TYPE_CHECKING:
    from ferrodf.plotting import PlotAccessor

__all__ = ["NDFrame", "check_sort_args"]


class _Indexer(Protocol):
    """What ``.iloc`` and ``.loc`` return: an object indexed with ``[]``."""

    def __getitem__(self, key: Any) -> Any: ...


ILocT = TypeVar("ILocT", bound=_Indexer)
LocT = TypeVar("LocT", bound=_Indexer)


class NDFrame(Generic[ILocT, LocT]):
    """What a DataFrame and a Series do the same way; ``ILocT`` and ``LocT`` are the types of
    ``.iloc`` and ``.loc``."""

    __slots__ = ()

    #: The attribute that holds the wrapped Rust object ("_df" or "_s").
    _native_attr: ClassVar[str]
    #: The class of ``.iloc`` and ``.iat`` (selection by position).
    _iloc_class: ClassVar[type]
    #: The class of ``.loc`` and ``.at`` (selection by label).
    _loc_class: ClassVar[type]

    @property
    def _native(self) -> Any:
        return getattr(self, self._native_attr)

    @classmethod
    def _from_lib(cls, native: Any) -> Self:
        """Wrap a Rust frontend object without copying or checking it."""
        obj = object.__new__(cls)
        setattr(obj, cls._native_attr, native)
        return obj

    def _inplace(self, out: Self) -> None:
        """Take ``out``'s data: the end of an ``inplace=True`` operation."""
        setattr(self, self._native_attr, out._native)

    def _sort_result(self, out: Self, ignore_index: bool, inplace: bool) -> Self | None:
        """The end of every sort: renumbered with ``ignore_index``, written into ``self``
        (and None returned) with ``inplace``."""
        if ignore_index:
            out = out.reset_index(drop=True)  # type: ignore[attr-defined]
        if inplace:
            self._inplace(out)
            return None
        return out

    # -- attributes ------------------------------------------------------------------
    @property
    def index(self) -> Index:
        """The row labels."""
        return Index._from_lib(self._native.index)

    @index.setter
    def index(self, value: Any) -> None:
        setattr(self, self._native_attr, self._native.with_index(Index(value)._index))

    # -- display ---------------------------------------------------------------------
    def __repr__(self) -> str:
        return self._native.to_text()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        from ferrodf.browse import mimebundle

        return mimebundle(self)  # type: ignore[arg-type]  # self is a DataFrame or a Series

    def browse(self, page_size: int = 100, height: int = 420) -> Any:
        """An interactive view: rows fetched page by page, sort, filter and column
        summaries, all computed by ferrodf; a Series shows as one column (see
        :mod:`ferrodf.browse`)."""
        from ferrodf.browse import browse

        return browse(self, page_size, height)  # type: ignore[arg-type]  # as mimebundle

    # -- selection -------------------------------------------------------------------
    def head(self, n: int = 5) -> Self:
        """The first ``n`` rows (all but the last ``-n`` for a negative ``n``)."""
        return self.iloc[:n]

    def tail(self, n: int = 5) -> Self:
        """The last ``n`` rows (all but the first ``-n`` for a negative ``n``)."""
        return self.iloc[0:0] if n == 0 else self.iloc[-n:]

    @property
    def iloc(self) -> ILocT:
        """Selection by position: ``obj.iloc[2]``, ``obj.iloc[1:3]``, a boolean mask."""
        return self._iloc_class(self)

    @property
    def loc(self) -> LocT:
        """Selection by label: ``obj.loc["a"]``, ``obj.loc["a":"c"]``, a boolean mask."""
        return self._loc_class(self)

    iat = iloc
    at = loc

    # -- elementwise -----------------------------------------------------------------
    def clip(self, lower: Any = None, upper: Any = None) -> Self:
        """Values limited to ``[lower, upper]`` (None: no bound)."""
        return self._from_lib(self._native.clip(lower, upper))

    def round(self, decimals: int = 0) -> Self:
        """Values rounded half to even, as NumPy and pandas round."""
        return self._from_lib(self._native.round(decimals))

    def copy(self, deep: bool = True) -> Self:
        """A copy of the data; ``deep=False`` shares it with ``self``."""
        return self._from_lib(self._native.deep_copy() if deep else self._native)

    def describe(self) -> Self:
        """count, mean, std, min, quartiles and max (of each numeric column of a
        DataFrame)."""
        return self._from_lib(self._native.describe())

    # -- ordering --------------------------------------------------------------------
    def sort_index(
        self,
        *,
        axis: Any = 0,
        ascending: bool = True,
        inplace: bool = False,
        kind: str = "quicksort",
        na_position: str = "last",
        ignore_index: bool = False,
    ) -> Self | None:
        """Rows ordered by their labels (stable for every ``kind``)."""
        check_sort_args(axis, kind, na_position)
        out = self._from_lib(self._sort_index(ascending, na_position == "first"))
        return self._sort_result(out, ignore_index, inplace)

    def _sort_index(self, ascending: bool, na_first: bool) -> Any:
        """The wrapped object ordered by its labels (each class calls its own Rust)."""
        raise NotImplementedError

    # -- scans -----------------------------------------------------------------------
    def _scan(self, how: str) -> Self:
        return self._from_lib(self._native.cumulative(how))

    def cumsum(self) -> Self:
        """Running sums down the rows, as pandas' ``cumsum``."""
        return self._scan("cumsum")

    def cumprod(self) -> Self:
        """Running products down the rows, as pandas' ``cumprod``."""
        return self._scan("cumprod")

    def cummin(self) -> Self:
        """Running minimums down the rows, as pandas' ``cummin``."""
        return self._scan("cummin")

    def cummax(self) -> Self:
        """Running maximums down the rows, as pandas' ``cummax``."""
        return self._scan("cummax")

    # -- operators -------------------------------------------------------------------
    __hash__ = None  # type: ignore[assignment]  # mutable, and == is elementwise

    if TYPE_CHECKING:  # made at import time by _ops.add_operators (_ops.FRAME_OPERATORS)

        def __add__(self, o: Any) -> Self: ...
        def __radd__(self, o: Any) -> Self: ...
        def __sub__(self, o: Any) -> Self: ...
        def __rsub__(self, o: Any) -> Self: ...
        def __mul__(self, o: Any) -> Self: ...
        def __rmul__(self, o: Any) -> Self: ...
        def __truediv__(self, o: Any) -> Self: ...
        def __rtruediv__(self, o: Any) -> Self: ...
        def __floordiv__(self, o: Any) -> Self: ...
        def __rfloordiv__(self, o: Any) -> Self: ...
        def __mod__(self, o: Any) -> Self: ...
        def __rmod__(self, o: Any) -> Self: ...
        def __pow__(self, o: Any) -> Self: ...
        def __rpow__(self, o: Any) -> Self: ...
        def __eq__(self, o: Any) -> Self: ...  # type: ignore[override]
        def __ne__(self, o: Any) -> Self: ...  # type: ignore[override]
        def __lt__(self, o: Any) -> Self: ...
        def __le__(self, o: Any) -> Self: ...
        def __gt__(self, o: Any) -> Self: ...
        def __ge__(self, o: Any) -> Self: ...

    if TYPE_CHECKING:  # attached at import time by ferrodf.plotting.attach

        @property
        def plot(self) -> PlotAccessor: ...
        def hist(self, *args: Any, **kwargs: Any) -> Any: ...

    def _check_flex_level(self, op: str, level: Any) -> None:
        """pandas' flex methods take ``level``, which ferrodf does not support yet."""
        if level is not None:
            raise NotImplementedError(
                f"{type(self).__name__}.{op}(level=...) is not supported; align the "
                "MultiIndex level first (e.g. with reset_index)"
            )


def check_sort_args(axis: Any, kind: str, na_position: str) -> None:
    """Check the pandas sort keywords ferrodf reads the same way for every sort."""
    if axis not in (0, "index", "rows"):
        raise NotImplementedError("sorting along the columns (axis=1) is not supported")
    if kind not in ("quicksort", "mergesort", "heapsort", "stable"):
        raise ValueError(
            f"kind must be 'quicksort', 'mergesort', 'heapsort' or 'stable', got {kind!r}"
        )
    if na_position not in ("first", "last"):
        raise ValueError(f"na_position must be 'first' or 'last', got {na_position!r}")
