"""Groupby benchmark (plc.groupby.GroupBy.aggregate).

On the host (default 1e7 rows): sum / mean / count of a float64 column grouped by int64
keys with 100 and 1e6 groups and by string keys with 100 groups, next to pyarrow's
``Table.group_by`` and polars' ``group_by`` (when polars is installed), with the ratios
(other time / ferrodf time; > 1 means ferrodf is faster).

On a GPU (``FERRODF_DEVICE=gpu``, default 1e8 rows): the same queries, plus cuDF's
db-benchmark G1 shapes (q1: sum v1 by id1, 100 groups; q3: sum + mean by id3, 1e6
groups; q5: sum v1:v3 by id6, 1e6 groups), in ms and rows/s next to cuDF's H200 figures.

    python bench/bench_groupby.py [--rows N] [--reps R]

Prints Markdown tables; never asserts anything.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyarrow as pa
from timing import fmt_t, print_host_head, timeit

import ferrodf
import ferrodf.plc as plc

agg = plc.aggregation
GroupBy, GroupByRequest = plc.groupby.GroupBy, plc.groupby.GroupByRequest

# cuDF on an H200 (db-benchmark G1, 1e8 rows), ms.
CUDF_MS = {"q1": 21.0, "q3": 29.0, "q5": 19.0}


def data(n: int, groups: int, strings: bool, seed: int = 0):
    rng = np.random.default_rng(seed)
    ids = rng.integers(0, groups, n)
    if strings:
        # db-benchmark style ids: "id001" ... (built through a small dictionary).
        keys = pa.array([f"id{i:03d}" for i in range(groups)]).take(pa.array(ids))
    else:
        keys = pa.array(ids.astype(np.int64))
    vals = pa.array(rng.random(n) * 100)
    return keys, vals


def ferro_query(keys: pa.Array, vals: pa.Array, aggs):
    k = plc.Table([plc.Column.from_arrow(keys)])
    v = plc.Column.from_arrow(vals)
    return lambda: GroupBy(k).aggregate([GroupByRequest(v, aggs)])


def cpu_table(n: int, reps: int) -> None:
    try:
        import polars as pl
    except ImportError:  # pragma: no cover - optional
        pl = None
    print(f"## groupby on the host: {n:,} rows, CPU\n")
    print_host_head("query", pl is not None)
    shapes = [
        (100, False, "int64 keys, 100 groups"),
        (10**6, False, "int64 keys, 1e6 groups"),
        (100, True, "string keys, 100 groups"),
    ]
    for groups, strings, label in shapes:
        keys, vals = data(n, groups, strings)
        pat = pa.table({"k": keys, "v": vals})
        pdf = pl.from_arrow(pat) if pl is not None else None
        for name, aggs, pa_spec, pl_expr in [
            ("sum", [agg.sum()], [("v", "sum")], "sum"),
            ("mean", [agg.mean()], [("v", "mean")], "mean"),
            ("count", [agg.count()], [("v", "count")], "count"),
        ]:
            t_f = timeit(ferro_query(keys, vals, aggs), reps)
            t_pa = timeit(lambda s=pa_spec, t=pat: t.group_by("k").aggregate(s), reps)
            row = f"| {name} by {label} | {fmt_t(t_f)} | {fmt_t(t_pa)} | {t_pa / t_f:.2f} |"
            if pl is not None:
                expr = getattr(pl.col("v"), pl_expr)()
                t_pl = timeit(lambda e=expr, d=pdf: d.group_by("k").agg(e), reps)
                row += f" {fmt_t(t_pl)} | {t_pl / t_f:.2f} |"
            print(row)
    print()


def gpu_table(n: int, reps: int) -> None:
    sync = ferrodf.synchronize
    print(f"## groupby on the GPU ({ferrodf.gpu_info()['name']}): {n:,} rows\n")
    print("| query | ferrodf | rows/s | cuDF (H200) |")
    print("|---|---|---|---|")
    rng = np.random.default_rng(0)

    def dev(a: pa.Array) -> plc.Column:
        c = plc.Column.from_arrow(a)
        # Move the data to the device before timing (a no-op copy through a kernel).
        return plc.copying.gather(
            plc.Table([c]),
            plc.Column.from_arrow(pa.array(np.arange(len(a), dtype=np.int32))),
            plc.copying.OutOfBoundsPolicy.DONT_CHECK,
        ).columns()[0]

    id1 = dev(pa.array([f"id{i:03d}" for i in range(100)]).take(pa.array(rng.integers(0, 100, n))))
    id3 = dev(pa.array(rng.integers(0, 10**6, n)))
    id6 = dev(pa.array(rng.integers(0, 10**6, n)))
    v1, v2, v3 = (dev(pa.array(rng.integers(1, 6, n))) for _ in range(3))
    v3f = dev(pa.array(rng.random(n) * 100))
    queries = [
        (
            "q1",
            "sum v1 by id1 (string, 100 groups)",
            plc.Table([id1]),
            [GroupByRequest(v1, [agg.sum()])],
        ),
        (
            "q3",
            "sum v1, mean v3 by id3 (1e6 groups)",
            plc.Table([id3]),
            [GroupByRequest(v1, [agg.sum()]), GroupByRequest(v3f, [agg.mean()])],
        ),
        (
            "q5",
            "sum v1:v3 by id6 (1e6 groups)",
            plc.Table([id6]),
            [GroupByRequest(v, [agg.sum()]) for v in (v1, v2, v3)],
        ),
        (
            "",
            "count, min, max, var, std of v3 by id6",
            plc.Table([id6]),
            [GroupByRequest(v3f, [agg.count(), agg.min(), agg.max(), agg.variance(), agg.std()])],
        ),
    ]
    for q, label, keys, reqs in queries:
        t = timeit(lambda k=keys, r=reqs: GroupBy(k).aggregate(r), reps, sync)
        ref = f"{CUDF_MS[q]:.0f} ms" if q else "-"
        print(f"| {q} {label} | {fmt_t(t)} | {n / t / 1e9:.2f} G | {ref} |")
    print()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rows", type=int, default=None)
    p.add_argument("--reps", type=int, default=5)
    args = p.parse_args()
    on_gpu = ferrodf.get_option("device") == "gpu"
    n = args.rows or (10**8 if on_gpu else 10**7)
    if on_gpu:
        gpu_table(n, args.reps)
    else:
        cpu_table(n, args.reps)


if __name__ == "__main__":
    main()
