"""libcudf's row ordering as a plain-Python oracle, shared by the sorting and search tests.

Rows compare column by column: a null is below every value with NullOrder.BEFORE and above
with AFTER, then DESCENDING reverses the column's result; floats order NaN above every
number and equal to NaN (-0.0 == 0.0); strings compare their UTF-8 bytes.
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa

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


STRUCT_KEY_TYPE = pa.struct(
    [("x", pa.int64()), ("y", pa.string()), ("s", pa.struct([("z", pa.int8())]))]
)


def struct_keys(seed: int, n: int) -> pa.Array:
    """n STRUCT key rows with nulls at every level (the struct, its fields, a nested
    struct and its field), drawn from few distinct values so that rows repeat."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        if rng.random() < 0.15:
            rows.append(None)
            continue
        inner = (
            None
            if rng.random() < 0.15
            else {"z": None if rng.random() < 0.2 else int(rng.integers(0, 2))}
        )
        x = None if rng.random() < 0.2 else int(rng.integers(0, 3))
        rows.append({"x": x, "y": str(rng.choice(["a", "b"])), "s": inner})
    return pa.array(rows, STRUCT_KEY_TYPE)


def nested_rows_equal(a, b, nulls_equal: bool) -> bool:
    """libcudf's equality of nested rows: nulls (at any level) equal only under
    nulls_equal."""
    if a is None or b is None:
        return nulls_equal and a is None and b is None
    if isinstance(a, dict):
        return all(nested_rows_equal(a[k], b[k], nulls_equal) for k in a)
    return a == b
