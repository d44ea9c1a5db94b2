"""Median of several `bench.dbbench.run --json` runs, as Markdown tables.

    python -m bench.dbbench.run --n 1e7 --json runs/a.json   # several times; files a_1e07.json...
    python -m bench.dbbench.median runs/a*_1e07.json

Each cell is the median over the files of each library's second run (first runs are
left out: they include one-time work); the totals are the medians of the per-run totals.
Columns of one file come from one run, so the ratios between libraries use only runs
where all of them ran under the same conditions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from bench.dbbench.solutions import GROUPBY_QUESTIONS, JOIN_QUESTIONS


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--label", default="", help="a heading suffix")
    args = p.parse_args()
    runs = [json.loads(f.read_text()) for f in args.files]
    for task, names in (("groupby", GROUPBY_QUESTIONS), ("join", JOIN_QUESTIONS)):
        per_run = [r[task] for r in runs if task in r]
        if not per_run:
            continue
        libs: list[str] = []
        for r in per_run:
            for per_lib in r.values():
                libs += [lib for lib in per_lib if lib not in libs]
        print(f"### {task}: median second run of {len(per_run)} runs (seconds){args.label}")
        print()
        print("| question | " + " | ".join(libs) + " |")
        print("|---|" + "---:|" * len(libs))
        for q, label in names.items():
            cells = []
            for lib in libs:
                ts = [r[str(q)][lib]["times"][1] for r in per_run if lib in r.get(str(q), {})]
                cells.append(f"{statistics.median(ts):.3f}" if ts else "-")
            print(f"| q{q} {label} | " + " | ".join(cells) + " |")
        totals = []
        for lib in libs:
            sums = [
                sum(r[str(q)][lib]["times"][1] for q in names if lib in r.get(str(q), {}))
                for r in per_run
            ]
            totals.append(f"**{statistics.median(sums):.3f}**")
        print("| **total (median of run totals)** | " + " | ".join(totals) + " |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
