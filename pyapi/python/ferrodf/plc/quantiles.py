"""pylibcudf's ``quantiles`` module: quantiles of a column and quantile rows of a table."""

from __future__ import annotations

from ferrodf._lib.quantiles import quantile as quantile
from ferrodf._lib.quantiles import quantiles as quantiles

__all__ = ["quantile", "quantiles"]
