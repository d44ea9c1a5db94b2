"""Per-call cost of the pandas API on tiny frames (10 rows): the time a call spends in
Python, the boundary crossing and the frontend, not in kernels.

Each call is written as a pandas user writes it and timed on ferrodf (the device ferrodf
uses: the GPU with FERRODF_DEVICE=gpu, else the CPU) and on pandas with the same data.
A GPU figure includes waiting for the device (``ferrodf.synchronize()``).

    python bench/bench_overhead.py [--reps R]

Prints a Markdown table (median µs per call, ferrodf / pandas); never asserts anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np
import pandas as pd

import ferrodf


def per_call(fn, reps: int, sync) -> float:
    """Median seconds per call over `reps` batches of 50 calls, after a warm-up batch."""
    inner = 50
    for _ in range(inner):
        fn()
    sync()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        sync()
        times.append((time.perf_counter() - t0) / inner)
    return statistics.median(times)


def cases(lib, n: int = 10):
    rng = np.random.default_rng(0)
    pdf = pd.DataFrame(
        {
            "a": rng.integers(0, 3, n),
            "b": rng.random(n),
            "c": rng.integers(0, 100, n),
        },
        index=pd.Index([f"r{i}" for i in range(n)]),
    )
    df = pdf if lib is pd else ferrodf.DataFrame(pdf)
    s = df["b"]
    mask = df["c"] > 50
    return [
        ("Series + 1", lambda: s + 1),
        ("Series.sum()", lambda: s.sum()),
        ("Series > Series", lambda: s > s),
        ("df[mask]", lambda: df[mask]),
        ('df.groupby("a").sum()', lambda: df.groupby("a").sum()),
        ('df.loc["r3"]', lambda: df.loc["r3"]),
        ('df["b"].mean()', lambda: df["b"].mean()),
        ('df.sort_values("c")', lambda: df.sort_values("c")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=21)
    args = parser.parse_args()
    on_gpu = ferrodf.gpu_info() is not None and os.environ.get("FERRODF_DEVICE") != "cpu"
    sync = ferrodf.synchronize if on_gpu else (lambda: None)
    ours = cases(ferrodf)
    theirs = dict(cases(pd))
    where = "GPU" if on_gpu else "CPU"
    print(f"\n### Per-call cost, 10-row frames (ferrodf on the {where})\n")
    print("| call | ferrodf | pandas | ferrodf / pandas |")
    print("|---|---:|---:|---:|")
    for name, fn in ours:
        t_ours = per_call(fn, args.reps, sync)
        t_pd = per_call(theirs[name], args.reps, lambda: None)
        print(f"| `{name}` | {t_ours * 1e6:.1f} µs | {t_pd * 1e6:.1f} µs | {t_ours / t_pd:.2f} |")


if __name__ == "__main__":
    main()
