"""Where the per-call cost of tiny pandas-API calls goes: each step of `Series + 1` and
`Series.sum()` timed alone on 10 rows (median µs per call, device synchronized).

    python bench/profile_overhead.py
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import pandas as pd

import ferrodf
import ferrodf.plc as plc
from ferrodf import _lib


def per_call(fn, reps=21, inner=200):
    for _ in range(inner):
        fn()
    ferrodf.synchronize()
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        ferrodf.synchronize()
        out.append((time.perf_counter() - t0) / inner)
    return statistics.median(out) * 1e6


def main() -> None:
    s = ferrodf.Series(pd.Series(np.random.default_rng(0).random(10)))
    col = s._s.column
    f64 = plc.DataType(plc.TypeId.FLOAT64)
    one = plc.Scalar.from_py(1.0)
    steps = [
        ("synchronize()", lambda: ferrodf.synchronize()),
        ("col.null_count()", lambda: col.null_count()),
        (
            "plc.binaryop col + scalar",
            lambda: plc.binaryop.binary_operation(col, one, plc.binaryop.BinaryOperator.ADD, f64),
        ),
        ("plc.transform.nans_to_nulls", lambda: plc.transform.nans_to_nulls(col)),
        ("_lib.binary_column_op(col, add, 1)", lambda: _lib.binary_column_op(col, "add", 1)),
        ("Series + 1", lambda: s + 1),
        ("Series > 0.5", lambda: s > 0.5),
        ("plc.reduce.reduce sum", lambda: plc.reduce.reduce(col, plc.aggregation.sum(), f64)),
        ("_lib.reduce_column_op(col, sum)", lambda: _lib.reduce_column_op(col, "sum")),
        ("Series.sum()", lambda: s.sum()),
    ]
    print("| step | µs per call |\n|---|---:|")
    for name, fn in steps:
        print(f"| {name} | {per_call(fn):.1f} |")


if __name__ == "__main__":
    main()
