"""``StringColumn``: a column of strings (offsets and characters children)."""

from typing import Any

from ferrodf._lazy import np, pd
from ferrodf.core.column.column import ColumnBase


class StringColumn(ColumnBase):
    """A column of strings (offsets and characters children)."""

    __slots__ = ()

    @property
    def dtype(self) -> Any:
        """pandas 3's default string dtype (``str``: missing values read as NaN)."""
        return pd.StringDtype(na_value=np.nan)
