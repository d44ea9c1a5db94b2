"""``fillna`` of columns that hold only missing values and no type (Arrow's null type,
ferrodf's ``empty`` dtype: what ``df[col] = None`` makes). The frontend has no type to
cast the fill value to and raises; pandas fills them with the value, so every row becomes
the value, of the value's type (ferrodf has no object dtype)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ferrodf.dataframe import DataFrame


def is_untyped(dtype: Any) -> bool:
    """Whether a column of this dtype holds nulls only and has no type (``empty``)."""
    return str(dtype) in ("empty", "<DataType EMPTY>")


def fill_untyped(df: DataFrame, value: Any) -> tuple[DataFrame, Any]:
    """df with its untyped columns that `value` fills set to the value, and what is left
    for the frontend's fillna to fill (the value, or the dict without those columns)."""
    dtypes = dict(zip(df.columns, df.dtypes.tolist(), strict=True))
    targets = value if isinstance(value, Mapping) else dict.fromkeys(dtypes, value)
    untyped = [k for k, v in targets.items() if v is not None and is_untyped(dtypes.get(k))]
    if not untyped:
        return df, value
    out = df.copy(deep=False)
    for label in untyped:
        out[label] = targets[label]
    if isinstance(value, Mapping):
        return out, {k: v for k, v in value.items() if k not in untyped}
    return out, value
