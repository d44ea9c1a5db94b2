"""Histogram bins and counts computed by ferrodf, with ``numpy.histogram``'s rules.

Only a few scalars (a min and a max; a quantile or a standard deviation for numpy's bin
estimators) and the counts move to the host, so a 10^8-row column on the GPU plots as a
histogram from ``bins`` numbers. The bin of each value is found with
Series arithmetic as numpy finds it (the same float operations, then numpy's one-bin
correction against the edges), so the counts equal ``numpy.histogram``'s, and matplotlib,
which draws them, shows what pandas would show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ferrodf._lazy import np

if TYPE_CHECKING:
    from ferrodf.series import Series


def is_numeric(s: Series) -> bool:
    """Whether ``s`` holds numbers or booleans (what pandas' histograms plot)."""
    try:
        return np.dtype(str(s.dtype)).kind in "biuf"
    except TypeError:
        return False


PER_SECOND = {"s": 1, "ms": 1_000, "us": 1_000_000, "ns": 1_000_000_000}


def is_datetime(s: Series) -> bool:
    """A timezone-naive timestamp column (what matplotlib's date axis bins here)."""
    unit = str(s.dtype).removeprefix("datetime64[").removesuffix("]")
    return str(s.dtype).startswith("datetime64[") and unit in PER_SECOND


def as_days(s: Series) -> Series:
    """matplotlib's ``date2num`` of a timestamp column, computed by ferrodf: float days
    since 1970, from whole seconds plus the rest in nanoseconds over 1e9, the same float
    operations matplotlib does, so that the bins are the ones matplotlib finds."""
    import pandas as pd

    since_epoch = s.dropna() - pd.Timestamp(0)  # a duration, in its own unit
    per_second = PER_SECOND[str(since_epoch.dtype).removeprefix("timedelta64[")[:-1]]
    ticks = since_epoch.astype("int64")
    seconds = ticks // per_second
    rest_ns = (ticks - seconds * per_second) * (1_000_000_000 // per_second)
    days = seconds.astype("float64") + rest_ns.astype("float64") / 1.0e9
    return days / 86400.0


def as_float(s: Series) -> Series:
    """``s`` without its missing values (nulls and NaN, which pandas drops), as float64:
    numpy subtracts the first edge in float64, so ints and bools are binned as floats."""
    return s.dropna().astype("float64")


def _finite_range(first: float, last: float, what: str) -> tuple[float, float]:
    if not (math.isfinite(first) and math.isfinite(last)):
        raise ValueError(f"{what} range of [{first}, {last}] is not finite")
    if first == last:  # numpy widens an empty range to avoid dividing by zero
        return first - 0.5, last + 0.5
    return first, last


def integer_valued(columns: Sequence[Series]) -> bool:
    """Whether numpy would get these columns' values as integers: integer dtypes without
    missing values (pandas turns an integer column with nulls into floats)."""
    return all(str(c.dtype).startswith(("int", "uint")) and not c.isna().any() for c in columns)


def bin_edges(
    columns: Sequence[Series],
    bins: Any = 10,
    range: tuple[float, float] | None = None,
    integers: bool = False,
    weighted: bool = False,
) -> np.ndarray:
    """``numpy.histogram_bin_edges`` of the values of ``columns`` together (float64, their
    missing values dropped): ``bins`` equal bins over ``range`` or the data's, the number
    numpy's estimator named by ``bins`` picks, or the edges given."""
    if isinstance(bins, str):
        if weighted:
            raise TypeError(
                "Automated estimation of the number of bins is not supported for weighted data"
            )
        bins = estimated_bins(columns, bins, range, integers)
    if np.ndim(bins) == 1:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.size < 2 or np.any(edges[:-1] > edges[1:]):
            raise ValueError("`bins` must increase monotonically, when an array")
        return edges
    if isinstance(bins, bool) or not isinstance(bins, int | np.integer):
        raise TypeError(f"`bins` must be an integer or an array of edges, got {bins!r}")
    if bins < 1:
        raise ValueError("`bins` must be positive, when an integer")
    first, last = _outer_edges(columns, range)
    return np.linspace(first, last, int(bins) + 1, endpoint=True)


def _outer_edges(
    columns: Sequence[Series], range: tuple[float, float] | None
) -> tuple[float, float]:
    """numpy's ``_get_outer_edges``: the range given, else the values' min and max (0 and
    1 for no values), an empty range widened by 0.5 each way."""
    if range is not None:
        first, last = (float(v) for v in range)
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        return _finite_range(first, last, "supplied")
    present = [c for c in columns if len(c)]
    if not present:
        return 0.0, 1.0
    lows = [float(c.min()) for c in present]
    highs = [float(c.max()) for c in present]
    return _finite_range(min(lows), max(highs), "autodetected")


def _together(columns: Sequence[Series]) -> Series:
    """The values of ``columns`` as one Series (numpy flattens them before estimating)."""
    if len(columns) == 1:
        return columns[0]
    from ferrodf.dataframe import concat

    return concat([c.to_frame(name="v") for c in columns], ignore_index=True)["v"]


def _width(x: Series, how: str) -> float:
    """numpy's bin width estimators (``_hist_bin_*``), with ferrodf's reductions."""
    n = len(x)
    ptp = float(x.max()) - float(x.min())
    sturges = ptp / (math.log2(n) + 1.0)
    if how in ("fd", "auto"):
        q3, q1 = (float(v) for v in x.quantile([0.75, 0.25]).to_numpy())
        fd = 2.0 * (q3 - q1) * n ** (-1.0 / 3.0)
        # "auto": numpy bounds fd by half the sqrt width to limit the number of bins
        return fd if how == "fd" else min(max(fd, ptp / math.sqrt(n) / 2), sturges)
    if how == "doane":
        sigma = float(x.std(ddof=0)) if n > 2 else 0.0
        if sigma <= 0.0:
            return 0.0
        sg1 = math.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
        g1 = float((((x - float(x.mean())) / sigma) ** 3).mean())
        return ptp / (1.0 + math.log2(n) + math.log2(1.0 + abs(g1) / sg1))
    return {
        "sqrt": lambda: ptp / math.sqrt(n),
        "sturges": lambda: sturges,
        "rice": lambda: ptp / (2.0 * n ** (1.0 / 3)),
        "scott": lambda: (24.0 * math.pi**0.5 / n) ** (1.0 / 3.0) * float(x.std(ddof=0)),
    }[how]()


ESTIMATORS = ("auto", "fd", "doane", "scott", "rice", "sturges", "sqrt")


def estimated_bins(
    columns: Sequence[Series], how: str, range: tuple[float, float] | None, integers: bool
) -> int:
    """The number of equal bins numpy's estimator ``how`` picks for the values of
    ``columns`` together (``numpy.histogram_bin_edges(a, bins=how)``); ``integers``: the
    values reach numpy as integers (no bin narrower than 1 then)."""
    if how == "stone":
        raise NotImplementedError(
            "bins='stone' minimizes a cross-validation estimate over every bin count, "
            f"with the whole column; use one of {ESTIMATORS} or a number of bins"
        )
    if how not in ESTIMATORS:
        raise ValueError(f"{how!r} is not a valid estimator for `bins`")
    first, last = _outer_edges(columns, range)
    x = _together(columns)
    if range is not None:
        x = x[(x >= first) & (x <= last)]
    if len(x) == 0:
        return 1
    width = _width(x, how)
    if not width:
        return 1
    if integers and width < 1:
        width = 1
    return int(np.ceil((last - first) / width))


def _uniform(edges: np.ndarray) -> bool:
    """Whether ``edges`` are numpy's equal bins (``linspace`` of their ends)."""
    n = len(edges) - 1
    return bool(np.array_equal(edges, np.linspace(edges[0], edges[-1], n + 1)))


def bin_counts(values: Series, edges: np.ndarray, weights: Series | None = None) -> np.ndarray:
    """How many of ``values`` (float64, no missing values) fall in each bin, or the sum of
    their ``weights`` (a Series with the same index): bin ``i`` holds
    ``edges[i] <= x < edges[i + 1]``, the last one also ``edges[-1]``; values outside the
    edges are not counted (``numpy.histogram``)."""
    n = len(edges) - 1
    first, last = float(edges[0]), float(edges[-1])
    dtype = np.int64 if weights is None else np.float64
    if len(values) == 0:
        return np.zeros(n, dtype=dtype)
    keep = (values >= first) & (values <= last)
    inside = values[keep]
    inside_weights = None if weights is None else weights[keep]
    if not _uniform(edges) or first == last:
        # cumulative counts at each edge, as numpy's searchsorted path counts them
        def below(mask: Series) -> float:
            return float(mask.sum() if inside_weights is None else inside_weights[mask].sum())

        cumulative = [below(inside < float(e)) for e in edges[:-1]]
        cumulative.append(below(inside <= last))
        return np.diff(np.asarray(cumulative, dtype=np.float64)).astype(dtype)
    if len(inside) == 0:
        return np.zeros(n, dtype=dtype)
    step = (last - first) / n  # linspace's step: edge i is i * step + first
    index = (((inside - first) / (last - first)) * n // 1).clip(0, n - 1)
    index = index - (inside < index * step + first)
    upper = (index + 1) * step + first
    index = (index + ((inside >= upper) & (index != n - 1))).astype("int64")  # whole numbers
    if inside_weights is None:
        found = index.value_counts().to_pandas()
    else:
        from ferrodf.dataframe import DataFrame

        pairs = DataFrame({"bin": index, "weight": inside_weights})
        found = pairs.groupby("bin").agg({"weight": "sum"}).to_pandas()["weight"]
    counts = np.zeros(n, dtype=dtype)
    counts[found.index.to_numpy(dtype=np.int64)] = found.to_numpy(dtype=dtype)
    return counts
