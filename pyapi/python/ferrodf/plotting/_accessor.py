"""``Series.plot`` and ``DataFrame.plot``: pandas' plotting API over ferrodf data.

A frame up to ``plotting.row_limit`` rows goes to pandas as it is and pandas plots it, so
small results (``value_counts()``, ``groupby(...).sum()``) plot exactly as in pandas.
Histograms of any size are binned and counted by ferrodf. Longer frames plot what ferrodf
computed or a view of ``row_limit`` rows, chosen in :mod:`ferrodf.plotting._large`;
kinds that draw one mark per row and cannot be thinned honestly (bar, barh, pie) raise.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lazy import np, pd
from ferrodf.options import get_option
from ferrodf.plotting import _hist, _large
from ferrodf.plotting._bins import as_float, bin_counts, bin_edges, integer_valued, is_numeric
from ferrodf.plotting._box import box_plot

KINDS = ("line", "bar", "barh", "kde", "density", "area", "hist", "box", "pie", "scatter",
         "hexbin")  # fmt: skip


def _call_args(data: Any, args: tuple, kwargs: dict[str, Any]) -> tuple[Any, Any, str, dict]:
    """(x, y, kind, keywords) of a ``.plot(...)`` call, positional arguments read as pandas
    reads them (its own parser, given an empty object of the same kind)."""
    from pandas.plotting._core import PlotAccessor as PandasPlot

    from ferrodf.series import Series

    proxy = pd.Series(dtype="float64") if isinstance(data, Series) else pd.DataFrame()
    x, y, kind, kwargs = PandasPlot._get_call_args("pandas.plotting._matplotlib", proxy,
                                                   args, kwargs)  # fmt: skip
    return x, y, {"density": "kde"}.get(kind, kind), kwargs


class PlotAccessor:
    """``obj.plot(kind=...)`` and ``obj.plot.<kind>(...)`` as in pandas; returns what
    pandas returns (a matplotlib ``Axes`` or an array of them)."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from ferrodf.series import Series

        data = self._data
        x, y, kind, kwargs = _call_args(data, args, kwargs)
        if kind not in KINDS:
            raise ValueError(f"{kind} is not a valid plot kind; valid kinds: {KINDS}")
        is_frame = not isinstance(data, Series)
        if kind in ("scatter", "hexbin") and not is_frame:
            raise ValueError(f"plot kind {kind} can only be used for data frames")
        xy = {"x": x, "y": y} if is_frame else {}
        if kind == "hist":
            return self._hist(data, x, y, kwargs)
        limit = get_option("plotting.row_limit")
        n = len(data)
        if n <= limit:
            return data.to_pandas().plot(kind=kind, **xy, **kwargs)
        if kind == "box":
            return box_plot(data, y, kwargs, limit)
        if kind in ("bar", "barh", "pie"):
            raise ValueError(
                f"a {kind} plot draws one mark per row: {n:,} rows is more than "
                f"plotting.row_limit ({limit:,}); aggregate first (value_counts(), "
                "groupby(...).sum()) or raise the option"
            )
        if kind in ("scatter", "hexbin"):
            data, xy = _columns_used(data, x, y, kwargs)
        if kind in ("line", "area"):
            rows, what = _large.evenly_spaced(n, limit), "evenly spaced"
        else:
            rows, what = _large.random_rows(n, limit), "sample of"
        text = _large.note(what, len(rows), n)
        kwargs["title"] = _large.with_note(kwargs.get("title"), text)
        return data.iloc[rows].to_pandas().plot(kind=kind, **xy, **kwargs)

    # -- the kinds ------------------------------------------------------------------
    def line(self, x: Any = None, y: Any = None, **kwargs: Any) -> Any:
        return self(kind="line", **_xy(self._data, x, y), **kwargs)

    def bar(self, x: Any = None, y: Any = None, **kwargs: Any) -> Any:
        return self(kind="bar", **_xy(self._data, x, y), **kwargs)

    def barh(self, x: Any = None, y: Any = None, **kwargs: Any) -> Any:
        return self(kind="barh", **_xy(self._data, x, y), **kwargs)

    def box(self, by: Any = None, **kwargs: Any) -> Any:
        return self(kind="box", **({} if by is None else {"by": by}), **kwargs)

    def hist(self, by: Any = None, bins: Any = 10, **kwargs: Any) -> Any:
        return self(kind="hist", bins=bins, **({} if by is None else {"by": by}), **kwargs)

    def kde(self, bw_method: Any = None, ind: Any = None, **kwargs: Any) -> Any:
        return self(kind="kde", bw_method=bw_method, ind=ind, **kwargs)

    density = kde

    def area(self, x: Any = None, y: Any = None, stacked: bool = True, **kwargs: Any) -> Any:
        return self(kind="area", **_xy(self._data, x, y), stacked=stacked, **kwargs)

    def pie(self, y: Any = None, **kwargs: Any) -> Any:
        from ferrodf.series import Series

        if y is not None:
            kwargs["y"] = y
        if not isinstance(self._data, Series) and y is None and not kwargs.get("subplots"):
            raise ValueError("pie requires either y column or 'subplots=True'")
        return self(kind="pie", **kwargs)

    def scatter(self, x: Any, y: Any, s: Any = None, c: Any = None, **kwargs: Any) -> Any:
        return self(kind="scatter", x=x, y=y, s=s, c=c, **kwargs)

    def hexbin(self, x: Any, y: Any, C: Any = None, reduce_C_function: Any = None,
               gridsize: Any = None, **kwargs: Any) -> Any:  # fmt: skip
        if reduce_C_function is not None:
            kwargs["reduce_C_function"] = reduce_C_function
        if gridsize is not None:
            kwargs["gridsize"] = gridsize
        return self(kind="hexbin", x=x, y=y, C=C, **kwargs)

    # -- the paths that do not hand pandas every row --------------------------------
    def _hist(self, data: Any, x: Any, y: Any, kwargs: dict[str, Any]) -> Any:
        """pandas' ``plot.hist`` drawn from ferrodf's counts: pandas plots a frame of bin
        left edges weighted by the counts, so its styling (colors, legend, subplots) is
        its own. A named estimator (``bins="fd"``, which pandas 3 fails to plot) picks
        the bins from all the columns' values, as numbers of bins do. ``weights`` (one per
        row, or a column of them per plotted column) are summed per bin. ``by=`` needs the
        rows: pandas plots frames up to ``plotting.row_limit`` rows with it."""
        from ferrodf.series import Series

        if kwargs.get("by") is not None:
            if len(data) <= get_option("plotting.row_limit"):
                xy = {} if isinstance(data, Series) else {"x": x, "y": y}
                return data.to_pandas().plot(kind="hist", **xy, **kwargs)
            raise NotImplementedError(
                "plot.hist with by= of a frame longer than plotting.row_limit: "
                "DataFrame.hist(by=...) draws a histogram per group from ferrodf's counts"
            )
        if not isinstance(data, Series) and y is not None:
            data = data[y]
        if isinstance(data, Series):
            labels, columns = [data.name], [data]
        else:
            labels = list(data.columns)
            columns = [data[label] for label in labels]
        if isinstance(data, Series) and _hist.is_temporal(data):
            raise NotImplementedError(
                f"plot.hist of {data.dtype} values (pandas 3 draws empty bins for them); "
                "Series.hist bins timestamps on a date axis"
            )  # a frame's datetime columns are left out, as pandas leaves them out
        keep = [i for i, s in enumerate(columns) if is_numeric(s) and str(s.dtype) != "bool"]
        if not keep:
            raise TypeError("no numeric data to plot")
        # pandas bins on every numeric column, booleans included, but draws no booleans
        binned = [as_float(s) for s in columns if is_numeric(s)]
        integers = integer_valued([s for s in columns if is_numeric(s)])
        labels = [labels[i] for i in keep]
        values = [as_float(columns[i]) for i in keep]
        kwargs = dict(kwargs)
        bins, range_ = kwargs.pop("bins", 10), kwargs.pop("range", None)
        weights = kwargs.pop("weights", None)
        edges = bin_edges(binned, bins, range_, integers, weights is not None)
        row_weights = _row_weights(weights, len(values))
        counts = np.array(
            [
                bin_counts(v, edges, None if w is None else _hist.aligned(w, c)[c.notna()])
                for v, w, c in zip(values, row_weights, [columns[i] for i in keep], strict=True)
            ]
        ).T
        lefts = np.repeat(edges[:-1, None], len(values), axis=1)
        if isinstance(self._data, Series):
            frame: Any = pd.Series(lefts[:, 0], name=labels[0])
            weights = counts[:, 0]
        else:  # a frame even for one y, so that pandas opens a new figure as for frames
            frame = pd.DataFrame(lefts, columns=pd.Index(labels))
            weights = counts[:, 0] if len(labels) == 1 else counts
            if y is not None and isinstance(data, Series):
                kwargs["y"] = data.name
        return frame.plot(kind="hist", bins=edges, weights=weights, **kwargs)


def _row_weights(weights: Any, columns: int) -> list[Any]:
    """The weights of each plotted column, pandas' way: one array for all of them, or a
    column of a 2-D array per column."""
    if weights is None:
        return [None] * columns
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim == 2 and w.shape[-1] != 1:
        return [w[:, i] for i in range(columns)]
    return [w.ravel()] * columns


def _xy(data: Any, x: Any, y: Any) -> dict[str, Any]:
    """The x and y keywords of a frame's plot (a Series' plot takes neither)."""
    from ferrodf.series import Series

    if isinstance(data, Series):
        if x is not None or y is not None:
            raise TypeError("a Series' plot takes no x or y: it plots its values by index")
        return {}
    return {"x": x, "y": y}


def _columns_used(data: Any, x: Any, y: Any, kwargs: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """Only the columns a scatter or hexbin plot reads (x, y and the columns named by
    ``s``, ``c`` or ``C``), so that the sample moves no other column, and the x and y
    keywords for them (positions, which pandas also takes, become labels)."""
    labels = list(data.columns)
    positional = not any(isinstance(label, int | np.integer) for label in labels)
    used: list[Any] = []
    named = {"x": x, "y": y, "s": kwargs.get("s"), "c": kwargs.get("c"), "C": kwargs.get("C")}
    for name, value in named.items():
        if name in ("x", "y", "C") and positional and isinstance(value, int | np.integer):
            value = labels[int(value)]  # pandas reads x, y and C as positions too
            named[name] = value
            if name == "C":
                kwargs["C"] = value
        try:
            if value in labels and value not in used:
                used.append(value)
        except (TypeError, ValueError):  # an array of sizes or colors
            continue
    x, y = named["x"], named["y"]
    if x in used and y in used:
        data = data[used]
    return data, {"x": x, "y": y}
