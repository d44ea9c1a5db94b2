"""Where a db-benchmark join's time goes: `DataFrame.merge` split into its plc steps.

For each join question (J1 data from bench/dbbench), times the whole `merge`, then the
steps it is made of: the join's gather maps (`plc.join`), the check that the maps are in
pandas' row order (`plc.sorting.is_sorted`), and the gathers of each side's columns, one
column at a time so that string and fixed-width gathers show separately.

    FERRODF_DEVICE=gpu python bench/profile_join.py --n 1e8
    ncu --clock-control none --metrics gpu__time_duration.sum --print-summary per-kernel \
        python bench/profile_join.py --n 3e7 --questions 3 5 --merge-only

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import fmt_t, timeit

import ferrodf
import ferrodf.plc as plc
from bench.dbbench.generate import load

QUESTIONS = {
    1: ("small", "inner", "id1"),
    2: ("medium", "inner", "id2"),
    3: ("medium", "left", "id2"),
    4: ("medium", "inner", "id5"),
    5: ("big", "inner", "id3"),
}


def column(df: ferrodf.DataFrame, name: str) -> plc.Column:
    return df[name]._s.column


def profile_question(q: int, x: ferrodf.DataFrame, right: ferrodf.DataFrame, reps: int) -> None:
    """One table row per step of join question `q`."""
    name, how, on = QUESTIONS[q]
    sync = ferrodf.synchronize

    def row(step: str, fn) -> None:  # type: ignore[no-untyped-def]
        print(f"| {q} {how} on {on} | {step} | {fmt_t(timeit(fn, reps, sync))} |")
        sys.stdout.flush()

    row("merge (whole)", lambda: x.merge(right, how=how, on=on))
    lk = plc.Table([column(x, on)])
    rk = plc.Table([column(right, on)])
    join = plc.join.inner_join if how == "inner" else plc.join.left_join
    equal = plc.types.NullEquality.EQUAL
    maps = join(lk, rk, equal)
    row("join maps", lambda: join(lk, rk, equal))
    order = plc.Table(list(maps))
    asc = [plc.types.Order.ASCENDING] * 2
    after = [plc.types.NullOrder.AFTER] * 2
    row("is_sorted(maps)", lambda: plc.sorting.is_sorted(order, asc, after))
    policy = plc.copying.OutOfBoundsPolicy
    right_policy = policy.NULLIFY if how == "left" else policy.DONT_CHECK
    for side, df, m, pol in (
        ("x", x, maps[0], policy.DONT_CHECK),
        (name, right, maps[1], right_policy),
    ):
        for c in df.columns:
            t = plc.Table([column(df, c)])
            step = f"gather {side}.{c} ({df[c].dtype})"
            row(step, lambda t=t, m=m, pol=pol: plc.copying.gather(t, m, pol))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--questions", type=int, nargs="*", default=list(QUESTIONS))
    ap.add_argument(
        "--merge-only",
        action="store_true",
        help="run each question's merge twice (warm-up, then once more) and nothing else: "
        "for a kernel profiler such as `ncu`",
    )
    args = ap.parse_args()
    frames = {k: ferrodf.DataFrame(v) for k, v in load("join", int(args.n)).items()}
    x = frames["x"]
    print(f"device: {ferrodf.get_option('device')}, N={args.n:.0e}\n")
    print("| q | step | time |")
    print("|---|---|---:|")
    for q in args.questions:
        name, how, on = QUESTIONS[q]
        if args.merge_only:
            for _ in range(2):
                x.merge(frames[name], how=how, on=on)
                ferrodf.synchronize()
        else:
            profile_question(q, x, frames[name], args.reps)
    print(f"\nhost fallbacks: {ferrodf.host_fallbacks()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
