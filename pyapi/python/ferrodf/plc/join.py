"""pylibcudf's ``join`` module: hash joins returning gather maps, and the cross join.

A row without a partner gets ``INT32_MIN`` in the other side's map (libcudf's
``JoinNoneValue``), which gathers a null row with ``OutOfBoundsPolicy.NULLIFY``.
"""

from __future__ import annotations

from ferrodf._lib.join import cross_join as cross_join
from ferrodf._lib.join import full_join as full_join
from ferrodf._lib.join import inner_join as inner_join
from ferrodf._lib.join import left_anti_join as left_anti_join
from ferrodf._lib.join import left_join as left_join
from ferrodf._lib.join import left_semi_join as left_semi_join

__all__ = [
    "cross_join",
    "full_join",
    "inner_join",
    "left_anti_join",
    "left_join",
    "left_semi_join",
]
