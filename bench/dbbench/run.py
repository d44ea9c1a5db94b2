"""Run db-benchmark's groupby and join questions for ferrodf and its peers.

    python -m bench.dbbench.run --n 1e7 --task groupby join --libs ferrodf pandas polars duckdb

Each question runs twice after the data is loaded (loading is not timed); GPU work is
synchronized before the clock stops. Answers are cross-checked between libraries (row
count and the sum of the numeric result columns) and a mismatch fails the run (exit 1).
Prints a Markdown table per task and, with --json/--png, writes the results and a bar chart.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import sys
import time
from pathlib import Path

from bench.dbbench.generate import load
from bench.dbbench.solutions import GROUPBY_QUESTIONS, JOIN_QUESTIONS, available


def time_question(solution, task: str, q: int, data) -> tuple[list[float], tuple[int, float]]:
    fn = solution.groupby if task == "groupby" else solution.join
    times, result = [], None
    for _ in range(2):
        result = None
        gc.collect()
        t0 = time.perf_counter()
        result = fn(q, data)
        solution.sync()
        times.append(time.perf_counter() - t0)
    return times, solution.summary(result)


def close(a: tuple[int, float], b: tuple[int, float]) -> bool:
    return a[0] == b[0] and math.isclose(a[1], b[1], rel_tol=1e-6, abs_tol=1e-6)


def run(
    n: int,
    tasks: list[str],
    libs: list[str],
    nas: int = 0,
    questions: list[int] | None = None,
    data_dir: Path | None = None,
):
    solutions = available(libs)
    results: dict = {}
    failures = []
    for task in tasks:
        qs = GROUPBY_QUESTIONS if task == "groupby" else JOIN_QUESTIONS
        tables = load(task, n, nas, data_dir)
        for sol in solutions:
            data = sol.load(tables)
            for q in qs:
                if questions and q not in questions:
                    continue
                try:
                    times, summary = time_question(sol, task, q, data)
                except Exception as e:
                    print(
                        f"  {sol.name} {task} q{q} failed: {type(e).__name__}: {e}", file=sys.stderr
                    )
                    failures.append(f"{sol.name} {task} q{q}: {type(e).__name__}: {e}")
                    continue
                results.setdefault(task, {}).setdefault(q, {})[sol.name] = {
                    "times": times,
                    "summary": summary,
                }
                print(
                    f"  {task} q{q} {sol.name}: {times[0]:.3f}s / {times[1]:.3f}s "
                    f"rows={summary[0]}",
                    file=sys.stderr,
                )
            del data
            gc.collect()
    for task, per_q in results.items():
        for q, per_lib in per_q.items():
            summaries = {lib: r["summary"] for lib, r in per_lib.items()}
            ref_lib = "pandas" if "pandas" in summaries else next(iter(summaries))
            for lib, s in summaries.items():
                if not close(s, summaries[ref_lib]):
                    failures.append(
                        f"{task} q{q}: {lib} answered {s}, {ref_lib} {summaries[ref_lib]}"
                    )
    return results, failures


def table(results: dict, task: str, libs: list[str], n: int) -> str:
    names = GROUPBY_QUESTIONS if task == "groupby" else JOIN_QUESTIONS
    present = [lib for lib in libs if any(lib in r for r in results.get(task, {}).values())]
    lines = [
        f"### {task}, N={n:.0e} (seconds: first run / second run)",
        "",
        "| question | " + " | ".join(present) + " |",
        "|---|" + "---:|" * len(present),
    ]
    totals = dict.fromkeys(present, 0.0)
    for q, label in names.items():
        row = results.get(task, {}).get(q, {})
        cells = []
        for lib in present:
            if lib in row:
                t = row[lib]["times"]
                totals[lib] += t[1]
                cells.append(f"{t[0]:.3f} / {t[1]:.3f}")
            else:
                cells.append("-")
        lines.append(f"| q{q} {label} | " + " | ".join(cells) + " |")
    lines.append(
        "| **total (second runs)** | "
        + " | ".join(f"**{totals[lib]:.3f}**" for lib in present)
        + " |"
    )
    return "\n".join(lines)


def chart(results: dict, libs: list[str], n: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = [t for t in ("groupby", "join") if t in results]
    fig, axes = plt.subplots(1, len(tasks), figsize=(7 * len(tasks), 4), squeeze=False)
    for ax, task in zip(axes[0], tasks, strict=True):
        qs = sorted(results[task])
        width = 0.8 / max(len(libs), 1)
        for i, lib in enumerate(libs):
            ys = [results[task][q].get(lib, {}).get("times", [0, float("nan")])[1] for q in qs]
            ax.bar([q + i * width for q in qs], ys, width=width, label=lib)
        ax.set_xticks([q + 0.4 - width / 2 for q in qs], [f"q{q}" for q in qs])
        ax.set_yscale("log")
        ax.set_ylabel("seconds (second run, log scale)")
        ax.set_title(f"db-benchmark {task}, N={n:.0e}")
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--n", type=float, nargs="+", default=[1e6])
    p.add_argument("--task", nargs="+", default=["groupby", "join"])
    p.add_argument("--libs", nargs="+", default=["ferrodf", "pandas", "polars", "duckdb"])
    p.add_argument("--nas", type=int, default=0, help="percent of nulls in the groupby data")
    p.add_argument("--questions", type=int, nargs="*")
    p.add_argument("--json", type=Path)
    p.add_argument("--png", type=Path)
    args = p.parse_args()
    all_failures = []
    for n in (int(v) for v in args.n):
        results, failures = run(n, args.task, args.libs, args.nas, args.questions)
        for task in args.task:
            print(table(results, task, args.libs, n))
            print()
        # "1e07", not "1e+07": file names with "+" do not come back from the GPU machine
        tag = f"{n:.0e}".replace("+", "")
        if args.json:
            path = args.json.with_name(f"{args.json.stem}_{tag}{args.json.suffix}")
            path.write_text(
                json.dumps({str(k): v for k, v in results.items()}, indent=1, default=str)
            )
        if args.png:
            chart(
                results,
                args.libs,
                n,
                args.png.with_name(f"{args.png.stem}_{tag}{args.png.suffix}"),
            )
        all_failures += failures
    if "ferrodf" in args.libs:
        import ferrodf

        info = ferrodf.gpu_info()
        where = f"GPU {info['name']}" if info and ferrodf.get_option("device") != "cpu" else "CPU"
        print(f"ferrodf ran on: {where}; host fallbacks: {ferrodf.host_fallbacks() or 'none'}")
    for f in all_failures:
        print("MISMATCH/FAILURE:", f)
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
