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


def bench_args(description: str | None, reps: int) -> tuple[int, int, bool]:
    """``--rows`` and ``--reps`` from the command line, and whether the GPU runs (one is
    there and the ``device`` option is not "cpu"); rows default to 1e8 on the GPU, 1e7 on
    the host."""
    import argparse

    import ferrodf

    p = argparse.ArgumentParser(description=description)
    p.add_argument("--rows", type=float, default=None)
    p.add_argument("--reps", type=int, default=reps)
    args = p.parse_args()
    use_gpu = ferrodf.gpu_info() is not None and ferrodf.get_option("device") != "cpu"
    return int(args.rows or (1e8 if use_gpu else 1e7)), args.reps, use_gpu


def print_host_head(first: str, polars: bool, align: str = "---") -> None:
    """The head of a host comparison table: ferrodf next to pyarrow and, when installed,
    polars (each with its time ratio to ferrodf)."""
    cells = [first, "ferrodf", "pyarrow", "pyarrow / ferrodf"]
    if polars:
        cells += ["polars", "polars / ferrodf"]
    print("| " + " | ".join(cells) + " |")
    print("|---|" + "".join(f"{align}|" for _ in cells[1:]))
