from ferrodf._lib import Column as Column

__all__ = ["Column"]
