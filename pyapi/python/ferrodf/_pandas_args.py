"""pandas keyword arguments that ferrodf accepts for compatibility and checks, so that
callers which pass pandas' full signatures (Dask calls ``partition.sum(axis=0,
numeric_only=False)``, ``df.merge(..., indicator=False)``) work; a value ferrodf cannot
honour raises NotImplementedError naming it."""

from __future__ import annotations

from typing import Any

_ROWS = (None, 0, "index", "rows")


def check_axis(axis: Any, what: str) -> None:
    if axis not in _ROWS:
        raise NotImplementedError(
            f"{what} with axis={axis!r}: ferrodf reduces down the rows only (axis=0)"
        )


def check_indicator(indicator: Any) -> None:
    if indicator:
        raise NotImplementedError(
            "merge(indicator=True): ferrodf has no _merge indicator column; "
            "use how='leftanti' / 'leftsemi' to find unmatched or matched rows"
        )


def astype_errors(obj: Any, dtype: Any, errors: str) -> Any:
    """pandas' ``astype(errors=...)``: ``"ignore"`` returns ``obj`` unchanged (a shallow
    copy) where the cast fails; returns None for ``"raise"`` (the caller casts)."""
    if errors == "ignore":
        try:
            return obj.astype(dtype)
        except (TypeError, ValueError, NotImplementedError):
            return obj.copy(deep=False)
    if errors != "raise":
        raise ValueError(f"astype(errors={errors!r}): errors is 'raise' or 'ignore'")
    return None
