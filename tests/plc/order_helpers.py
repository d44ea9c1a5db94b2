"""libcudf's row ordering as a plain-Python oracle, shared by the sorting and search tests.

Rows compare column by column: a null is below every value with NullOrder.BEFORE and above
with AFTER, then DESCENDING reverses the column's result; floats order NaN above every
number and equal to NaN (-0.0 == 0.0); strings compare their UTF-8 bytes.
"""

from __future__ import annotations

import math

import ferrodf.plc as plc

Order = plc.types.Order
NullOrder = plc.types.NullOrder


def cmp_values(a, b) -> int:
    if isinstance(a, float) or isinstance(b, float):
        an, bn = math.isnan(a), math.isnan(b)
        if an or bn:
            return 0 if an and bn else (1 if an else -1)
    if isinstance(a, str):
        a, b = a.encode(), b.encode()
    return (a > b) - (a < b)


def cmp_rows(r1, r2, orders, nulls) -> int:
    for a, b, o, n in zip(r1, r2, orders, nulls, strict=True):
        if a is None or b is None:
            c = 0 if a is None and b is None else (-1 if a is None else 1)
            if n == NullOrder.AFTER:
                c = -c
        else:
            c = cmp_values(a, b)
        if o == Order.DESCENDING:
            c = -c
        if c:
            return c
    return 0
