"""``CategoricalColumn``: a column of dictionary-encoded values."""

from typing import Any

from ferrodf._lazy import pd
from ferrodf.core.column.column import ColumnBase


class CategoricalColumn(ColumnBase):
    """A column of dictionary-encoded values."""

    __slots__ = ()

    @property
    def dtype(self) -> Any:
        """pandas' ``CategoricalDtype`` with the dictionary's categories (the keys child,
        copied to the host: the categories, not the data)."""
        keys = self._plc.children()[1].to_arrow().to_pandas()
        return pd.CategoricalDtype(categories=keys, ordered=False)
