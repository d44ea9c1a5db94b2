"""Timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import time


def timeit(fn, reps: int, sync=lambda: None) -> float:
    """Median seconds of `fn` over `reps` runs after one warm-up (`sync` waits for a GPU)."""
    fn()
    sync()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fmt_t(t: float) -> str:
    """A duration in µs below a millisecond, else in ms."""
    return f"{t * 1e6:.1f} µs" if t < 1e-3 else f"{t * 1e3:.2f} ms"
