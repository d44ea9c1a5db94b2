"""Data-movement and element-wise benchmark for the plc modules of issue 3.

On the host (default 1e7 rows): each ferrodf function next to the closest pyarrow.compute
call, with the ratio (pyarrow time / ferrodf time; > 1 means ferrodf is faster).
On a GPU (default 1e8 rows): GB/s of each kernel and its fraction of a device-to-device
copy measured in the same run, and gather next to CuPy's ``take`` on the same data.

    python bench/bench_plc.py [--rows N] [--reps R]

Prints Markdown tables; never asserts anything.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import bench_args, fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

I32 = plc.DataType(plc.TypeId.INT32)
F64 = plc.DataType(plc.TypeId.FLOAT64)
B8 = plc.DataType(plc.TypeId.BOOL8)
OOB = plc.copying.OutOfBoundsPolicy


def cpu_table(n: int, reps: int) -> None:
    rng = np.random.default_rng(0)
    f = rng.random(n)
    f_nulls = pa.array(f, mask=rng.random(n) < 0.1)
    g = rng.random(n)
    idx = rng.integers(0, n, n).astype(np.int32)
    keep = rng.random(n) < 0.5
    strs = pa.array([f"s{i % 1000}" for i in range(n // 10)])
    small_ints = pa.array(rng.integers(0, 1000, n))
    pf, pg, pidx, pkeep = pa.array(f), pa.array(g), pa.array(idx), pa.array(keep)
    cf, cg, cn = (
        plc.Column.from_arrow(pf),
        plc.Column.from_arrow(pg),
        plc.Column.from_arrow(f_nulls),
    )
    cidx, ckeep = plc.Column.from_arrow(pidx), plc.Column.from_arrow(pkeep)
    cs, csmall = plc.Column.from_arrow(strs), plc.Column.from_arrow(small_ints)
    tf, ts = plc.Table([cf]), plc.Table([cs])
    sidx = plc.Column.from_arrow(pa.array(rng.integers(0, len(strs), len(strs)).astype(np.int32)))
    psidx = sidx.to_arrow()
    skeep = plc.Column.from_arrow(pa.array(rng.random(len(strs)) < 0.5))
    zero = plc.Scalar.from_py(0.0)
    lo, hi = plc.Scalar.from_py(0.25), plc.Scalar.from_py(0.75)
    perm = rng.permutation(n)[: n // 10].astype(np.int32)
    cperm = plc.Column.from_arrow(pa.array(perm))
    csrc = plc.Table([plc.Column.from_arrow(pa.array(rng.random(len(perm))))])
    npf = f.copy()
    cases = [
        (
            "gather float64, random int32 map",
            lambda: plc.copying.gather(tf, cidx, OOB.NULLIFY),
            lambda: pc.take(pf, pidx),
        ),
        (
            "gather string (1e6 rows)",
            lambda: plc.copying.gather(ts, sidx, OOB.NULLIFY),
            lambda: pc.take(strs, psidx),
        ),
        (
            "apply_boolean_mask float64, 50%",
            lambda: plc.stream_compaction.apply_boolean_mask(tf, ckeep),
            lambda: pc.filter(pf, pkeep),
        ),
        (
            "apply_boolean_mask string (1e6)",
            lambda: plc.stream_compaction.apply_boolean_mask(ts, skeep),
            lambda: pc.filter(strs, skeep.to_arrow()),
        ),
        (
            "copy_if_else float64 col/col",
            lambda: plc.copying.copy_if_else(cf, cg, ckeep),
            lambda: pc.if_else(pkeep, pf, pg),
        ),
        (
            "concatenate 2 x float64",
            lambda: plc.concatenate.concatenate([cf, cg]),
            lambda: pa.concat_arrays([pf, pg]),
        ),
        (
            "scatter 10% rows float64",
            lambda: plc.copying.scatter(csrc, cperm, tf),
            # scatter returns a new column: the fair NumPy equivalent copies, then puts.
            lambda: np.put(npf.copy(), perm, 0.0),
        ),
        (
            "shift float64 by 1",
            lambda: plc.copying.shift(cf, 1, zero),
            lambda: pa.concat_arrays([pa.array([0.0]), pf[:-1]]),
        ),
        (
            "replace_nulls float64 scalar",
            lambda: plc.replace.replace_nulls(cn, zero),
            lambda: pc.fill_null(f_nulls, 0.0),
        ),
        (
            "clamp float64",
            lambda: plc.replace.clamp(cf, lo, hi),
            lambda: pc.max_element_wise(pc.min_element_wise(pf, 0.75), 0.25),
        ),
        (
            "drop_nulls float64, 10% null",
            lambda: plc.stream_compaction.drop_nulls(plc.Table([cn]), [0], 1),
            lambda: pc.drop_null(f_nulls),
        ),
        (
            "scan sum float64",
            lambda: plc.reduce.scan(cf, plc.aggregation.sum(), plc.reduce.ScanType.INCLUSIVE),
            lambda: pc.cumulative_sum(pf),
        ),
        ("minmax float64", lambda: plc.reduce.minmax(cf), lambda: pc.min_max(pf)),
        (
            "distinct int64 (1000 keys)",
            lambda: plc.stream_compaction.distinct(
                plc.Table([csmall]),
                [0],
                plc.stream_compaction.DuplicateKeepOption.KEEP_ANY,
                plc.types.NullEquality.EQUAL,
                plc.types.NanEquality.ALL_EQUAL,
            ),
            lambda: pc.unique(small_ints),
        ),
        (
            "sequence int32",
            lambda: plc.filling.sequence(
                n,
                plc.Scalar.from_arrow(pa.scalar(0, pa.int32())),
                plc.Scalar.from_arrow(pa.scalar(1, pa.int32())),
            ),
            lambda: pa.array(np.arange(n, dtype=np.int32)),
        ),
        (
            "repeat float64 x2 (n/2 rows)",
            lambda: plc.filling.repeat(plc.Table([plc.Column.from_arrow(pf[: n // 2])]), 2),
            lambda: pc.take(
                pf[: n // 2], pa.array(np.repeat(np.arange(n // 2, dtype=np.int32), 2))
            ),
        ),
    ]
    print(f"## ferrodf plc host path vs pyarrow.compute: {n:,} rows, CPU\n")
    print("| operation | ferrodf | pyarrow | pyarrow / ferrodf |")
    print("|---|---:|---:|---:|")
    for name, ours, theirs in cases:
        t_o, t_p = timeit(ours, reps), timeit(theirs, reps)
        print(f"| {name} | {fmt_t(t_o)} | {fmt_t(t_p)} | {t_p / t_o:.2f} |")


def gpu_table(n: int, reps: int) -> None:
    import cupy as cp

    sync = cp.cuda.Device().synchronize

    def fsync():
        ferrodf.synchronize()

    rng = cp.random.default_rng(0)
    a = rng.random(n, dtype=cp.float64)
    b = rng.random(n, dtype=cp.float64)
    idx = rng.integers(0, n, n, dtype=cp.int32)
    keep = rng.random(n) < 0.5
    dst = cp.empty_like(a)
    nbytes = n * 8
    t_copy = timeit(lambda: cp.copyto(dst, a), reps, sync)
    copy_bw = 2 * nbytes / t_copy
    ca, cb, cidx = plc.Column.from_array(a), plc.Column.from_array(b), plc.Column.from_array(idx)
    ckeep = plc.Column.from_array(keep)
    ta = plc.Table([ca])
    kept = int(keep.sum())
    zero = plc.Scalar.from_py(0.0)
    lo, hi = plc.Scalar.from_py(0.25), plc.Scalar.from_py(0.75)
    rows = [("device-to-device copy (CuPy)", t_copy, 2 * nbytes)]
    cases = [
        (
            "gather float64, random int32 map",
            lambda: plc.copying.gather(ta, cidx, OOB.NULLIFY),
            n * 4 + 2 * nbytes,
        ),
        ("CuPy take float64 (reference)", lambda: cp.take(a, idx), n * 4 + 2 * nbytes),
        (
            "gather float64, DONT_CHECK (checked)",
            lambda: plc.copying.gather(ta, cidx, OOB.DONT_CHECK),
            n * 4 + 2 * nbytes,
        ),
        (
            "apply_boolean_mask float64, 50% kept",
            lambda: plc.stream_compaction.apply_boolean_mask(ta, ckeep),
            n + nbytes + kept * 8,
        ),
        ("CuPy a[mask] float64 (reference)", lambda: a[keep], n + nbytes + kept * 8),
        ("copy_if_else float64", lambda: plc.copying.copy_if_else(ca, cb, ckeep), n + 3 * nbytes),
        ("concatenate 2 x float64", lambda: plc.concatenate.concatenate([ca, cb]), 4 * nbytes),
        ("shift float64 by 1", lambda: plc.copying.shift(ca, 1, zero), 2 * nbytes),
        ("clamp float64", lambda: plc.replace.clamp(ca, lo, hi), 2 * nbytes),
        (
            "scan sum float64",
            lambda: plc.reduce.scan(ca, plc.aggregation.sum(), plc.reduce.ScanType.INCLUSIVE),
            2 * nbytes,
        ),
        ("minmax float64", lambda: plc.reduce.minmax(ca), nbytes),
        (
            "sequence int64",
            lambda: plc.filling.sequence(n, plc.Scalar.from_py(0), plc.Scalar.from_py(1)),
            nbytes,
        ),
        (
            "binop ADD float64",
            lambda: plc.binaryop.binary_operation(ca, cb, plc.binaryop.BinaryOperator.ADD, F64),
            3 * nbytes,
        ),
        ("reduce sum float64", lambda: plc.reduce.reduce(ca, plc.aggregation.sum(), F64), nbytes),
    ]
    if hasattr(plc, "unary"):
        U = plc.unary.UnaryOperator
        cases += [
            ("unary SQRT float64", lambda: plc.unary.unary_operation(ca, U.SQRT), 2 * nbytes),
            ("cast float64 -> int32", lambda: plc.unary.cast(ca, I32), nbytes + n * 4),
            ("is_null float64", lambda: plc.unary.is_null(ca), nbytes // 8 + n),
        ]
    for name, fn, moved in cases:
        rows.append((name, timeit(fn, reps, sync if "CuPy" in name else fsync), moved))
    print(f"## ferrodf plc on {ferrodf.gpu_info()['name']}: {n:,} rows\n")
    print("| operation | median time | bytes moved | GB/s | of copy bandwidth |")
    print("|---|---:|---:|---:|---:|")
    for name, t, moved in rows:
        bw = moved / t
        print(
            f"| {name} | {fmt_t(t)} | {moved / 1e9:.2f} GB | {bw / 1e9:.0f} | {bw / copy_bw:.0%} |"
        )


def main() -> None:
    n, reps, use_gpu = bench_args(__doc__, reps=7)
    (gpu_table if use_gpu else cpu_table)(n, reps)


if __name__ == "__main__":
    main()
