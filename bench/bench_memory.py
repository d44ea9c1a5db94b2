"""Memory benchmark (GPU machine): host<->device transfer rates and the cost of spilling.

For 1 GiB buffers: ferrodf's copies from pageable NumPy memory to the GPU and back, with
its pinned staging ring and without it (FERRODF_STAGING=off: the driver's own path), a
spill (device -> page-locked host memory, the first one paying for pinning the pool block)
and an unspill (back to the device), next to CuPy copying from and to page-locked memory,
the best the link gives. Rates are GB/s (1e9 bytes) and a share of CuPy's pinned rate.

    python bench/bench_memory.py [--gib G] [--reps R]

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time

import numpy as np

import ferrodf
from ferrodf import memory


def median_time(setup, run, reps: int, sync) -> tuple[float, float]:
    """(first, median) seconds of `run(setup())` over reps runs; setup is not timed."""
    times = []
    for _ in range(reps):
        state = setup()
        sync()
        t0 = time.perf_counter()
        run(state)
        sync()
        times.append(time.perf_counter() - t0)
        del state
        gc.collect()
    return times[0], statistics.median(times)


def cupy_rows(host: np.ndarray, reps: int) -> tuple[list[tuple], float, float]:
    """CuPy's rates from and to page-locked and pageable host memory."""
    import cupy as cp
    import cupyx

    nbytes = host.nbytes
    csync = cp.cuda.Device().synchronize
    pinned = cupyx.empty_pinned(host.shape, dtype=host.dtype)
    pinned[:] = host
    dev = cp.empty(host.shape, dtype=host.dtype)
    _, t = median_time(lambda: None, lambda _: dev.set(pinned), reps, csync)
    h2d = nbytes / t
    _, t = median_time(lambda: None, lambda _: dev.get(out=pinned), reps, csync)
    d2h = nbytes / t
    rows = [("CuPy, pinned host memory", h2d, d2h)]
    _, t = median_time(lambda: None, lambda _: cp.asarray(host), reps, csync)
    pageable_h2d = nbytes / t
    _, t = median_time(lambda: None, lambda _: dev.get(), reps, csync)
    rows.append(("CuPy, pageable (NumPy) memory", pageable_h2d, nbytes / t))
    return rows, h2d, d2h


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gib", type=float, default=1.0)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    if ferrodf.gpu_info() is None:
        print("bench_memory: no GPU here; nothing to measure")
        return
    import cupy as cp

    n = int(args.gib * (1 << 30)) // 8
    nbytes = n * 8
    host = np.random.default_rng(0).integers(0, 1 << 40, n, dtype=np.int64)
    fsync = ferrodf.synchronize

    rows, cupy_h2d, cupy_d2h = cupy_rows(host, args.reps)
    cp.get_default_memory_pool().free_all_blocks()
    cp.get_default_pinned_memory_pool().free_all_blocks()

    def on_device():
        s = ferrodf.Series(host)
        out = s + 0  # a result computed on the GPU: device memory only
        fsync()
        return out

    for staging in ("on", "off"):
        os.environ["FERRODF_STAGING"] = staging
        _, t_h2d = median_time(
            lambda: ferrodf.Series(host), lambda s: memory.prefetch(s, "device"), args.reps, fsync
        )
        _, t_d2h = median_time(on_device, lambda s: memory.prefetch(s, "host"), args.reps, fsync)
        label = "ferrodf, pageable (NumPy) memory, " + (
            "pinned staging ring" if staging == "on" else "driver's own staging"
        )
        rows.append((label, nbytes / t_h2d, nbytes / t_d2h))
    os.environ.pop("FERRODF_STAGING")

    memory.reset_statistics()
    first_spill, t_spill = median_time(on_device, lambda s: memory.spill(), args.reps, fsync)

    def spilled():
        s = on_device()
        memory.spill()
        return s

    _, t_unspill = median_time(spilled, lambda s: memory.prefetch(s, "device"), args.reps, fsync)
    rows.append(
        ("ferrodf spill / unspill (page-locked pool)", nbytes / t_unspill, nbytes / t_spill)
    )

    info = ferrodf.gpu_info()
    print(f"## Host<->device transfers, {args.gib:g} GiB buffers, {info['name']}\n")
    print("| path | host->device GB/s | share of CuPy pinned | device->host GB/s | share |")
    print("|---|---|---|---|---|")
    for name, h2d, d2h in rows:
        print(
            f"| {name} | {h2d / 1e9:.1f} | {h2d / cupy_h2d:.0%} | {d2h / 1e9:.1f} "
            f"| {d2h / cupy_d2h:.0%} |"
        )
    print(
        f"\nSpill/unspill round trip of {args.gib:g} GiB: {(t_spill + t_unspill) * 1e3:.1f} ms "
        f"(spill {t_spill * 1e3:.1f} ms, unspill {t_unspill * 1e3:.1f} ms; the first spill, "
        f"which pins a new pool block, took {first_spill * 1e3:.1f} ms)."
    )
    print("\n```\n" + repr(memory.statistics()) + "\n```")


if __name__ == "__main__":
    main()
