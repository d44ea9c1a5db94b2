"""End-to-end read benchmark on a GPU: file -> device-resident DataFrame.

Writes the db-benchmark-shaped table of ``bench_io.py`` as CSV and Snappy Parquet, then
times ``ferrodf.read_csv`` / ``ferrodf.read_parquet`` followed by
``ferrodf.memory.prefetch(frame)`` and a device synchronize: the time until every column
lives in GPU memory. The host decode and the upload are also timed apart, and the upload
is given as GB/s. pyarrow's read (host only) is the reference, and pyarrow's read plus a
CuPy upload of the same columns shows what a user assembling it by hand would get.

    FERRODF_DEVICE=gpu python bench/bench_io_gpu.py [--rows N] [--reps R]

Prints a Markdown table; never asserts anything. Needs a GPU (and CuPy for the
pyarrow + CuPy row).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from bench_io import make_table

import ferrodf


def best_of(fn, reps: int) -> float:
    """Minimum seconds over ``reps`` runs (a cold first run included in the choice)."""
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    ferrodf.set_option("io.progress_bar", False)  # the table is the output
    n = int(args.rows)
    d = tempfile.mkdtemp(prefix="ferrodf_bench_io_gpu_")
    csv_path, pq_path = os.path.join(d, "data.csv"), os.path.join(d, "data.parquet")
    tbl = make_table(n)
    pacsv.write_csv(tbl, csv_path)
    pq.write_table(tbl, pq_path, compression="snappy")
    nbytes = tbl.nbytes
    try:
        import cupy as cp
    except ImportError:
        cp = None

    def to_device(frame):
        moved = ferrodf.memory.prefetch(frame)
        ferrodf.synchronize()
        assert ferrodf.memory.location(frame) in ("device", "host+device")
        return moved

    def cupy_upload(table):
        arrays = []
        for col in table.columns:
            for buf in col.combine_chunks().buffers():
                if buf is not None:
                    arrays.append(cp.asarray(memoryview(buf)))
        cp.cuda.Device().synchronize()
        return arrays

    print(
        f"## File to device-resident frame: {n:,} rows, {nbytes / 1e6:.0f} MB in memory; "
        f"CSV {os.path.getsize(csv_path) / 1e6:.0f} MB, Parquet "
        f"{os.path.getsize(pq_path) / 1e6:.0f} MB\n"
    )
    print("| format | path | decode (s) | upload (s) | upload GB/s | total (s) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    readers = {
        "CSV": (lambda: ferrodf.read_csv(csv_path), lambda: pacsv.read_csv(csv_path)),
        "Parquet": (lambda: ferrodf.read_parquet(pq_path), lambda: pq.read_table(pq_path)),
    }
    for fmt, (ours, theirs) in readers.items():
        ours()  # warm-up (kernel modules, page cache)
        total = best_of(lambda ours=ours: to_device(ours()), args.reps)
        frames = []
        decode = best_of(lambda ours=ours, frames=frames: frames.append(ours()), args.reps)
        uploads = []
        for frame in frames:
            t0 = time.perf_counter()
            to_device(frame)
            uploads.append(time.perf_counter() - t0)
        upload = min(uploads)
        print(
            f"| {fmt} | ferrodf read + prefetch | {decode:.3f} | {upload:.3f} | "
            f"{nbytes / upload / 1e9:.1f} | {total:.3f} |",
            flush=True,
        )
        t_pa = best_of(theirs, args.reps)
        if cp is not None:
            table = theirs()
            up = best_of(lambda table=table: cupy_upload(table), args.reps)
            print(
                f"| {fmt} | pyarrow read + CuPy upload | {t_pa:.3f} | {up:.3f} | "
                f"{nbytes / up / 1e9:.1f} | {t_pa + up:.3f} |",
                flush=True,
            )
        else:
            print(f"| {fmt} | pyarrow read (host only) | {t_pa:.3f} | | | {t_pa:.3f} |")
    shutil.rmtree(d)


if __name__ == "__main__":
    main()
