"""pandas keyword arguments that ferrodf accepts for compatibility and checks, so that
callers which pass pandas' full signatures (Dask calls ``partition.sum(axis=0,
numeric_only=False)``, ``df.merge(..., indicator=False)``) work; a value ferrodf cannot
honour raises NotImplementedError naming it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

_ROWS = (None, 0, "index", "rows")


def check_axis(axis: Any, what: str) -> None:
    if axis not in _ROWS:
        raise NotImplementedError(
            f"{what} with axis={axis!r}: ferrodf reduces down the rows only (axis=0)"
        )


def reduction(func: Callable[..., Any]) -> Callable[..., Any]:
    """Let a Series reduction take pandas' ``axis`` and ``numeric_only`` keywords: ``axis``
    must mean the rows; ``numeric_only=True`` on a non-numeric Series raises TypeError, as in
    pandas."""

    @functools.wraps(func)
    def wrapper(
        self: Any, *args: Any, axis: Any = None, numeric_only: bool = False, **kw: Any
    ) -> Any:
        check_axis(axis, f"Series.{func.__name__}")
        if numeric_only and not _is_numeric(self.dtype):
            raise TypeError(
                f"Series.{func.__name__}(numeric_only=True) of a {self.dtype} Series; "
                "drop numeric_only or select numeric data"
            )
        return func(self, *args, **kw)

    return wrapper


def frame_reduction(func: Callable[..., Any]) -> Callable[..., Any]:
    """Let a DataFrame reduction take pandas' ``axis`` keyword (the rows only)."""

    @functools.wraps(func)
    def wrapper(self: Any, *args: Any, axis: Any = None, **kw: Any) -> Any:
        check_axis(axis, f"DataFrame.{func.__name__}")
        return func(self, *args, **kw)

    return wrapper


def _is_numeric(dtype: Any) -> bool:
    kind = getattr(dtype, "kind", None)
    return kind in ("i", "u", "f", "b", "c")


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
