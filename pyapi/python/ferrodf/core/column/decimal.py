"""``DecimalColumn``: a column of fixed-point decimals."""

from typing import Any

from ferrodf._lazy import pd
from ferrodf.core.column.column import ColumnBase


class DecimalColumn(ColumnBase):
    """A column of fixed-point decimals."""

    __slots__ = ()

    @property
    def dtype(self) -> Any:
        """pandas' ``ArrowDtype`` of the decimal type (the widest precision of its width)."""
        return pd.ArrowDtype(self._plc.type().to_arrow())
