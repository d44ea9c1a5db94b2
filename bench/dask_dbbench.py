"""db-benchmark's groupby and join questions through ``dask.dataframe`` on ferrodf
partitions, with 1 and 2 workers (one per GPU), next to ferrodf alone on one GPU.

    FERRODF_DEVICE=gpu python -m bench.dask_dbbench --n 2e8 --workers 1 2
    python -m bench.dask_dbbench --n 1e5 --workers 1 2 --cpu      # a CPU smoke run

The data are bench/dbbench's tables (bench/dbbench/generate.py), written once as a Parquet
dataset of ``--partitions`` files per table, read with the ferrodf backend and persisted on
the workers before the clock starts (loading is not timed, as in bench/dbbench/run.py).
Each question runs twice; the faster time counts. Results are cross-checked between the
runs (rows and the sum of the numeric columns) and a mismatch fails the run (exit 1).
``--device-limit`` caps each worker's ferrodf device memory (FERRODF_DEVICE_LIMIT) so that
a dataset larger than it completes by spilling to host memory (docs/memory.md).

Groupby q8 (top two per group) and q9 (grouped correlation) have no Dask aggregation
equivalent on ferrodf partitions and are left out; q1-q7 and q10 run with
``split_out`` = the partition count for the questions with many groups.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from bench.dbbench.generate import DATA, load
from bench.dbbench.solutions import (
    GROUPBY_QUESTIONS,
    JOIN_QUESTIONS,
    FerrodfSolution,
    pandas_style_join,
)

DASK_GROUPBY = [1, 2, 3, 4, 5, 6, 7, 10]
MANY_GROUPS = {3, 5, 7, 10}  # id3 / id6: n/100 groups, shuffled into split_out partitions


def dask_groupby(q: int, x: Any, split_out: int) -> Any:
    """The groupby questions as db-benchmark's pandas solution writes them, on Dask."""
    kw = {"dropna": False, "sort": False}
    so = {"split_out": split_out if q in MANY_GROUPS else 1}
    if q == 1:
        return x.groupby("id1", **kw).agg({"v1": "sum"}, **so)
    if q == 2:
        return x.groupby(["id1", "id2"], **kw).agg({"v1": "sum"}, **so)
    if q == 3:
        return x.groupby("id3", **kw).agg({"v1": "sum", "v3": "mean"}, **so)
    if q == 4:
        return x.groupby("id4", **kw).agg({"v1": "mean", "v2": "mean", "v3": "mean"}, **so)
    if q == 5:
        return x.groupby("id6", **kw).agg({"v1": "sum", "v2": "sum", "v3": "sum"}, **so)
    if q == 6:
        return x.groupby(["id4", "id5"], **kw).agg({"v3": ["median", "std"]}, **so)
    if q == 7:
        r = x.groupby("id3", **kw).agg({"v1": "max", "v2": "min"}, **so)
        return (r["v1"] - r["v2"]).to_frame("range_v1_v2")
    if q == 10:
        return x.groupby(["id1", "id2", "id3", "id4", "id5", "id6"], **kw).agg(
            {"v3": "sum", "v1": "count"}, **so
        )
    raise ValueError(f"groupby q{q} is not run through Dask")


def write_dataset(table: pa.Table, path: Path, partitions: int) -> Path:
    """``table`` as ``partitions`` Parquet files (cached next to bench/dbbench's data)."""
    if path.exists() and len(list(path.glob("*.parquet"))) == partitions:
        return path
    path.mkdir(parents=True, exist_ok=True)
    step = math.ceil(table.num_rows / partitions)
    for i in range(partitions):
        pq.write_table(table.slice(i * step, step), path / f"part.{i}.parquet")
    return path


def summarize(result: Any) -> tuple[int, float]:
    """Rows and the sum of the numeric non-key columns, computed on the workers."""
    import dask

    dtypes = result._meta.dtypes.tolist()  # ferrodf's dtypes: a Series of dtype names
    cols = [c for c, t in zip(result.columns, dtypes, strict=True) if _numeric(t)]
    cols = [c for c in cols if "id" not in str(c)]
    rows, *sums = dask.compute(result.shape[0], *[result[c].sum() for c in cols])
    return int(rows), float(sum(s for s in sums if s == s))


def _numeric(dtype: Any) -> bool:
    return str(dtype).startswith(("int", "uint", "float"))


def run_dask(
    tasks: list[str], workers: int, args: argparse.Namespace, datasets: dict[str, dict[str, Path]]
) -> dict[str, dict[int, tuple[float, tuple[int, float]]]]:
    """Every task's questions on one cluster of ``workers`` workers (one per GPU)."""
    import dask
    import dask.dataframe as dd
    from distributed import Client, wait

    from ferrodf.dask.cluster import local_cluster

    device = "cpu" if args.cpu else "gpu"
    gpus = [] if args.cpu else list(range(workers))
    out: dict[str, dict[int, tuple[float, tuple[int, float]]]] = {}
    with (
        local_cluster(
            workers, gpus=gpus, device=device, device_limit=args.device_limit,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
        dask.config.set({"dataframe.backend": "ferrodf", "dataframe.shuffle.method": "tasks"}),
    ):  # fmt: skip
        print(f"Dask, {workers} worker(s): dashboard {client.dashboard_link}", file=sys.stderr)
        for task in tasks:
            data = {k: dd.read_parquet(p).persist() for k, p in datasets[task].items()}
            wait(list(data.values()))
            split_out = data["x"].npartitions
            qs = DASK_GROUPBY if task == "groupby" else list(JOIN_QUESTIONS)
            out[task] = {}
            for q in [q for q in args.questions or qs if q in qs]:
                times, summary = [], (0, 0.0)
                for _ in range(2):
                    t0 = time.perf_counter()
                    if task == "groupby":
                        r = dask_groupby(q, data["x"], split_out)
                    else:
                        r = pandas_style_join(q, data)  # the small table: broadcast
                    r = r.persist()
                    wait(r)
                    times.append(time.perf_counter() - t0)
                    summary = summarize(r)
                    del r
                out[task][q] = (min(times), summary)
                progress(f"{task} q{q} dask {workers} worker(s)", times)
            del data
        if args.device_limit:  # show that the workers spilled rather than failed
            for worker, stats in client.run(_memory_statistics).items():
                print(f"ferrodf memory statistics of {worker}:\n{stats}", file=sys.stderr)
    return out


def _memory_statistics() -> str:
    """A worker's ferrodf transfer and spill counts (run on each worker)."""
    from ferrodf import memory

    return str(memory.statistics())


def run_single(task: str, tables: dict[str, pa.Table], questions: list[int]) -> dict[int, Any]:
    """ferrodf alone (no Dask), one GPU: bench/dbbench's ferrodf solution."""
    sol = FerrodfSolution()
    data = sol.load(tables)
    fn = sol.groupby if task == "groupby" else sol.join
    out = {}
    for q in questions:
        times, result = [], None
        for _ in range(2):
            t0 = time.perf_counter()
            result = fn(q, data)
            sol.sync()
            times.append(time.perf_counter() - t0)
        out[q] = (min(times), sol.summary(result))
        progress(f"{task} q{q} ferrodf alone", times)
    return out


def progress(what: str, times: list[float]) -> None:
    """One line per question as it finishes, so a run cut short still says how far it got."""
    print(f"{what}: " + ", ".join(f"{t:.3f} s" for t in times), file=sys.stderr, flush=True)


def close(a: tuple[int, float], b: tuple[int, float]) -> bool:
    return a[0] == b[0] and math.isclose(a[1], b[1], rel_tol=1e-6, abs_tol=1e-6)


def table(task: str, results: dict[str, dict[int, Any]], n: int) -> str:
    names = GROUPBY_QUESTIONS if task == "groupby" else JOIN_QUESTIONS
    runs = list(results)
    head = f"| {task} q (N={n:.0e}) | " + " | ".join(f"{r} (s)" for r in runs)
    dask_runs = [r for r in runs if r.startswith("dask")]
    speedup = len(dask_runs) >= 2
    lines = [head + (f" | speed-up {dask_runs[-1]} vs {dask_runs[0]} |" if speedup else " |")]
    lines.append("|---" * (len(runs) + 1 + speedup) + "|")
    questions = sorted({q for r in results.values() for q in r})
    for q in questions:
        cells = [f"{results[r][q][0]:.3f}" if q in results[r] else "-" for r in runs]
        row = f"| q{q} {names[q]} | " + " | ".join(cells)
        if speedup and q in results[dask_runs[0]] and q in results[dask_runs[-1]]:
            row += f" | {results[dask_runs[0]][q][0] / results[dask_runs[-1]][q][0]:.2f}x"
        lines.append(row + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=float, default=1e7)
    p.add_argument("--task", nargs="+", default=["groupby", "join"])
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    p.add_argument(
        "--partitions", type=int, default=None, help="files per table (default 4/worker)"
    )
    p.add_argument("--questions", type=int, nargs="*")
    p.add_argument("--device-limit", default=None, help="FERRODF_DEVICE_LIMIT of each worker")
    p.add_argument("--no-single", action="store_true", help="skip ferrodf without Dask")
    p.add_argument("--cpu", action="store_true", help="CPU workers (a smoke run)")
    p.add_argument("--data-dir", type=Path, default=DATA)
    p.add_argument("--json", type=Path, default=None)
    args = p.parse_args(argv)
    n = int(args.n)
    partitions = args.partitions or 4 * max(args.workers)
    failures, report = [], {}
    datasets: dict[str, dict[str, Path]] = {}
    results: dict[str, dict[str, dict[int, Any]]] = {task: {} for task in args.task}
    for task in args.task:
        tables = load(task, n, 0, args.data_dir)
        datasets[task] = {
            k: write_dataset(t, args.data_dir / f"dask_{task}_{n:.0e}_{k}_{partitions}", partitions)
            for k, t in tables.items()
        }
        if not args.no_single:
            qs = args.questions or (DASK_GROUPBY if task == "groupby" else list(JOIN_QUESTIONS))
            print(f"{task}: ferrodf alone", file=sys.stderr)
            results[task]["ferrodf"] = run_single(task, tables, qs)
        del tables
    for w in args.workers:
        for task, res in run_dask(args.task, w, args, datasets).items():
            results[task][f"dask {w} worker{'s' * (w > 1)}"] = res
    for task, by_run in results.items():
        ref = next(iter(by_run.values()))
        for name, res in by_run.items():
            for q, (_, summary) in res.items():
                if q in ref and not close(summary, ref[q][1]):
                    failures.append(f"{task} q{q}: {name} {summary} != {ref[q][1]}")
        print(table(task, by_run, n))
        report[task] = {k: {q: v[0] for q, v in r.items()} for k, r in by_run.items()}
    if args.json:
        args.json.write_text(json.dumps({"n": n, "results": report}, indent=1))
    for f in failures:
        print("MISMATCH", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
