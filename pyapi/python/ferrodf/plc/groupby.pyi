from ferrodf._lib.groupby import GroupBy as GroupBy
from ferrodf._lib.groupby import GroupByRequest as GroupByRequest

__all__ = ["GroupBy", "GroupByRequest"]
