"""pylibcudf's ``scalar`` module."""

from ferrodf._lib import Scalar

__all__ = ["Scalar"]
