"""Join benchmark (plc.join).

On the host (default 1e7 x 1e7 and 1e7 x 1e5 rows): ferrodf's inner and left joins (gather
maps) next to pyarrow's ``Table.join`` and polars' ``DataFrame.join`` (when importable),
int64 and string keys; the ratio is (other time / ferrodf time; > 1: ferrodf is faster).
Note the others also materialise the joined columns while ferrodf returns gather maps, so
the ferrodf row also shows the time with both key columns gathered.

On a GPU (FERRODF_DEVICE=gpu; default 1e8 x 1e5 and 1e8 x 1e8): inner join times next to
cuDF's db-benchmark figures on an H200 (J1 q1 "small inner on int" 35 ms, q5 "big inner on
int" 102 ms), and the probe rate in rows/s.

    python bench/bench_join.py [--rows N] [--small M] [--reps R]

Prints Markdown tables; never asserts anything.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyarrow as pa
from timing import fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

NullEq = plc.types.NullEquality
OOB = plc.copying.OutOfBoundsPolicy

try:
    import polars as pl
except ImportError:  # pragma: no cover - optional
    pl = None


def keys(n: int, distinct: int, seed: int, strings: bool) -> pa.Array:
    rng = np.random.default_rng(seed)
    v = rng.integers(0, distinct, n)
    if strings:
        return pa.array(np.char.add("id", v.astype(str)).astype(object))
    return pa.array(v.astype(np.int64))


def cpu_table(n: int, small: int, reps: int) -> None:
    print(f"\n### Host joins ({ferrodf.get_option('device')} placement)\n")
    print("| join | keys | left x right | ferrodf maps | ferrodf + gather | pyarrow | polars |")
    print("|---|---|---|---|---|---|---|")
    for strings in (False, True):
        for right_n in (n, small):
            lk = keys(n, n, 1, strings)
            rk = keys(right_n, n if right_n == n else right_n, 2, strings)
            lt, rt = plc.Table([plc.Column.from_arrow(lk)]), plc.Table([plc.Column.from_arrow(rk)])
            pa_l = pa.table({"k": lk, "a": pa.array(np.arange(n))})
            pa_r = pa.table({"k": rk, "b": pa.array(np.arange(right_n))})
            for how, f, pa_how in (
                ("inner", plc.join.inner_join, "inner"),
                ("left", plc.join.left_join, "left outer"),
            ):
                label = f"| {how} | {'string' if strings else 'int64'} | {n:.0e} x {right_n:.0e} "
                print(label + cpu_row(f, how, pa_how, lt, rt, pa_l, pa_r, reps))


def cpu_row(f, how, pa_how, lt, rt, pa_l, pa_r, reps: int) -> str:
    """The timing cells of one host join case."""

    def with_gather():
        lm, rm = f(lt, rt, NullEq.EQUAL)
        plc.copying.gather(lt, lm, OOB.NULLIFY)
        plc.copying.gather(rt, rm, OOB.NULLIFY)

    t_maps = timeit(lambda: f(lt, rt, NullEq.EQUAL), reps)
    t_full = timeit(with_gather, reps)
    t_pa = timeit(lambda: pa_l.join(pa_r, "k", join_type=pa_how), reps)
    pl_s = "n/a"
    if pl is not None:
        pl_l, pl_r = pl.from_arrow(pa_l), pl.from_arrow(pa_r)
        t_pl = timeit(lambda: pl_l.join(pl_r, on="k", how=how), reps)
        pl_s = f"{fmt_t(t_pl)} ({t_pl / t_full:.2f}x)"
    return f"| {fmt_t(t_maps)} | {fmt_t(t_full)} | {fmt_t(t_pa)} ({t_pa / t_full:.2f}x) | {pl_s} |"


CUDF = {100_000: 35.0, 100_000_000: 102.0}


def gpu_table(n: int, reps: int) -> None:
    info = ferrodf.gpu_info()
    print(f"\n### Device joins on {info['name'] if info else '?'}\n")
    print("| join | keys | left x right | ferrodf | probe rows/s | cuDF (db-benchmark) |")
    print("|---|---|---|---|---|---|")
    sync = ferrodf.synchronize
    for strings in (False, True):
        # String keys at a tenth of the rows: building 1e8 Python strings is the slow part.
        rows = n // 10 if strings else n
        for right_n in (100_000, rows):
            lk = keys(rows, right_n, 1, strings)
            rk = pa.array(np.random.default_rng(2).permutation(right_n).astype(np.int64))
            if strings:
                rk = pa.array(np.char.add("id", np.asarray(rk).astype(str)).astype(object))
            lt = plc.Table([plc.Column.from_arrow(lk)])
            rt = plc.Table([plc.Column.from_arrow(rk)])
            for how, f in (("inner", plc.join.inner_join), ("left", plc.join.left_join)):
                t = timeit(lambda f=f, lt=lt, rt=rt: f(lt, rt, NullEq.EQUAL), reps, sync)
                ref = CUDF.get(right_n) if (how == "inner" and not strings) else None
                print(
                    f"| {how} | {'string' if strings else 'int64'} | {rows:.0e} x {right_n:.0e} "
                    f"| {fmt_t(t)} | {rows / t:.3g} | {f'{ref:.0f} ms' if ref else '-'} |"
                )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=float, default=None)
    ap.add_argument("--small", type=float, default=1e5)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    if ferrodf.get_option("device") == "gpu":
        gpu_table(int(args.rows or 1e8), args.reps)
    else:
        cpu_table(int(args.rows or 1e7), int(args.small), args.reps)


if __name__ == "__main__":
    main()
