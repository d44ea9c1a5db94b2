from ferrodf._lib import gpumemoryview as gpumemoryview

__all__ = ["gpumemoryview"]
