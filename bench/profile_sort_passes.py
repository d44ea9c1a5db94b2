"""Where the GPU sort's time goes: `stable_sorted_order` of 10^8 keys that differ in their
low `b` bytes only (b = 1..8), so the radix sort runs b digit passes after its key
extraction. A straight-line fit of time against b splits the total into the extraction
(intercept) and one pass (slope); each is also given as a share of the bytes it must move
at the device's measured copy bandwidth. CuPy's argsort and a few other key types are
timed in the same process for reference.

    FERRODF_DEVICE=gpu python3 bench/profile_sort_passes.py [--rows 1e8] [--reps 5]

Kernel variants (FERRODF_SORT_SOURCE=bench/sort_variants/X.cu, FERRODF_SORT_ITEMS,
FERRODF_SORT_MIN_BLOCKS) are compared by running this once per setting. Prints Markdown;
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from timing import timeit

import ferrodf
import ferrodf.plc as plc

KNOBS = ("FERRODF_SORT_SOURCE", "FERRODF_SORT_ITEMS", "FERRODF_SORT_MIN_BLOCKS")


def main() -> None:
    import cupy as cp
    import numpy as np

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rows", type=float, default=1e8)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="only the full int64 sort and the fit")
    args = p.parse_args()
    n = int(args.rows)
    knobs = " ".join(f"{k[8:]}={os.environ[k]}" for k in KNOBS if k in os.environ)
    print(f"\n### Sort passes, {n:.0e} keys ({knobs or 'defaults'})\n")
    rng = cp.random.default_rng(0)
    sync = cp.cuda.Device().synchronize

    def fsync() -> None:
        ferrodf.synchronize()

    a = rng.integers(0, 1 << 62, n, dtype=cp.int64)
    dst = cp.empty_like(a)
    copy_bw = 16 * n / timeit(lambda: cp.copyto(dst, a), args.reps, sync)
    asc, before = [plc.types.Order.ASCENDING], [plc.types.NullOrder.BEFORE]

    def sort_time(arr) -> float:
        tbl = plc.Table([plc.Column.from_array(arr)])
        t = timeit(lambda: plc.sorting.stable_sorted_order(tbl, asc, before), args.reps, fsync)
        check(arr, plc.sorting.stable_sorted_order(tbl, asc, before))
        return t

    def check(arr, order) -> None:
        """The order is a permutation that sorts the keys stably (a kernel variant that
        is fast but wrong must not go unseen)."""
        perm = cp.asarray(order.to_arrow().to_numpy())
        k = arr[perm]
        ties = k[1:] == k[:-1]
        ok = bool(cp.all(k[1:] >= k[:-1])) and bool(cp.all(perm[1:][ties] > perm[:-1][ties]))
        ok = ok and bool(cp.all(cp.sort(perm) == cp.arange(len(perm), dtype=perm.dtype)))
        if not ok:
            raise SystemExit(f"WRONG ORDER for {arr.dtype} keys ({knobs or 'defaults'})")

    widths = [1, 2, 4, 8] if args.quick else list(range(1, 9))
    times = {}
    for b in widths:
        hi = 1 << (8 * b - 1) if b == 8 else 1 << (8 * b)
        # Non-negative keys below 2^(8b): the sign-flipped top bytes are shared, so exactly
        # b digit passes run (b = 8: random over 2^63, every byte varies).
        keys = rng.integers(0, hi, n, dtype=cp.int64)
        if b == 8:
            keys = keys - (1 << 62)
        times[b] = sort_time(keys)
    xs = np.array(widths, dtype=float)
    ys = np.array([times[b] for b in widths])
    slope, intercept = np.polyfit(xs, ys, 1)
    print("| digit passes | time | G keys/s |")
    print("|---:|---:|---:|")
    for b in widths:
        print(f"| {b} | {times[b] * 1e3:.2f} ms | {n / times[b] / 1e9:.2f} |")
    # Bytes the model says each part must move: the extraction reads and writes 8-byte
    # keys; a pass reads and writes keys and 4-byte rows.
    extract_bytes, pass_bytes = 16 * n, 24 * n
    print(
        f"\nFit: extraction {intercept * 1e3:.2f} ms "
        f"({extract_bytes / max(intercept, 1e-9) / copy_bw:.0%} of copy bandwidth), "
        f"one pass {slope * 1e3:.2f} ms ({pass_bytes / slope / copy_bw:.0%} of copy "
        f"bandwidth); copy bandwidth {copy_bw / 1e12:.2f} TB/s.\n"
    )
    if args.quick:
        return
    full = rng.integers(-(1 << 62), 1 << 62, n, dtype=cp.int64)
    rows = [
        ("int64, random", sort_time(full)),
        ("int32, random", sort_time(rng.integers(-(1 << 31), (1 << 31) - 1, n, dtype=cp.int32))),
        ("float64, normal", sort_time(rng.standard_normal(n, dtype=cp.float64))),
    ]
    t_cupy = timeit(lambda: cp.argsort(full), args.reps, sync)
    print("| keys | ferrodf | G keys/s | CuPy argsort |")
    print("|---|---:|---:|---:|")
    for name, t in rows:
        ref = f"{t_cupy * 1e3:.2f} ms" if name == "int64, random" else ""
        print(f"| {name} | {t * 1e3:.2f} ms | {n / t / 1e9:.2f} | {ref} |")


if __name__ == "__main__":
    main()
