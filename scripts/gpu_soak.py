"""GPU soak (issue 28): many create/compute/drop cycles, then many threads running mixed
operations at once, every result compared with pandas' answer for the same data, and the
device memory ferrodf holds checked to return to its starting value.

    FERRODF_DEVICE=gpu python3 scripts/gpu_soak.py [--cycles 10000] [--threads 16]
        [--seconds 600] [--max-rows 100000] [--markdown FILE]

Phase 1 runs `--cycles` cycles on one thread: build a random frame (int64 keys, float64
values with missing values, strings), run one random operation through the pandas-like
API, compare with pandas, drop everything. Phase 2 runs `--threads` threads for
`--seconds`, each doing the same on its own frames plus operations on one frame all
threads share (read-only), so kernels, the allocator, the spill manager and the
statistics are used concurrently. After each phase, with every result dropped, the bytes
ferrodf holds on the device (`ferrodf.memory.info()["device_bytes"]`) must equal the
bytes before it. Exit status 1 on any mismatch, error or leak. Runs on the CPU too (the
host path), which is how `tests/fuzz/test_gpu_soak_script.py` keeps it from rotting.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fuzz"))

from fuzz_compare import assert_same

import ferrodf

WORDS = np.array(["", "a", "bb", "ccc", "ü", "日本", "x y", "zz", "abc", "ABC"])


def random_frame(rng: np.random.Generator, max_rows: int, n: int | None = None) -> pd.DataFrame:
    """A pandas frame of `n` rows: k (int64 keys, few distinct), v and w (float64, ~10%
    NaN), s (strings, ~10% None). Without `n`, sizes are log-uniform up to `max_rows`, so
    most are small and some span many blocks."""
    if n is None:
        n = int(np.exp(rng.uniform(0, np.log(max_rows))))
    v = rng.standard_normal(n)
    v[rng.random(n) < 0.1] = np.nan
    w = rng.integers(-1000, 1000, n).astype(np.float64)
    w[rng.random(n) < 0.1] = np.nan
    s = WORDS[rng.integers(0, len(WORDS), n)].astype(object)
    s[rng.random(n) < 0.1] = None
    return pd.DataFrame(
        {
            "k": rng.integers(0, max(1, n // 10) + 1, n),
            "v": v,
            "w": w,
            "s": pd.array(s, dtype="str"),  # pandas 3's default for strings
        }
    )


# Each operation runs on a pandas frame or a ferrodf frame alike (the pandas-like API is
# the same) and returns a frame or a Series; `r` gives its random choices, drawn before
# either side runs so both sides do the same thing.
def op_sort(df: Any, r: dict) -> Any:
    return df.sort_values(["k", "v"], kind="stable", na_position=r["na"])


def op_groupby(df: Any, r: dict) -> Any:
    return df.groupby("k", sort=True)[["v", "w"]].agg(r["agg"])


def op_merge(df: Any, r: dict) -> Any:
    right = df[["k", "w"]].drop_duplicates("k").rename(columns={"w": "rw"})
    out = df.merge(right, on="k", how=r["how"])
    return out.sort_values(["k", "v", "w"], kind="stable").reset_index(drop=True)


def op_filter_arith(df: Any, r: dict) -> Any:
    out = df[df["v"] > r["t"]]
    return out["v"] * 2.5 + out["w"]


def op_scan(df: Any, r: dict) -> Any:
    return df[["v", "w"]].cumsum()


def op_fill_drop(df: Any, r: dict) -> Any:
    return df.fillna({"v": r["t"]}).dropna(subset=["w"])


def op_strings(df: Any, r: dict) -> Any:
    return df["s"].str.upper().str.len()


def op_reduce(df: Any, r: dict) -> Any:
    return getattr(df[["v", "w"]], r["how"])()


OPS: list[tuple[str, Callable[[Any, dict], Any], Callable[[np.random.Generator], dict]]] = [
    ("sort_values", op_sort, lambda g: {"na": ["first", "last"][g.integers(2)]}),
    ("groupby.agg", op_groupby, lambda g: {"agg": ["sum", "mean", "min", "count"][g.integers(4)]}),
    ("merge", op_merge, lambda g: {"how": ["inner", "left"][g.integers(2)]}),
    ("filter+arith", op_filter_arith, lambda g: {"t": float(g.standard_normal())}),
    ("cumsum", op_scan, lambda g: {}),
    ("fillna+dropna", op_fill_drop, lambda g: {"t": float(g.standard_normal())}),
    ("str.upper.len", op_strings, lambda g: {}),
    ("reductions", op_reduce, lambda g: {"how": ["sum", "min", "max", "mean"][g.integers(4)]}),
]


class Tally:
    """Operations run and failures seen, shared by the threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ops: Counter[str] = Counter()
        self.failures: list[str] = []

    def record(self, name: str, failure: str | None) -> None:
        with self.lock:
            self.ops[name] += 1
            if failure is not None:
                self.failures.append(f"{name}: {failure}")


def one_op(
    rng: np.random.Generator, pdf: pd.DataFrame, df: ferrodf.DataFrame | None, tally: Tally
) -> None:
    name, fn, draw = OPS[rng.integers(len(OPS))]
    r = draw(rng)
    try:
        expected = fn(pdf, r)
        got = fn(ferrodf.DataFrame(pdf) if df is None else df, r)
        assert_same(got, expected, name)
        tally.record(name, None)
    except Exception as e:
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()
        tally.record(name, f"{detail[:300]} (rows={len(pdf)}, args={r})")


def device_bytes() -> int:
    gc.collect()
    ferrodf.synchronize()
    return int(ferrodf.memory.info()["device_bytes"])


def end_phase(
    phase: str, tally: Tally, t0: float, start_bytes: int, rows: list, failures: list[str]
) -> None:
    """The phase's row of the report, its failures, and a leak when the device bytes
    ferrodf holds did not come back to `start_bytes` (every result is dropped by now)."""
    secs = time.perf_counter() - t0
    end_bytes = device_bytes()
    ops = sum(tally.ops.values())
    rows.append((phase, ops, len(tally.failures), secs, start_bytes, end_bytes))
    failures += tally.failures
    if end_bytes != start_bytes:
        failures.append(f"{phase}: device bytes {start_bytes} before, {end_bytes} after")


def write_report(text: str, failures: list[str], markdown: str | None, tag: str) -> int:
    """Print the report and the failures (each line starting with `tag`), write the
    report to `markdown` when given; the exit status: 1 when anything failed."""
    print(text)
    for f in failures[:50]:
        print(f"{tag}:", f)
    if len(failures) > 50:
        print(f"... and {len(failures) - 50} more")
    if markdown:
        with open(markdown, "w") as fh:
            fh.write(text + "\n")
    return 1 if failures else 0


def run(args: argparse.Namespace) -> tuple[list[tuple], list[str]]:
    rows, failures = [], []
    rng = np.random.default_rng(args.seed)
    # Warm-up: every operation once, so that kernel modules and caches loaded on first use
    # are not counted as a leak.
    warm = Tally()
    for name, fn, draw in OPS:
        pdf = random_frame(rng, 1000)
        try:
            fn(ferrodf.DataFrame(pdf), draw(rng))
        except Exception as e:
            warm.record(name, repr(e))
    failures += warm.failures

    start_bytes = device_bytes()
    tally = Tally()
    t0 = time.perf_counter()
    for _ in range(args.cycles):
        one_op(rng, random_frame(rng, args.max_rows), None, tally)
    end_phase("create/compute/drop cycles, 1 thread", tally, t0, start_bytes, rows, failures)

    # The shared frame is made after the first reading and dropped before the last: what
    # its operations cache on it (a materialized index, say) goes with it, and anything
    # left is a leak.
    start_bytes = device_bytes()
    shared_pdf = random_frame(np.random.default_rng(args.seed + 1), args.max_rows)
    shared = ferrodf.DataFrame(shared_pdf)
    tally = Tally()
    stop = time.perf_counter() + args.seconds

    def worker(seed: int, frame: ferrodf.DataFrame) -> None:
        g = np.random.default_rng(seed)
        while time.perf_counter() < stop:
            if g.random() < 0.5:
                one_op(g, shared_pdf, frame, tally)
            else:
                one_op(g, random_frame(g, args.max_rows), None, tally)

    threads = [
        threading.Thread(target=worker, args=(args.seed + 100 + i, shared))
        for i in range(args.threads)
    ]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    del shared, threads
    phase = f"mixed operations, {args.threads} threads"
    end_phase(phase, tally, t0, start_bytes, rows, failures)
    per_op = ", ".join(f"{k} {v}" for k, v in sorted(tally.ops.items()))
    print(f"operations in the threaded phase: {per_op}")
    return rows, failures


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--cycles", type=int, default=10_000)
    p.add_argument("--threads", type=int, default=16)
    p.add_argument("--seconds", type=float, default=600)
    p.add_argument("--max-rows", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--markdown", help="also write the table to this file")
    args = p.parse_args()
    info = ferrodf.gpu_info()
    where = (
        f"GPU: {info['name']}"
        if info and ferrodf.get_option("device") != "cpu"
        else "host path (no GPU)"
    )
    rows, failures = run(args)
    lines = [
        f"GPU soak, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {where}, frames of up to "
        f"{args.max_rows:,} rows, seed {args.seed}:",
        "",
        "| phase | operations | failures | seconds | device bytes before | after |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, ops, fails, secs, before, after in rows:
        lines.append(f"| {name} | {ops:,} | {fails} | {secs:.1f} | {before:,} | {after:,} |")
    return write_report("\n".join(lines), failures, args.markdown, "FAILURE")


if __name__ == "__main__":
    sys.exit(main())
