"""Kernel tuning probe for the GPU (``FERRODF_DEVICE=gpu``), one process per setting.

The tuning knobs are read once per process and name the compiled module, so a sweep runs
this script once per value, e.g.::

    for i in 11 15 19 23; do FERRODF_SCAN_ITEMS=$i python bench/tune_kernels.py --only scan; done
    for b in 1 5 6; do FERRODF_SORT_MIN_BLOCKS=$b python bench/tune_kernels.py --only sort; done
    for u in 4 8 16; do FERRODF_GATHER_UNROLL=$u python bench/tune_kernels.py --only gather; done

Knobs: ``FERRODF_SCAN_ITEMS`` (values per thread of a one-pass scan tile),
``FERRODF_SORT_ITEMS`` (keys per thread of a onesweep tile), ``FERRODF_SORT_MIN_BLOCKS``
(the onesweep pass's minimum resident blocks per SM), ``FERRODF_GATHER_UNROLL`` (rows per
thread and step of a fixed-width gather), ``FERRODF_GATHER_STREAM`` (streaming cache hints
on the gather's map and output), ``FERRODF_GATHER_BLOCKS`` (the gather grid's cap in blocks
per SM), ``FERRODF_GATHER_THREADS`` (the gather's threads per block). Prints one Markdown
row per case (median time, fraction of a CuPy device-to-device copy's bandwidth or of
CuPy's own call), with the knob values in the first column; never asserts anything.
"""

from __future__ import annotations

import argparse
import os

import pyarrow as pa
from timing import fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

KNOBS = (
    "FERRODF_SCAN_ITEMS",
    "FERRODF_SORT_ITEMS",
    "FERRODF_SORT_MIN_BLOCKS",
    "FERRODF_GATHER_UNROLL",
    "FERRODF_GATHER_STREAM",
    "FERRODF_GATHER_BLOCKS",
    "FERRODF_GATHER_THREADS",
)


def main() -> None:
    import cupy as cp

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rows", type=float, default=1e8)
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--only", choices=["scan", "sort", "gather"], action="append")
    args = p.parse_args()
    n = int(args.rows)
    only = set(args.only or ["scan", "sort", "gather"])
    knobs = " ".join(f"{k[8:]}={os.environ[k]}" for k in KNOBS if k in os.environ) or "defaults"
    sync = cp.cuda.Device().synchronize

    def fsync():
        ferrodf.synchronize()

    rng = cp.random.default_rng(0)
    a = rng.random(n, dtype=cp.float64)
    dst = cp.empty_like(a)
    t_copy = timeit(lambda: cp.copyto(dst, a), args.reps, sync)
    copy_bw = 16 * n / t_copy
    rows = []
    if "scan" in only:
        ca = plc.Column.from_array(a)
        valid = rng.random(n) >= 0.1
        masked = plc.Column.from_arrow(pa.array(cp.asnumpy(a), mask=~cp.asnumpy(valid)))
        inc = plc.reduce.ScanType.INCLUSIVE
        for name, c in [("scan sum float64", ca), ("scan sum float64, 10% nulls", masked)]:
            t = timeit(lambda c=c: plc.reduce.scan(c, plc.aggregation.sum(), inc), args.reps, fsync)
            rows.append((name, t, f"{16 * n / t / copy_bw:.0%} of copy"))
    if "sort" in only:
        i64 = rng.integers(-(2**62), 2**62, n, dtype=cp.int64)
        f64 = rng.standard_normal(n, dtype=cp.float64)
        asc, before = [plc.types.Order.ASCENDING], [plc.types.NullOrder.BEFORE]
        for name, arr in [("sort int64 (random)", i64), ("sort float64", f64)]:
            tbl = plc.Table([plc.Column.from_array(arr)])
            t = timeit(
                lambda tbl=tbl: plc.sorting.stable_sorted_order(tbl, asc, before), args.reps, fsync
            )
            t_c = timeit(lambda arr=arr: cp.argsort(arr), args.reps, sync)
            rows.append((name, t, f"CuPy argsort {fmt_t(t_c)}: {t_c / t:.2f}x"))
    if "gather" in only:
        src = plc.Table([plc.Column.from_array(rng.integers(0, 1 << 40, n, dtype=cp.int64))])
        idx = rng.integers(0, n, n, dtype=cp.int32)
        # A left join's map: every tenth entry unmatched (out of bounds, a null row).
        oob = idx.copy()
        oob[::10] = -(2**31)
        OOB = plc.copying.OutOfBoundsPolicy
        for name, m in [("gather int64, in bounds", idx), ("gather int64, 10% out of bounds", oob)]:
            cm = plc.Column.from_array(m)
            t = timeit(lambda cm=cm: plc.copying.gather(src, cm, OOB.NULLIFY), args.reps, fsync)
            rows.append((name, t, f"{20 * n / t / copy_bw:.0%} of copy"))
        t_take = timeit(lambda: cp.take(a, idx), args.reps, sync)
        rel_take = f"{20 * n / t_take / copy_bw:.0%} of copy"
        rows.append(("CuPy take float64 (reference)", t_take, rel_take))
        # Per-call cost: 1000 rows, where the kernel's time is negligible.
        small = plc.Table([plc.Column.from_array(a[:1000])])
        small_idx = idx[:1000] % 1000
        cm = plc.Column.from_array(small_idx)
        t = timeit(lambda: plc.copying.gather(small, cm, OOB.NULLIFY), args.reps * 20, fsync)
        t_c = timeit(lambda: cp.take(a[:1000], small_idx), args.reps * 20, sync)
        rows.append(("gather 1000 rows (per call)", t, f"CuPy take {fmt_t(t_c)}"))
    for name, t, rel in rows:
        print(f"| {knobs} | {name} | {fmt_t(t)} | {rel} |", flush=True)


if __name__ == "__main__":
    main()
