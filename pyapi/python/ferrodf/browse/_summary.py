"""Per-column summaries for the browser's header, computed by ferrodf where the frame lives.

Only small results come to the host: scalars (null count, min, max, mean, distinct count),
the histogram's bin counts and the top values with their counts. The histogram is binned as
``numpy.histogram`` bins (the plots' binning) and counted with ``value_counts``, so a
10^8-row column on the GPU sends ``bins`` numbers, not its values.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ferrodf._lazy import pd
from ferrodf.browse._kinds import category_codes, column_kind
from ferrodf.plotting._bins import as_float, bin_counts

if TYPE_CHECKING:
    from ferrodf.series import Series

BINS = 20
TOP = 3


def _plain(value: Any) -> Any:
    """A reduction's result as JSON-ready Python (None for a missing one)."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NaT:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def histogram(s: Series, lo: float, hi: float, bins: int = BINS) -> list[int]:
    """Counts of ``s``'s non-null values in ``bins`` equal bins over [lo, hi] (the last bin
    takes ``hi``), as ``numpy.histogram`` bins them: the plots' binning
    (:func:`ferrodf.plotting._bins.bin_counts`), so the header and ``df.hist`` agree. One
    value (``lo == hi``) falls in the first bin."""
    values = as_float(s)
    if hi <= lo:
        return [len(values)] + [0] * (bins - 1)
    return bin_counts(values, np.linspace(lo, hi, bins + 1)).tolist()


def _top(counts: Series, labels: list[str] | None = None) -> list[list[Any]]:
    """The ``TOP`` most frequent values with their counts, most frequent first."""
    head = counts.head(TOP).to_pandas()
    return [[labels[int(v)] if labels is not None else _plain(v), int(n)] for v, n in head.items()]


def summarize(s: Series) -> dict[str, Any]:
    """The header of one column: ``dtype``, ``kind``, ``nulls`` and, by kind, ``min``,
    ``max``, ``mean`` and ``hist`` (numbers), ``distinct`` and ``top`` (strings, categoricals,
    booleans), ``min`` and ``max`` as ISO text (timestamps)."""
    kind = column_kind(s)
    out: dict[str, Any] = {"dtype": str(s.dtype), "kind": kind, "nulls": int(s.isna().sum())}
    if kind == "number":
        lo, hi = _plain(s.min()), _plain(s.max())
        out.update(min=lo, max=hi, mean=_plain(s.mean()))
        finite = isinstance(lo, int | float) and isinstance(hi, int | float)
        out["hist"] = histogram(s, float(lo), float(hi)) if finite else []
    elif kind in ("string", "bool"):
        out["distinct"] = int(s.nunique())
        out["top"] = _top(s.value_counts())
    elif kind == "category":
        codes, categories = category_codes(s)
        out["distinct"] = int(codes.nunique())
        out["top"] = _top(codes.value_counts(), categories)
    elif kind == "datetime":
        lo, hi = s.min(), s.max()
        out["min"] = None if pd.isna(lo) else pd.Timestamp(lo).isoformat()
        out["max"] = None if pd.isna(hi) else pd.Timestamp(hi).isoformat()
    return out
