"""Regular-expression benchmark (plc.strings.contains / replace_re).

contains_re, count_re and replace_re over a column of short strings (db-benchmark-like
ids plus free text), next to pyarrow's RE2 kernels (match_substring_regex,
count_substring_regex, replace_substring_regex) on the same data. On the host (default
1e7 rows) ferrodf runs `regex-automata` on all cores; on a GPU (FERRODF_DEVICE=gpu,
default 1e7 rows) it walks the pattern's DFA, one thread per row, and the table also gives
the input bytes per second.

    python bench/bench_regex.py [--rows N] [--reps R]

Prints a Markdown table; never asserts anything.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

PATTERNS = [
    ("literal-ish", "id0+42"),
    ("class run", r"[0-9]{3,}"),
    ("alternation", "apple|banana|cherry"),
    ("anchored", r"^id\d+$"),
    ("word", r"\w+@\w+\.com"),
]


def data(n: int) -> pa.Array:
    rng = np.random.default_rng(0)
    words = np.array(["apple", "banana", "cherry", "date", "x@y.com", "me@host.com", "日本"])
    ids = [f"id{v:010d}" for v in rng.integers(0, n, n // 2)]
    text = [
        f"{a} {b} {c}"
        for a, b, c in zip(
            rng.choice(words, n - n // 2),
            rng.integers(0, 10**6, n - n // 2),
            rng.choice(words, n - n // 2),
            strict=True,
        )
    ]
    out = ids + text
    rng.shuffle(out)
    return pa.array(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    n = int(args.rows)
    gpu = ferrodf.get_option("device") == "gpu"
    arr = data(n)
    col = plc.Column.from_arrow(arr)
    nbytes = arr.buffers()[2].size
    sync = ferrodf.synchronize if gpu else (lambda: None)
    if gpu:
        plc.strings.attributes.count_bytes(col)  # moves the column to the device
        sync()
    where = "GPU" if gpu else "CPU"
    print(f"## Regular expressions on the {where}: {n:,} strings, {nbytes / 1e6:.0f} MB of text\n")
    head = "| pattern | op | ferrodf | pyarrow (CPU) | pyarrow / ferrodf |"
    if gpu:
        head += " ferrodf GB/s |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    rep = plc.Scalar.from_arrow(pa.scalar("#"))
    for label, p in PATTERNS:
        prog = plc.strings.RegexProgram.create(p)
        ops = [
            (
                "contains",
                lambda prog=prog: plc.strings.contains.contains_re(col, prog),
                lambda p=p: pc.match_substring_regex(arr, p),
            ),
            (
                "count",
                lambda prog=prog: plc.strings.contains.count_re(col, prog),
                lambda p=p: pc.count_substring_regex(arr, p),
            ),
            (
                "replace",
                lambda prog=prog: plc.strings.replace_re.replace_re(col, prog, rep),
                lambda p=p: pc.replace_substring_regex(arr, p, "#"),
            ),
        ]
        for op, ours, theirs in ops:
            t = timeit(ours, args.reps, sync)
            tp = timeit(theirs, 1)
            line = f"| {label} `{p}` | {op} | {fmt_t(t)} | {fmt_t(tp)} | {tp / t:.2f} |"
            if gpu:
                line += f" {nbytes / t / 1e9:.1f} |"
            print(line)


if __name__ == "__main__":
    main()
