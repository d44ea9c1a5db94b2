from ferrodf._lib import GroupBy as GroupBy
from ferrodf._lib import GroupByRequest as GroupByRequest

__all__ = ["GroupBy", "GroupByRequest"]
