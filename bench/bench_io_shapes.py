"""I/O benchmark over table shapes: one-column files of each common type, and mixes.

`bench_io.py` times one shape (db-benchmark's: short ids, small ints). This script reads
files of one column of each common type (full-precision floats, small and large ints,
low- and high-cardinality strings, long strings, timestamps, booleans, floats with 10%
nulls) and two mixed files, as CSV and as Parquet (dictionary pages + Snappy, plain pages
+ Snappy, dictionary pages + Zstd; every file written by pyarrow), through
`ferrodf.plc.io` next to pyarrow (`pyarrow.csv.read_csv`, `pyarrow.parquet.read_table`)
and polars (`pl.read_csv`, `pl.read_parquet`). Every reader infers the column types
(what a user calling it plainly gets). Times are medians over --reps runs after one
warm-up (bench/timing.py); the ratio columns are ferrodf's time over the other's
(below 1.00x: ferrodf faster).

    python bench/bench_io_shapes.py [--rows N] [--reps R] [--only TEXT] [--format F] [--dir D]

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from timing import timeit

from ferrodf.plc.io import SourceInfo
from ferrodf.plc.io.csv import CsvReaderOptions, read_csv
from ferrodf.plc.io.parquet import ParquetReaderOptions, read_parquet


def _strings(rng: np.random.Generator, n: int, distinct: int, lo: int, hi: int) -> pa.Array:
    """`n` strings drawn from `distinct` random ASCII words of `lo`..`hi` characters."""
    lens = rng.integers(lo, hi + 1, distinct)
    letters = rng.integers(97, 123, int(lens.sum()), dtype=np.uint8).tobytes().decode()
    pos = np.concatenate([[0], np.cumsum(lens)])
    words = pa.array([letters[pos[i] : pos[i + 1]] for i in range(distinct)])
    if distinct >= n:
        return words.slice(0, n)
    return words.take(pa.array(rng.integers(0, distinct, n)))


def make_columns(n: int) -> dict[str, pa.Array]:
    """One array of each shape, `n` rows, a fixed seed."""
    rng = np.random.default_rng(27)
    f64 = rng.standard_normal(n) * 1e3
    nulls = rng.random(n) < 0.1
    t0 = np.datetime64("2020-01-01T00:00:00", "us").astype(np.int64)
    ts = t0 + rng.integers(0, 5 * 365 * 86400 * 10**6, n)
    return {
        "float64": pa.array(f64),
        "int64 small": pa.array(rng.integers(0, 100, n)),
        "int64 large": pa.array(rng.integers(-(2**62), 2**62, n)),
        "string 1k distinct": _strings(rng, n, 1000, 4, 10),
        "string unique": _strings(rng, n, n, 8, 16),
        "string long": _strings(rng, n, max(n // 10, 1), 60, 120),
        "timestamp[us]": pa.array(ts.astype("datetime64[us]")),
        "bool": pa.array(rng.random(n) < 0.5),
        "float64 10% null": pa.array(f64, mask=nulls),
    }


def make_tables(n: int) -> dict[str, pa.Table]:
    cols = make_columns(n)
    tables = {k: pa.table({"c": v}) for k, v in cols.items()}
    # The four-column mix, and every shape together.
    mix4 = ["float64", "int64 small", "string 1k distinct", "int64 large"]
    tables["mix of 4"] = pa.table({f"c{i}": cols[k] for i, k in enumerate(mix4)})
    tables["mix of all"] = pa.table({f"c{i}": v for i, v in enumerate(cols.values())})
    return tables


# (label, writer keyword arguments); CSV has none.
FORMATS = [
    ("CSV", None),
    ("Parquet dict snappy", {"use_dictionary": True, "compression": "snappy"}),
    ("Parquet plain snappy", {"use_dictionary": False, "compression": "snappy"}),
    ("Parquet dict zstd", {"use_dictionary": True, "compression": "zstd"}),
]


def readers(path: str, csv: bool, pl):
    """ferrodf's, pyarrow's and polars' read of the file at `path`."""
    if csv:
        return (
            lambda: read_csv(CsvReaderOptions.builder(SourceInfo([path])).build()),
            lambda: pacsv.read_csv(path),
            lambda: pl.read_csv(path),
        )
    return (
        lambda: read_parquet(ParquetReaderOptions.builder(SourceInfo([path])).build()),
        lambda: pq.read_table(path),
        lambda: pl.read_parquet(path),
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=float, default=5e6)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dir", default=None, help="where the files go (default: a temp dir)")
    ap.add_argument("--only", action="append", help="shapes containing this text (repeatable)")
    ap.add_argument("--format", action="append", help="formats containing this text")
    args = ap.parse_args()
    import polars as pl

    n = int(args.rows)
    d = args.dir or tempfile.mkdtemp(prefix="ferrodf_bench_io_shapes_")
    os.makedirs(d, exist_ok=True)
    tables = make_tables(n)
    print(f"{n:,} rows; {os.cpu_count()} CPU cores; median of {args.reps} after a warm-up\n")
    print(
        "| shape | format | MB | ferrodf (s) | pyarrow (s) | polars (s) "
        "| ferrodf / pyarrow | ferrodf / polars |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for shape, tbl in tables.items():
        if args.only and not any(o in shape for o in args.only):
            continue
        for fmt, kw in FORMATS:
            if args.format and not any(f in fmt for f in args.format):
                continue
            path = os.path.join(d, "f.csv" if kw is None else "f.parquet")
            if kw is None:
                pacsv.write_csv(tbl, path)
            else:
                pq.write_table(tbl, path, **kw)
            fd, fa, fp = readers(path, kw is None, pl)
            td = timeit(fd, args.reps)
            ta = timeit(fa, args.reps)
            tp = timeit(fp, args.reps)
            mb = os.path.getsize(path) / 1e6
            print(
                f"| {shape} | {fmt} | {mb:.0f} | {td:.3f} | {ta:.3f} | {tp:.3f} "
                f"| {td / ta:.2f}x | {td / tp:.2f}x |",
                flush=True,
            )
            os.remove(path)
    if args.dir is None:
        shutil.rmtree(d)


if __name__ == "__main__":
    main()
