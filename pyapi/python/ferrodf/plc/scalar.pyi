from ferrodf._lib import Scalar as Scalar

__all__ = ["Scalar"]
