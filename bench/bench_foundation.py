"""Foundation benchmark: reduce and binary_operation throughput.

On a GPU: ferrodf's kernels at N rows (default 1e8) as GB/s and as a fraction of a
device-to-device copy of the same bytes measured in the same run (CuPy), next to CuPy's
own sum and add. On the CPU: ferrodf's host path next to NumPy, pyarrow and polars.

    python bench/bench_foundation.py [--rows N] [--reps R]

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import bench_args, timeit

import ferrodf
import ferrodf.plc as plc

BinOp = plc.binaryop.BinaryOperator
I64 = plc.DataType(plc.TypeId.INT64)
F64 = plc.DataType(plc.TypeId.FLOAT64)
B8 = plc.DataType(plc.TypeId.BOOL8)


def gpu_rows(n: int, reps: int) -> list[tuple]:
    import cupy as cp

    sync = cp.cuda.Device().synchronize

    def fsync():
        ferrodf.synchronize()

    rng = cp.random.default_rng(0)
    a_i = rng.integers(0, 1000, n, dtype=cp.int64)
    b_i = rng.integers(0, 1000, n, dtype=cp.int64)
    a_f = rng.random(n, dtype=cp.float64)
    b_f = rng.random(n, dtype=cp.float64)
    dst = cp.empty_like(a_f)
    nbytes = n * 8
    t_copy = timeit(lambda: cp.copyto(dst, a_f), reps, sync)
    copy_bw = 2 * nbytes / t_copy
    rows = [("device-to-device copy (CuPy), read+write", t_copy, 2 * nbytes, copy_bw)]

    ci = plc.Column.from_array(a_i)
    cj = plc.Column.from_array(b_i)
    cf = plc.Column.from_array(a_f)
    cg = plc.Column.from_array(b_f)
    # A nullable float column: 1 in 10 rows null; moved to the device once in warm-up.
    mask = np.ones(n, dtype=bool)
    mask[::10] = False
    cn = plc.Column.from_arrow(pa.array(cp.asnumpy(a_f), mask=~mask))
    two = plc.Scalar.from_py(2.0)

    def red(col, agg, dt):
        return lambda: plc.reduce.reduce(col, agg, dt)

    def binop(lhs, rhs, op, dt):
        return lambda: plc.binaryop.binary_operation(lhs, rhs, op, dt)

    cases = [
        ("reduce sum int64", red(ci, plc.aggregation.sum(), I64), nbytes),
        ("reduce sum float64", red(cf, plc.aggregation.sum(), F64), nbytes),
        ("reduce min float64", red(cf, plc.aggregation.min(), F64), nbytes),
        ("reduce max int64", red(ci, plc.aggregation.max(), I64), nbytes),
        ("reduce mean float64", red(cf, plc.aggregation.mean(), F64), nbytes),
        ("reduce sum float64, 10% nulls", red(cn, plc.aggregation.sum(), F64), nbytes + n / 8),
        ("binop ADD float64 col+col", binop(cf, cg, BinOp.ADD, F64), 3 * nbytes),
        ("binop MUL float64 col*scalar", binop(cf, two, BinOp.MUL, F64), 2 * nbytes),
        ("binop ADD int64 col+col", binop(ci, cj, BinOp.ADD, I64), 3 * nbytes),
        ("binop LESS float64 -> bool8", binop(cf, cg, BinOp.LESS, B8), 2 * nbytes + n),
        (
            "binop ADD float64, 10% nulls",
            binop(cn, cg, BinOp.ADD, F64),
            3 * nbytes + 2 * n / 8,
        ),
        ("CuPy sum float64 (reference)", lambda: float(a_f.sum()), nbytes),
        ("CuPy a+b float64 (reference)", lambda: a_f + b_f, 3 * nbytes),
    ]
    for name, fn, moved in cases:
        t = timeit(fn, reps, fsync if name.startswith("binop") else sync)
        rows.append((name, t, moved, moved / t))
    # Per-call overhead on a tiny column.
    small = plc.Column.from_array(cp.arange(1000, dtype=cp.float64))
    t_small = timeit(binop(small, small, BinOp.ADD, F64), 200, fsync)
    rows.append(("binop ADD 1000 rows (per-call latency)", t_small, 3 * 8000, 3 * 8000 / t_small))
    t_small_r = timeit(red(small, plc.aggregation.sum(), F64), 200)
    rows.append(("reduce sum 1000 rows (per-call latency)", t_small_r, 8000, 8000 / t_small_r))
    return [(*r, r[3] / copy_bw) for r in rows]


def cpu_rows(n: int, reps: int) -> list[tuple]:
    rng = np.random.default_rng(0)
    a_f = rng.random(n)
    b_f = rng.random(n)
    a_i = rng.integers(0, 1000, n)
    cf, cg, ci = (plc.Column.from_array(x) for x in (a_f, b_f, a_i))
    pf, pg = pa.array(a_f), pa.array(b_f)
    nbytes = n * 8
    cases = [
        ("ferrodf reduce sum float64", lambda: plc.reduce.reduce(cf, plc.aggregation.sum(), F64)),
        ("numpy sum float64", lambda: a_f.sum()),
        ("pyarrow sum float64", lambda: pc.sum(pf)),
        ("ferrodf reduce sum int64", lambda: plc.reduce.reduce(ci, plc.aggregation.sum(), I64)),
        (
            "ferrodf binop ADD float64",
            lambda: plc.binaryop.binary_operation(cf, cg, BinOp.ADD, F64),
        ),
        ("numpy add float64", lambda: a_f + b_f),
        ("pyarrow add float64", lambda: pc.add(pf, pg)),
    ]
    try:
        import polars as pl

        sf, sg = pl.Series(a_f), pl.Series(b_f)
        cases += [("polars sum float64", lambda: sf.sum()), ("polars add float64", lambda: sf + sg)]
    except ImportError:
        pass
    rows = []
    for name, fn in cases:
        t = timeit(fn, reps)
        moved = 3 * nbytes if ("add" in name or "ADD" in name) else nbytes
        rows.append((name, t, moved, moved / t, float("nan")))
    return rows


def main() -> None:
    n, reps, use_gpu = bench_args(__doc__, reps=10)
    info = ferrodf.gpu_info()
    where = f"{info['name']} ({info['arch']})" if use_gpu else "CPU (host path)"
    print(f"## ferrodf foundation benchmark: {n:,} rows on {where}\n")
    rows = gpu_rows(n, reps) if use_gpu else cpu_rows(n, reps)
    print("| operation | median time | bytes moved | GB/s | of copy bandwidth |")
    print("|---|---:|---:|---:|---:|")
    for name, t, moved, bw, frac in rows:
        frac_s = "" if frac != frac else f"{frac:.0%}"
        t_s = f"{t * 1e6:.1f} µs" if t < 1e-3 else f"{t * 1e3:.2f} ms"
        print(f"| {name} | {t_s} | {moved / 1e9:.3f} GB | {bw / 1e9:.0f} | {frac_s} |")


if __name__ == "__main__":
    main()
