"""Box plots of frames longer than ``plotting.row_limit``, from ferrodf's statistics.

Each box is :func:`ferrodf.plotting._large.box_stats` of a column (or of a column within a
group of ``by``), drawn with matplotlib's ``Axes.bxp``: only a few scalars per box and its
outliers move to the host. pandas' layout for ``by`` is kept: a subplot per column, titled
with it, a box per group.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lazy import pd
from ferrodf.plotting._bins import is_numeric
from ferrodf.plotting._hist import frame_groups
from ferrodf.plotting._large import box_stats

# the keywords of every kind that shape the axes, not the marks
AXES_KEYWORDS = ("ax", "figsize", "title", "grid", "xlabel", "ylabel", "rot", "fontsize")
# pandas' other plot keywords (``_get_call_args`` fills in their defaults)
PANDAS_KEYWORDS = ("subplots", "sharex", "sharey", "layout", "style", "logx",
                   "logy", "loglog", "xticks", "yticks", "xlim", "ylim", "colormap", "table",
                   "yerr", "xerr", "secondary_y", "label", "reuse_plot")  # fmt: skip


def _split_keywords(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(axes keywords, layout keywords) taken out of ``kwargs``, which keeps ``bxp``'s;
    pandas keywords set to anything but their defaults raise ``NotImplementedError``."""
    axes_kw = {k: kwargs.pop(k) for k in AXES_KEYWORDS if k in kwargs}
    layout = {k: kwargs.pop(k, None) for k in ("sharex", "sharey", "layout")}
    for ignored in ("legend", "use_index", "subplots"):  # no legend or index in a box plot
        kwargs.pop(ignored, None)
    unsupported = [k for k in PANDAS_KEYWORDS if kwargs.pop(k, None) not in (None, False)]
    if unsupported:
        raise NotImplementedError(
            f"{', '.join(unsupported)} in a box plot of a frame longer than "
            "plotting.row_limit (drawn from ferrodf's statistics with Axes.bxp)"
        )
    return axes_kw, layout


def _decorate(ax: Any, axes_kw: dict[str, Any]) -> None:
    if axes_kw.get("grid") is not None:
        ax.grid(axes_kw["grid"])
    for key in ("xlabel", "ylabel"):
        if axes_kw.get(key) is not None:
            getattr(ax, f"set_{key}")(axes_kw[key])
    if axes_kw.get("rot") is not None or axes_kw.get("fontsize") is not None:
        ax.tick_params(axis="x", labelrotation=axes_kw.get("rot") or 0,
                       labelsize=axes_kw.get("fontsize"))  # fmt: skip


def box_plot(data: Any, y: Any, kwargs: dict[str, Any], limit: int) -> Any:
    """pandas' ``plot.box`` of a long Series or frame: one ``Axes`` with a box per numeric
    column, or with ``by=`` a Series of ``Axes`` (one per column, a box per group)."""
    import matplotlib.pyplot as plt

    from ferrodf.series import Series

    by = kwargs.pop("by", None)
    whis = kwargs.pop("whis", 1.5)
    axes_kw, layout = _split_keywords(kwargs)
    if by is not None and isinstance(data, Series):
        raise NotImplementedError("Series.plot.box(by=...): group a frame's column instead")
    if isinstance(data, Series):
        columns = {data.name: data}
    else:
        by_list = list(by) if isinstance(by, list | tuple) else ([] if by is None else [by])
        labels = list(data.columns) if y is None else (y if isinstance(y, list) else [y])
        columns = {c: data[c] for c in labels if c not in by_list}
    numeric = {k: s for k, s in columns.items() if is_numeric(s)}
    if not numeric:
        raise TypeError("no numeric data to plot")
    if by is not None:
        return _grouped_boxes(data, by_list, numeric, whis, limit, axes_kw, layout, kwargs)
    stats = [box_stats(s, k, whis, limit) for k, s in numeric.items()]
    ax = axes_kw.get("ax")
    if ax is None:
        ax = plt.figure(figsize=axes_kw.get("figsize")).add_subplot()
    ax.bxp(stats, **kwargs)
    if axes_kw.get("title") is not None:
        ax.set_title(axes_kw["title"])
    _decorate(ax, axes_kw)
    return ax


def _grouped_boxes(
    data: Any,
    by: list[Any],
    numeric: dict[Any, Any],
    whis: Any,
    limit: int,
    axes_kw: dict[str, Any],
    layout: dict[str, Any],
    kwargs: dict[str, Any],
) -> pd.Series:
    """A subplot per column titled with it, a box per group of ``by`` labelled with the
    group's key; returned as pandas returns it, a Series of ``Axes`` by column."""
    from pandas.io.formats.printing import pprint_thing
    from pandas.plotting._matplotlib import tools

    groups = frame_groups(data, by)
    fig, axes = tools.create_subplots(
        naxes=len(numeric), sharex=bool(layout["sharex"]), sharey=bool(layout["sharey"]),
        figsize=axes_kw.get("figsize"), ax=axes_kw.get("ax"), layout=layout["layout"],
        layout_type="horizontal", squeeze=False,
    )  # fmt: skip
    flat = list(tools.flatten_axes(axes))[: len(numeric)]
    for ax, (label, s) in zip(flat, numeric.items(), strict=True):
        stats = [box_stats(s[mask], pprint_thing(key), whis, limit) for key, mask in groups]
        ax.bxp(stats, **kwargs)
        ax.set_title(pprint_thing(label))
        _decorate(ax, axes_kw)
    if isinstance(axes_kw.get("title"), str):
        fig.suptitle(axes_kw["title"])
    return pd.Series(flat, index=list(numeric), dtype=object)
