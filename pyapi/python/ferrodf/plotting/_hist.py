"""Histograms drawn by matplotlib from counts computed by ferrodf.

``Series.hist``, ``DataFrame.hist`` and the ``hist`` kind of ``.plot`` bin the values where
they live (:mod:`ferrodf.plotting._bins`); matplotlib then gets each bin's left edge once,
weighted by its count (``ax.hist(edges[:-1], bins=edges, weights=counts)``), which draws
the same bars as the full column would. The layout (subplots, titles, tick labels) follows
pandas' ``hist_series``/``hist_frame``, with pandas' own helpers where they exist.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ferrodf._lazy import np, pd
from ferrodf.plotting._bins import (
    as_days,
    as_float,
    bin_counts,
    bin_edges,
    integer_valued,
    is_datetime,
    is_numeric,
)

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame
    from ferrodf.series import Series


def _mpl_tools() -> Any:
    """pandas' matplotlib helpers (subplots grid, tick properties), imported when a plot
    is drawn so that ``import ferrodf`` does not need matplotlib."""
    from pandas.plotting._matplotlib import tools

    return tools


def draw(
    ax: Any, columns: list[Series], bins: Any, kwds: dict[str, Any], integers: bool | None = None
) -> np.ndarray:
    """Bin the values of ``columns`` on common edges and draw them on ``ax`` as matplotlib
    draws ``ax.hist`` of those values; returns the counts (one row a column).
    ``integers``: whether pandas would hand numpy integers (found from ``columns`` when
    not given). ``weights`` in ``kwds`` go with the non-missing values, as matplotlib
    takes them from pandas."""
    kwds = dict(kwds)
    weights = kwds.pop("weights", None)
    if integers is None:
        integers = integer_valued(columns)
    dates = any(is_datetime(c) for c in columns)
    columns = [as_days(c) if is_datetime(c) else as_float(c) for c in columns]
    edges = bin_edges(columns, bins, kwds.pop("range", None), integers, weights is not None)
    if weights is None:
        counts = np.array([bin_counts(c, edges) for c in columns])
    elif len(columns) == 1:
        counts = np.array([bin_counts(columns[0], edges, aligned(weights, columns[0]))])
    else:
        raise NotImplementedError(
            "weights= in a histogram of several columns together (a group of "
            "DataFrame.hist(by=...)); plot one column at a time"
        )
    lefts = edges[:-1]
    if len(columns) == 1:
        ax.hist(lefts, bins=edges, weights=counts[0], **kwds)
    else:
        ax.hist([lefts] * len(columns), bins=edges, weights=list(counts), **kwds)
    if dates:  # matplotlib binned the days since 1970 of the timestamps: a date axis
        ax.xaxis_date()
    return counts


def aligned(weights: Any, values: Series) -> Series:
    """``weights`` (an array-like, one per value) as a Series with the index of ``values``,
    so that the filters on the values select their weights too."""
    from ferrodf.series import Series

    w = np.asarray(weights, dtype=np.float64).ravel()
    if len(w) != len(values):
        raise ValueError(
            f"weights should have the same shape as x: {len(w)} weights for {len(values)} "
            "values (the non-missing ones)"
        )
    return Series(w, index=values.index)


def is_temporal(s: Series) -> bool:
    return str(s.dtype).startswith(("datetime64", "timedelta64"))


def _temporal_not_implemented(s: Series, what: str) -> NotImplementedError:
    return NotImplementedError(
        f"{what} of {s.dtype} values (timezone-aware timestamps, durations); ferrodf bins "
        "timezone-naive timestamps and numbers: plot s.dt.tz_localize(None) or count "
        "s.dt.floor(...) with value_counts"
    )


def _numeric_or_raise(s: Series) -> Series:
    """``s`` if ``Series.hist`` can bin it (numbers, timestamps); booleans raise numpy's
    TypeError as in pandas, what pandas draws otherwise (durations, matplotlib's
    categorical histogram of labels) raises ``NotImplementedError``."""
    if str(s.dtype) == "bool":
        raise TypeError(
            "Series.hist of booleans: numpy's histogram cannot subtract them (as in pandas); "
            "plot s.astype('int64') instead"
        )
    if is_datetime(s):
        return s
    if is_temporal(s):
        raise _temporal_not_implemented(s, "Series.hist")
    if not is_numeric(s):
        raise NotImplementedError(
            f"Series.hist of {s.dtype} labels (matplotlib's categorical histogram); plot "
            "s.value_counts().plot.bar() instead"
        )
    return s


def hist_series(
    s: Series,
    by: Any = None,
    ax: Any = None,
    grid: bool = True,
    xlabelsize: int | None = None,
    xrot: float | None = None,
    ylabelsize: int | None = None,
    yrot: float | None = None,
    figsize: tuple[float, float] | None = None,
    bins: Any = 10,
    legend: bool = False,
    **kwds: Any,
) -> Any:
    """pandas' ``Series.hist``: one histogram on ``ax`` (or one per group of ``by``)."""
    import matplotlib.pyplot as plt

    tools = _mpl_tools()
    if legend and "label" in kwds:
        raise ValueError("Cannot use both legend and label")
    if by is not None:
        if "figure" in kwds:
            raise ValueError(
                "Cannot pass 'figure' when using the 'by' argument, since a new 'Figure' "
                "instance will be created"
            )
        frame = s.to_frame(name="__values__")
        keys = by.to_numpy() if hasattr(by, "to_numpy") else np.asarray(by)
        return _grouped(
            frame, ["__values__"], _host_groups(keys), ax, grid, figsize, False, False,
            kwds.pop("layout", None), bins, xlabelsize, xrot, ylabelsize, yrot,
            legend and s.name, kwds,
        )  # fmt: skip
    if kwds.get("layout") is not None:
        raise ValueError("The 'layout' keyword is not supported when 'by' is None")
    values = _numeric_or_raise(s)
    fig = kwds.pop("figure", plt.gcf() if plt.get_fignums() else plt.figure(figsize=figsize))
    if figsize is not None and tuple(figsize) != tuple(fig.get_size_inches()):
        fig.set_size_inches(*figsize, forward=True)
    if ax is None:
        ax = fig.gca()
    elif ax.get_figure() != fig:
        raise AssertionError("passed axis not bound to passed figure")
    if legend:
        kwds["label"] = s.name
    draw(ax, [values], bins, kwds)
    if legend:
        ax.legend()
    ax.grid(grid)
    tools.set_ticks_props(
        np.array([ax]), xlabelsize=xlabelsize, xrot=xrot, ylabelsize=ylabelsize, yrot=yrot
    )
    return ax


def hist_frame(
    df: DataFrame,
    column: Any = None,
    by: Any = None,
    grid: bool = True,
    xlabelsize: int | None = None,
    xrot: float | None = None,
    ylabelsize: int | None = None,
    yrot: float | None = None,
    ax: Any = None,
    sharex: bool = False,
    sharey: bool = False,
    figsize: tuple[float, float] | None = None,
    layout: tuple[int, int] | None = None,
    bins: Any = 10,
    legend: bool = False,
    **kwds: Any,
) -> Any:
    """pandas' ``DataFrame.hist``: one subplot per numeric column, each with its own bins,
    or one per group of ``by`` with the ``column``s together."""
    tools = _mpl_tools()
    if legend and "label" in kwds:
        raise ValueError("Cannot use both legend and label")
    if by is not None:
        by_list = list(by) if isinstance(by, list | tuple) else [by]
        if column is None:
            columns = list(df.columns)
        else:
            columns = list(column) if isinstance(column, list | tuple) else [column]
        return _grouped(
            df, columns, frame_groups(df, by_list), ax, grid, figsize, sharex, sharey,
            layout, bins, xlabelsize, xrot, ylabelsize, yrot, legend and column, kwds,
        )  # fmt: skip
    labels = list(df.columns)
    if column is not None:
        labels = list(column) if isinstance(column, list | tuple | np.ndarray) else [column]
    for c in labels:  # pandas plots timezone-aware timestamps and leaves durations out
        if str(df[c].dtype).startswith("datetime64") and not is_datetime(df[c]):
            raise _temporal_not_implemented(df[c], "DataFrame.hist")
    labels = [
        c for c in labels
        if is_datetime(df[c]) or (is_numeric(df[c]) and str(df[c].dtype) != "bool")
    ]  # fmt: skip
    if not labels:
        raise ValueError("hist method requires numerical or datetime columns, nothing to plot.")
    fig, axes = tools.create_subplots(
        naxes=len(labels), ax=ax, squeeze=False, sharex=sharex, sharey=sharey,
        figsize=figsize, layout=layout,
    )  # fmt: skip
    can_set_label = "label" not in kwds
    for ax_i, label in zip(tools.flatten_axes(axes), labels, strict=False):
        if legend and can_set_label:
            kwds["label"] = label
        draw(ax_i, [df[label]], bins, kwds)
        ax_i.set_title(label)
        ax_i.grid(grid)
        if legend:
            ax_i.legend()
    tools.set_ticks_props(axes, xlabelsize=xlabelsize, xrot=xrot, ylabelsize=ylabelsize, yrot=yrot)
    tools.maybe_adjust_figure(fig, wspace=0.3, hspace=0.3)
    return axes


def _host_groups(keys: np.ndarray) -> list[tuple[Any, np.ndarray]]:
    """(key, row positions) of each group of a key array already on the host, sorted by key
    and without missing keys, as ``groupby`` iterates them."""
    codes, uniques = pd.factorize(keys, sort=True)
    return [(key, np.flatnonzero(codes == i)) for i, key in enumerate(uniques)]


def frame_groups(df: DataFrame, by: list[Hashable]) -> list[tuple[Any, Any]]:
    """(key, row mask) of each group of the ``by`` columns: the distinct keys (few) come to
    the host, the masks are ferrodf comparisons where the frame lives."""
    keys = df[by].dropna().drop_duplicates().to_pandas().sort_values(by)
    groups = []
    for row in keys.itertuples(index=False, name=None):
        mask = None
        for label, value in zip(by, row, strict=True):
            test = df[label] == value
            mask = test if mask is None else mask & test
        groups.append((row[0] if len(by) == 1 else row, mask))
    return groups


def _grouped(
    df: DataFrame,
    columns: list[Hashable],
    groups: list[tuple[Any, Any]],
    ax: Any,
    grid: bool,
    figsize: Any,
    sharex: bool,
    sharey: bool,
    layout: Any,
    bins: Any,
    xlabelsize: int | None,
    xrot: float | None,
    ylabelsize: int | None,
    yrot: float | None,
    label: Any,
    kwds: dict[str, Any],
) -> Any:
    """pandas' ``_grouped_hist``: a subplot per group, titled with its key; the group's
    rows with a missing value in any of ``columns`` are left out, and its columns share
    the bins (matplotlib's rule for several datasets)."""
    from pandas.io.formats.printing import pprint_thing

    tools = _mpl_tools()
    if label:
        kwds = {**kwds, "label": label}
    fig, axes = tools.create_subplots(
        naxes=len(groups), figsize=figsize, sharex=sharex, sharey=sharey, ax=ax,
        layout=layout,
    )  # fmt: skip
    columns = [c for c in columns if is_numeric(df[c])]
    integers = integer_valued([df[c] for c in columns])  # as the whole frame reaches pandas
    for ax_i, (key, rows) in zip(tools.flatten_axes(axes), groups, strict=False):
        group = df.iloc[rows] if isinstance(rows, np.ndarray) else df[rows]
        group = group[columns].dropna()
        draw(ax_i, [group[c] for c in columns], bins, kwds, integers)
        if label:
            ax_i.legend()
        ax_i.set_title(pprint_thing(key))
    tools.set_ticks_props(
        axes, xlabelsize=xlabelsize, xrot=90 if xrot is None else xrot,
        ylabelsize=ylabelsize, yrot=yrot,
    )  # fmt: skip
    tools.maybe_adjust_figure(
        fig, bottom=0.15, top=0.9, left=0.1, right=0.9, hspace=0.5, wspace=0.3
    )
    return axes
