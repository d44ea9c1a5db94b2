"""Histogram bins and counts computed by ferrodf, with ``numpy.histogram``'s rules.

Only two scalars (a min and a max) and the counts move to the host, so a 10^8-row column
on the GPU plots as a histogram from ``bins`` numbers. The bin of each value is found with
Series arithmetic as numpy finds it (the same float operations, then numpy's one-bin
correction against the edges), so the counts equal ``numpy.histogram``'s, and matplotlib,
which draws them, shows what pandas would show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from ferrodf.series import Series


def is_numeric(s: Series) -> bool:
    """Whether ``s`` holds numbers or booleans (what pandas' histograms plot)."""
    try:
        return np.dtype(str(s.dtype)).kind in "biuf"
    except TypeError:
        return False


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


def bin_edges(
    columns: Sequence[Series], bins: Any = 10, range: tuple[float, float] | None = None
) -> np.ndarray:
    """``numpy.histogram_bin_edges`` of the values of ``columns`` together (float64, their
    missing values dropped): ``bins`` equal bins over ``range`` or the data's, or the edges
    given."""
    if isinstance(bins, str):
        raise NotImplementedError(
            f"bins={bins!r}: ferrodf's histograms take a number of bins or the edges; "
            "numpy's bin estimators need the whole column on the host"
        )
    if np.ndim(bins) == 1:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.size < 2 or np.any(edges[:-1] > edges[1:]):
            raise ValueError("`bins` must increase monotonically, when an array")
        return edges
    if isinstance(bins, bool) or not isinstance(bins, int | np.integer):
        raise TypeError(f"`bins` must be an integer or an array of edges, got {bins!r}")
    if bins < 1:
        raise ValueError("`bins` must be positive, when an integer")
    if range is not None:
        first, last = (float(v) for v in range)
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        first, last = _finite_range(first, last, "supplied")
    else:
        present = [c for c in columns if len(c)]
        if not present:
            first, last = 0.0, 1.0  # numpy's range for no data
        else:
            lows = [float(c.min()) for c in present]
            highs = [float(c.max()) for c in present]
            first, last = _finite_range(min(lows), max(highs), "autodetected")
    return np.linspace(first, last, int(bins) + 1, endpoint=True)


def _uniform(edges: np.ndarray) -> bool:
    """Whether ``edges`` are numpy's equal bins (``linspace`` of their ends)."""
    n = len(edges) - 1
    return bool(np.array_equal(edges, np.linspace(edges[0], edges[-1], n + 1)))


def bin_counts(values: Series, edges: np.ndarray) -> np.ndarray:
    """How many of ``values`` (float64, no missing values) fall in each bin: bin ``i`` holds
    ``edges[i] <= x < edges[i + 1]``, the last one also ``edges[-1]``; values outside the
    edges are not counted (``numpy.histogram``)."""
    n = len(edges) - 1
    first, last = float(edges[0]), float(edges[-1])
    if len(values) == 0:
        return np.zeros(n, dtype=np.int64)
    inside = values[(values >= first) & (values <= last)]
    if not _uniform(edges) or first == last:
        # cumulative counts at each edge, as numpy's searchsorted path counts them
        below = [int((inside < float(e)).sum()) for e in edges[:-1]] + [len(inside)]
        return np.diff(np.asarray(below, dtype=np.int64))
    if len(inside) == 0:
        return np.zeros(n, dtype=np.int64)
    step = (last - first) / n  # linspace's step: edge i is i * step + first
    index = (((inside - first) / (last - first)) * n // 1).clip(0, n - 1)
    index = index - (inside < index * step + first)
    upper = (index + 1) * step + first
    index = index + ((inside >= upper) & (index != n - 1))
    found = index.value_counts().to_pandas()
    counts = np.zeros(n, dtype=np.int64)
    counts[found.index.to_numpy(dtype=np.int64)] = found.to_numpy(dtype=np.int64)
    return counts
