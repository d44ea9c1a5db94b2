"""What a plot of a frame longer than ``plotting.row_limit`` draws, without moving it.

- box plots: the statistics matplotlib's ``boxplot_stats`` would compute (quartiles with
  linear interpolation, whiskers at the last values within 1.5 IQR, the mean, the values
  beyond the whiskers), computed by ferrodf and drawn with ``Axes.bxp``;
- line and area plots: an evenly spaced view of ``row_limit`` rows (first and last
  included), gathered where the frame lives;
- scatter, hexbin and kde plots: a uniform random sample of ``row_limit`` rows.

The title says which view was drawn ("sample of 50,000 of 10,000,000 rows").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ferrodf._lazy import np
from ferrodf.plotting._bins import as_float

if TYPE_CHECKING:
    from ferrodf.series import Series

SEED = 0  # samples are reproducible: the same frame plots the same points


def evenly_spaced(n: int, limit: int) -> np.ndarray:
    """``limit`` row positions spread evenly over ``n`` rows, first and last included."""
    return np.unique(np.linspace(0, n - 1, limit).round().astype(np.int64))


def random_rows(n: int, limit: int) -> np.ndarray:
    """``limit`` distinct row positions drawn uniformly from ``n`` rows, in row order."""
    return np.sort(np.random.default_rng(SEED).choice(n, size=limit, replace=False))


def note(what: str, shown: int, total: int) -> str:
    return f"{what} {shown:,} of {total:,} rows"


def with_note(title: Any, text: str) -> Any:
    """The user's title (a string, or one per subplot) with ``text`` added."""
    if title is None:
        return text
    if isinstance(title, list | tuple):
        return [f"{t} ({text})" for t in title]
    return f"{title} ({text})"


def box_stats(s: Series, label: Any, whis: Any = 1.5, limit: int = 50_000) -> dict[str, Any]:
    """``matplotlib.cbook.boxplot_stats`` of one column (``whis``: a multiple of the IQR or
    two percentiles), computed by ferrodf: scalars and the fliers (at most ``limit`` of
    them, evenly spaced in value order, as a box plot of millions of outliers draws a solid
    band anyway)."""
    x = as_float(s)
    if len(x) == 0:
        nan = float("nan")
        return dict(label=label, mean=nan, med=nan, q1=nan, q3=nan, iqr=nan,
                    cilo=nan, cihi=nan, whislo=nan, whishi=nan, fliers=np.array([]))  # fmt: skip
    q1, med, q3 = (float(v) for v in x.quantile([0.25, 0.5, 0.75]).to_numpy())
    iqr = q3 - q1
    if np.iterable(whis):  # percentiles of the data, as matplotlib takes them
        lo_lim, hi_lim = (float(v) for v in x.quantile([w / 100 for w in whis]).to_numpy())
    else:
        lo_lim, hi_lim = q1 - whis * iqr, q3 + whis * iqr
    below, above = x[x <= hi_lim], x[x >= lo_lim]
    whishi = float(below.max()) if len(below) else q3
    whislo = float(above.min()) if len(above) else q1
    whishi, whislo = max(whishi, q3), min(whislo, q1)
    low, high = x[x < whislo], x[x > whishi]
    if len(low) + len(high) > limit:
        outer = x[(x < whislo) | (x > whishi)].sort_values()
        fliers = outer.iloc[evenly_spaced(len(outer), limit)].to_numpy()
    else:  # matplotlib's order: the low ones, then the high ones
        fliers = np.concatenate([low.to_numpy(), high.to_numpy()])
    n = len(x)
    return dict(
        label=label, mean=float(x.mean()), med=med, q1=q1, q3=q3, iqr=iqr,
        cilo=med - 1.57 * iqr / np.sqrt(n), cihi=med + 1.57 * iqr / np.sqrt(n),
        whislo=whislo, whishi=whishi, fliers=fliers,
    )  # fmt: skip
