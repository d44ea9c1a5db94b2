"""Benchmark of the text functions of ferrodf.plc (issue 25): case, contains (literal and
regex), extract with groups, split, tokenize, to_integers / to_floats / to_timestamps /
to_durations / to_fixed_point, md5 and minhash.

On the host (default 1e7 strings): each ferrodf call next to pyarrow.compute's and polars'
idiomatic form where one exists, with the ratios (other time / ferrodf time; > 1 means
ferrodf is faster).
On a GPU (default 1e7 strings): millions of strings per second, the input's GB/s (its
characters and offsets) and that as a fraction of a device-to-device copy of the same
bytes measured in the same run (CuPy).

    python bench/bench_strings.py [--rows N] [--reps R]

Prints Markdown tables; never asserts anything (a call that raises prints its error).
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

try:
    import polars as pl
except ImportError:  # polars is a test dependency, not a runtime one
    pl = None

T = plc.types.TypeId
WORDS = np.array(
    ["apple", "Banana", "cherry", "date", "x@y.com", "me@host.org", "日本語", "straße", "id"]
)
MINHASH_PARAMS = 16


def text_data(n: int, rng) -> pa.Array:
    """Short free text: three words and a number ("apple 42 Banana cherry")."""
    a, b, c = (rng.choice(WORDS, n) for _ in range(3))
    num = rng.integers(0, 10**6, n).astype(str)
    return pa.array(
        np.char.add(np.char.add(np.char.add(a, " "), num), np.char.add(" ", b + " " + c))
    )


def number_data(n: int, rng) -> tuple[pa.Array, pa.Array, pa.Array, pa.Array]:
    """Decimal integers, floats, timestamps and decimals as text."""
    ints = pa.array(rng.integers(-(10**12), 10**12, n).astype(str))
    floats = pa.array(np.char.mod("%.6g", rng.standard_normal(n) * 1e3))
    secs = rng.integers(0, 2_000_000_000, n).astype("datetime64[s]")
    stamps = pa.array(np.datetime_as_string(secs, unit="s")).cast(pa.string())
    stamps = pc.replace_substring(stamps, "T", " ")
    decimals = pa.array(np.char.mod("%.2f", rng.standard_normal(n) * 1e4))
    return ints, floats, stamps, decimals


def duration_data(n: int, rng) -> pa.Array:
    """libcudf's default duration text ("1 days 02:03:04")."""
    secs = rng.integers(0, 10**8, n)
    d, r = np.divmod(secs, 86_400)
    h, r = np.divmod(r, 3600)
    m, s = np.divmod(r, 60)
    text = [f"{a} days {b:02}:{c:02}:{e:02}" for a, b, c, e in zip(d, h, m, s, strict=True)]
    return pa.array(text)


def flat(a) -> pa.Array:
    """One contiguous array (pa.array may chunk a large NumPy input)."""
    return a.combine_chunks() if isinstance(a, pa.ChunkedArray) else a


def nbytes(arr: pa.Array) -> int:
    """Characters and offsets of a string array."""
    return sum(b.size for b in arr.buffers()[1:3] if b is not None)


def cases(n: int):
    """(name, input array, ferrodf call, pyarrow call or None, polars call or None)."""
    rng = np.random.default_rng(0)
    text = flat(text_data(n, rng))
    ints, floats, stamps, decimals = (flat(a) for a in number_data(n, rng))
    durations = flat(duration_data(n, rng))
    cols = {
        id(a): plc.Column.from_arrow(a) for a in (text, ints, floats, stamps, decimals, durations)
    }
    s = {id(a): pl.Series(a) for a in (text, ints, floats, stamps, decimals)} if pl else {}

    def c(a):
        return cols[id(a)]

    def ps(a):
        return s.get(id(a))

    lit = plc.Scalar.from_arrow(pa.scalar("an"))
    space = plc.Scalar.from_arrow(pa.scalar(" "))
    email = plc.strings.RegexProgram.create(r"\w+@\w+\.(com|org)")
    groups = plc.strings.RegexProgram.create(r"([a-z]+) ([0-9]+)")
    rng2 = np.random.default_rng(1)
    a_par = plc.Column.from_arrow(
        pa.array(rng2.integers(1, 2**32, MINHASH_PARAMS, dtype=np.uint64), pa.uint32())
    )
    b_par = plc.Column.from_arrow(
        pa.array(rng2.integers(0, 2**32, MINHASH_PARAMS, dtype=np.uint64), pa.uint32())
    )
    fmt = "%Y-%m-%d %H:%M:%S"
    conv = plc.strings.convert
    out = [
        (
            "lower",
            text,
            lambda: plc.strings.case.to_lower(c(text)),
            lambda: pc.utf8_lower(text),
            pl and (lambda: ps(text).str.to_lowercase()),
        ),
        (
            "upper",
            text,
            lambda: plc.strings.case.to_upper(c(text)),
            lambda: pc.utf8_upper(text),
            pl and (lambda: ps(text).str.to_uppercase()),
        ),
        (
            "contains literal",
            text,
            lambda: plc.strings.find.contains(c(text), lit),
            lambda: pc.match_substring(text, "an"),
            pl and (lambda: ps(text).str.contains("an", literal=True)),
        ),
        (
            "contains regex",
            text,
            lambda: plc.strings.contains.contains_re(c(text), email),
            lambda: pc.match_substring_regex(text, r"\w+@\w+\.(com|org)"),
            pl and (lambda: ps(text).str.contains(r"\w+@\w+\.(com|org)")),
        ),
        (
            "extract 2 groups",
            text,
            lambda: plc.strings.extract.extract(c(text), groups),
            lambda: pc.extract_regex(text, r"(?P<a>[a-z]+) (?P<b>[0-9]+)"),
            pl and (lambda: ps(text).str.extract_groups(r"([a-z]+) ([0-9]+)")),
        ),
        (
            "split on space",
            text,
            lambda: plc.strings.split.split.split(c(text), space, -1),
            lambda: pc.split_pattern(text, " "),
            pl and (lambda: ps(text).str.split(" ")),
        ),
        (
            "tokenize",
            text,
            lambda: plc.nvtext.tokenize.tokenize_scalar(c(text)),
            lambda: pc.utf8_split_whitespace(text),
            None,
        ),
        (
            "to_integers",
            ints,
            lambda: conv.convert_integers.to_integers(c(ints), plc.DataType(T.INT64)),
            lambda: ints.cast(pa.int64()),
            pl and (lambda: ps(ints).cast(pl.Int64)),
        ),
        (
            "to_floats",
            floats,
            lambda: conv.convert_floats.to_floats(c(floats), plc.DataType(T.FLOAT64)),
            lambda: floats.cast(pa.float64()),
            pl and (lambda: ps(floats).cast(pl.Float64)),
        ),
        (
            "to_timestamps",
            stamps,
            lambda: conv.convert_datetime.to_timestamps(
                c(stamps), plc.DataType(T.TIMESTAMP_SECONDS), fmt
            ),
            lambda: pc.strptime(stamps, fmt, "s"),
            pl and (lambda: ps(stamps).str.strptime(pl.Datetime("ms"), fmt)),
        ),
        (
            "to_durations",
            durations,
            lambda: conv.convert_durations.to_durations(
                c(durations), plc.DataType(T.DURATION_SECONDS), "%D days %H:%M:%S"
            ),
            None,
            None,
        ),
        (
            "to_fixed_point",
            decimals,
            lambda: conv.convert_fixed_point.to_fixed_point(
                c(decimals), plc.DataType(T.DECIMAL64, -2)
            ),
            lambda: decimals.cast(pa.decimal128(18, 2)),
            pl and (lambda: ps(decimals).cast(pl.Decimal(18, 2))),
        ),
        (
            "md5",
            text,
            lambda: plc.hashing.md5(plc.Table([c(text)])),
            None,
            None,
        ),
        (
            f"minhash ({MINHASH_PARAMS} params, width 4)",
            text,
            lambda: plc.nvtext.minhash.minhash(c(text), 0, a_par, b_par, 4),
            None,
            None,
        ),
    ]
    return out, cols


def safe(fn, reps, sync=lambda: None):
    try:
        return timeit(fn, reps, sync)
    except Exception as e:
        return f"{type(e).__name__}: {str(e)[:60]}"


def cell(t_other, t_ours) -> str:
    if t_other is None:
        return "— | —"
    if isinstance(t_other, str) or isinstance(t_ours, str):
        return f"{t_other if isinstance(t_other, str) else fmt_t(t_other)} | —"
    return f"{fmt_t(t_other)} | {t_other / t_ours:.2f}"


def host_table(n: int, reps: int) -> None:
    rows, _ = cases(n)
    print(f"## Strings on the host: {n:,} strings\n")
    head = ["function", "ferrodf", "pyarrow", "pyarrow / ferrodf"]
    if pl:
        head += ["polars", "polars / ferrodf"]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))
    for name, _arr, ours, pa_fn, pl_fn in rows:
        t = safe(ours, reps)
        o = fmt_t(t) if isinstance(t, float) else t
        line = f"| {name} | {o} | {cell(safe(pa_fn, 1) if pa_fn else None, t)} |"
        if pl:
            line += f" {cell(safe(pl_fn, 1) if pl_fn else None, t)} |"
        print(line)


def gpu_table(n: int, reps: int) -> None:
    import cupy as cp

    rows, cols = cases(n)
    sync = ferrodf.synchronize
    for col in cols.values():
        plc.strings.attributes.count_bytes(col)  # moves the inputs to the device
    sync()
    text_bytes = nbytes(rows[0][1])
    src = cp.zeros(text_bytes, cp.uint8)
    dst = cp.empty_like(src)
    dsync = cp.cuda.Device().synchronize
    t_copy = timeit(lambda: cp.copyto(dst, src), reps, dsync)
    copy_bw = 2 * text_bytes / t_copy
    print(f"## Strings on the GPU ({ferrodf.gpu_info()}): {n:,} strings\n")
    print(
        f"Device-to-device copy of {text_bytes / 1e6:.0f} MB (CuPy): {fmt_t(t_copy)}, "
        f"{copy_bw / 1e9:.0f} GB/s (read + write).\n"
    )
    print("| function | ferrodf | M strings/s | input GB/s | of copy bandwidth |")
    print("|---|---:|---:|---:|---:|")
    for name, arr, ours, _pa, _pl in rows:
        t = safe(ours, reps, sync)
        if isinstance(t, str):
            print(f"| {name} | {t} | | | |")
            continue
        bw = nbytes(arr) / t
        print(f"| {name} | {fmt_t(t)} | {n / t / 1e6:,.0f} | {bw / 1e9:.1f} | {bw / copy_bw:.0%} |")


def main() -> None:
    import argparse

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rows", type=float, default=1e7)
    p.add_argument("--reps", type=int, default=3)
    args = p.parse_args()
    use_gpu = ferrodf.gpu_info() is not None and ferrodf.get_option("device") != "cpu"
    (gpu_table if use_gpu else host_table)(int(args.rows), args.reps)


if __name__ == "__main__":
    main()
