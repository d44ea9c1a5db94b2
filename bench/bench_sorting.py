"""Sorting benchmark (plc.sorting).

On the host (default 1e7 rows): sorted_order of an int64, a float64, a string column and a
two-column key next to pyarrow's sort_indices and polars' arg_sort (when polars is
installed), with the ratio (pyarrow time / ferrodf time; > 1 means ferrodf is faster).
On a GPU (default 1e8 rows, FERRODF_DEVICE=gpu): keys per second of each sorted_order next
to CuPy's argsort of the same data (int64 full range and small range, float64, two keys),
plus a string column at a tenth of the rows.

    python bench/bench_sorting.py [--rows N] [--reps R]

Prints Markdown tables; never asserts anything.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import bench_args, fmt_t, print_host_head, timeit

import ferrodf
import ferrodf.plc as plc

ASC = [plc.types.Order.ASCENDING]
BEFORE = [plc.types.NullOrder.BEFORE]


def cpu_table(n: int, reps: int) -> None:
    try:
        import polars as pl
    except ImportError:
        pl = None
    rng = np.random.default_rng(0)
    i64 = pa.array(rng.integers(-(2**62), 2**62, n))
    f64 = pa.array(rng.standard_normal(n))
    small = pa.array(rng.integers(0, 1000, n))
    ns = n // 10
    strs = pa.array([f"key-{v:08d}" for v in rng.integers(0, ns, ns)])
    cases = [
        ("int64 (random)", pa.table({"a": i64})),
        ("int64 (0..1000)", pa.table({"a": small})),
        ("float64", pa.table({"a": f64})),
        (f"string ({ns:,} rows)", pa.table({"a": strs})),
        ("int64 (0..1000) + float64", pa.table({"a": small, "b": f64})),
    ]
    print(f"## sorted_order on the host: {n:,} rows, CPU\n")
    print_host_head("keys", pl is not None, align="---:")
    for name, tbl in cases:
        ptbl = plc.Table([plc.Column.from_arrow(c.combine_chunks()) for c in tbl.columns])
        k = tbl.num_columns
        t_o = timeit(
            lambda ptbl=ptbl, k=k: plc.sorting.stable_sorted_order(ptbl, ASC * k, BEFORE * k), reps
        )
        keys = [(c, "ascending") for c in tbl.column_names]
        t_p = timeit(lambda tbl=tbl, keys=keys: pc.sort_indices(tbl, sort_keys=keys), reps)
        row = f"| {name} | {fmt_t(t_o)} | {fmt_t(t_p)} | {t_p / t_o:.2f} |"
        if pl is not None:
            df = pl.from_arrow(tbl)
            if k == 1:
                s = df.to_series(0)
                t_l = timeit(lambda s=s: s.arg_sort(), reps)
            else:
                t_l = timeit(
                    lambda df=df, tbl=tbl: df.select(
                        pl.arg_sort_by(tbl.column_names, maintain_order=True)
                    ),
                    reps,
                )
            row += f" {fmt_t(t_l)} | {t_l / t_o:.2f} |"
        print(row)


def gpu_table(n: int, reps: int) -> None:
    import cupy as cp

    sync = cp.cuda.Device().synchronize

    def fsync():
        ferrodf.synchronize()

    rng = cp.random.default_rng(0)
    i64 = rng.integers(-(2**62), 2**62, n, dtype=cp.int64)
    small = rng.integers(0, 1000, n, dtype=cp.int64)
    f64 = rng.standard_normal(n, dtype=cp.float64)
    ns = n // 10
    host_strs = pa.array([f"key-{v:08d}" for v in np.random.default_rng(0).integers(0, ns, ns)])
    col = plc.Column.from_array
    cases = [
        ("int64 (random)", [col(i64)], lambda: cp.argsort(i64), n),
        ("int64 (0..1000)", [col(small)], lambda: cp.argsort(small), n),
        ("float64", [col(f64)], lambda: cp.argsort(f64), n),
        (
            "int64 (0..1000) + float64",
            [col(small), col(f64)],
            lambda: cp.lexsort(cp.stack([f64, small.astype(cp.float64)])),
            n,
        ),
        (f"string ({ns:,} rows)", [plc.Column.from_arrow(host_strs)], None, ns),
    ]
    print(f"## sorted_order on {ferrodf.gpu_info()['name']}: {n:,} rows\n")
    print("| keys | ferrodf | Mkeys/s | CuPy argsort | CuPy / ferrodf |")
    print("|---|---:|---:|---:|---:|")
    for name, cols, ref, rows in cases:
        tbl = plc.Table(cols)
        k = len(cols)
        t_o = timeit(
            lambda tbl=tbl, k=k: plc.sorting.stable_sorted_order(tbl, ASC * k, BEFORE * k),
            reps,
            fsync,
        )
        if ref is not None:
            t_c = timeit(ref, reps, sync)
            extra = f"{fmt_t(t_c)} | {t_c / t_o:.2f}"
        else:
            extra = "- | -"
        print(f"| {name} | {fmt_t(t_o)} | {rows / t_o / 1e6:.0f} | {extra} |")


def main() -> None:
    n, reps, use_gpu = bench_args(__doc__, reps=5)
    (gpu_table if use_gpu else cpu_table)(n, reps)


if __name__ == "__main__":
    main()
