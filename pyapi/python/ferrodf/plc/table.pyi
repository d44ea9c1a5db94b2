from ferrodf._lib import Table as Table

__all__ = ["Table"]
