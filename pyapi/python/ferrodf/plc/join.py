"""pylibcudf's ``join`` module: hash joins returning gather maps, the cross join, the
conditional joins (a binary predicate ``Expression`` whose column references name the
``LEFT`` or ``RIGHT`` table), the mixed joins (equal keys and a predicate) and
``FilteredJoin`` (a right table reused by several semi/anti joins).

A row without a partner gets ``INT32_MIN`` in the other side's map (libcudf's
``JoinNoneValue``), which gathers a null row with ``OutOfBoundsPolicy.NULLIFY``. A
predicate whose value is null (over a null operand) is no match.
"""

from __future__ import annotations

from ferrodf._lib.join import FilteredJoin as FilteredJoin
from ferrodf._lib.join import conditional_full_join as conditional_full_join
from ferrodf._lib.join import conditional_inner_join as conditional_inner_join
from ferrodf._lib.join import conditional_left_anti_join as conditional_left_anti_join
from ferrodf._lib.join import conditional_left_join as conditional_left_join
from ferrodf._lib.join import conditional_left_semi_join as conditional_left_semi_join
from ferrodf._lib.join import cross_join as cross_join
from ferrodf._lib.join import full_join as full_join
from ferrodf._lib.join import inner_join as inner_join
from ferrodf._lib.join import left_anti_join as left_anti_join
from ferrodf._lib.join import left_join as left_join
from ferrodf._lib.join import left_semi_join as left_semi_join
from ferrodf._lib.join import mixed_full_join as mixed_full_join
from ferrodf._lib.join import mixed_inner_join as mixed_inner_join
from ferrodf._lib.join import mixed_left_anti_join as mixed_left_anti_join
from ferrodf._lib.join import mixed_left_join as mixed_left_join
from ferrodf._lib.join import mixed_left_semi_join as mixed_left_semi_join

__all__ = [
    "FilteredJoin",
    "conditional_full_join",
    "conditional_inner_join",
    "conditional_left_anti_join",
    "conditional_left_join",
    "conditional_left_semi_join",
    "cross_join",
    "full_join",
    "inner_join",
    "left_anti_join",
    "left_join",
    "left_semi_join",
    "mixed_full_join",
    "mixed_inner_join",
    "mixed_left_anti_join",
    "mixed_left_join",
    "mixed_left_semi_join",
]
