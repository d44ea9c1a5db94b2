"""I/O benchmark: read and write a db-benchmark-shaped table as CSV and Parquet.

The table has the shape of the h2oai db-benchmark "groupby" data: id1, id2 ("id%03d"),
id3 ("id%010d"), id4..id6 (int64), v1, v2 (int64), v3 (float64), with K = 100 groups.
ferrodf (plc.io) runs next to pyarrow, polars and pandas on the same files; every
library reads into / writes from its own in-memory table. Parquet is Snappy-compressed
for every writer. Times are medians over --reps runs after one warm-up (pandas, much
slower, runs --pandas-reps times).

    python bench/bench_io.py [--rows N] [--reps R] [--pandas-reps R] [--dir DIR] [--only OP]

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from timing import timeit

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.csv import CsvReaderOptions, CsvWriterOptions, read_csv, write_csv
from ferrodf.plc.io.parquet import (
    ParquetReaderOptions,
    ParquetWriterOptions,
    read_parquet,
    write_parquet,
)


def timeit_once(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def make_table(n: int, k: int = 100) -> pa.Table:
    rng = np.random.default_rng(108)
    nk = max(n // k, 1)
    small = pa.array([f"id{i:03d}" for i in range(1, k + 1)])
    large = pa.array([f"id{i:010d}" for i in range(1, nk + 1)])
    return pa.table(
        {
            "id1": small.take(pa.array(rng.integers(0, k, n))),
            "id2": small.take(pa.array(rng.integers(0, k, n))),
            "id3": large.take(pa.array(rng.integers(0, nk, n))),
            "id4": rng.integers(1, k + 1, n),
            "id5": rng.integers(1, k + 1, n),
            "id6": rng.integers(1, nk + 1, n),
            "v1": rng.integers(1, 6, n),
            "v2": rng.integers(1, 16, n),
            "v3": np.round(rng.uniform(0, 100, n), 6),
        }
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--pandas-reps", type=int, default=1)
    ap.add_argument("--dir", default=None, help="where the files go (default: a temp dir)")
    ap.add_argument(
        "--only", action="append", help="run the operations containing this text (repeatable)"
    )
    args = ap.parse_args()
    import polars as pl  # here, so that bench_io_gpu.py can import make_table without it

    n = int(args.rows)
    d = args.dir or tempfile.mkdtemp(prefix="ferrodf_bench_io_")
    os.makedirs(d, exist_ok=True)
    csv_path = os.path.join(d, "data.csv")
    pq_path = os.path.join(d, "data.parquet")
    out = os.path.join(d, "out")

    tbl = make_table(n)
    pacsv.write_csv(tbl, csv_path)
    pq.write_table(tbl, pq_path, compression="snappy")
    ftbl = plc.Table.from_arrow(tbl)
    names = tbl.column_names
    ptbl = pl.from_arrow(tbl)
    pdf = tbl.to_pandas()

    def f_read_csv():
        return read_csv(CsvReaderOptions.builder(SourceInfo([csv_path])).build())

    def f_write_csv():
        write_csv(CsvWriterOptions.builder(SinkInfo([out]), ftbl).names(names).build())

    def f_read_pq():
        return read_parquet(ParquetReaderOptions.builder(SourceInfo([pq_path])).build())

    def f_write_pq():
        write_parquet(ParquetWriterOptions.builder(SinkInfo([out]), ftbl).metadata(names).build())

    snappy = "snappy"
    cases = [
        ("read CSV", "pyarrow", lambda: pacsv.read_csv(csv_path), args.reps),
        ("read CSV", "ferrodf", f_read_csv, args.reps),
        ("read CSV", "polars", lambda: pl.read_csv(csv_path), args.reps),
        ("read CSV", "pandas", lambda: pd.read_csv(csv_path), args.pandas_reps),
        ("write CSV", "pyarrow", lambda: pacsv.write_csv(tbl, out), args.reps),
        ("write CSV", "ferrodf", f_write_csv, args.reps),
        ("write CSV", "polars", lambda: ptbl.write_csv(out), args.reps),
        ("write CSV", "pandas", lambda: pdf.to_csv(out, index=False), args.pandas_reps),
        ("read Parquet", "pyarrow", lambda: pq.read_table(pq_path), args.reps),
        ("read Parquet", "ferrodf", f_read_pq, args.reps),
        ("read Parquet", "polars", lambda: pl.read_parquet(pq_path), args.reps),
        ("read Parquet", "pandas", lambda: pd.read_parquet(pq_path), args.pandas_reps),
        (
            "write Parquet",
            "pyarrow",
            lambda: pq.write_table(tbl, out, compression=snappy),
            args.reps,
        ),
        ("write Parquet", "ferrodf", f_write_pq, args.reps),
        ("write Parquet", "polars", lambda: ptbl.write_parquet(out, compression=snappy), args.reps),
        (
            "write Parquet",
            "pandas",
            lambda: pdf.to_parquet(out, compression="snappy", index=False),
            args.pandas_reps,
        ),
    ]
    sizes = {"CSV": os.path.getsize(csv_path), "Parquet": os.path.getsize(pq_path)}
    print(
        f"{n:,} rows; CSV {sizes['CSV'] / 1e6:.0f} MB, Parquet {sizes['Parquet'] / 1e6:.0f} MB; "
        f"{os.cpu_count()} CPU cores\n"
    )
    print("| operation | library | time (s) | vs pyarrow |")
    print("| --- | --- | ---: | ---: |")
    base = {}
    for op, lib, fn, reps in cases:
        if args.only and not any(o in op for o in args.only):
            continue
        # A single run has no warm-up (pandas is slow enough that one run is telling).
        t = timeit(fn, reps) if reps > 1 else timeit_once(fn)
        if lib == "pyarrow":
            base[op] = t
        rel = f"{t / base[op]:.2f}x" if op in base else ""
        print(f"| {op} | {lib} | {t:.3f} | {rel} |", flush=True)
    if args.dir is None:
        shutil.rmtree(d)


if __name__ == "__main__":
    main()
