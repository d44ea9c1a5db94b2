"""pylibcudf's ``transpose`` module: output column ``i`` holds row ``i`` of the input.

The columns must share one fixed-width type; the output columns are views of one
interleaved column and carry a null mask when the input has nulls.
"""

from __future__ import annotations

from ferrodf._lib.transpose import transpose

__all__ = ["transpose"]
