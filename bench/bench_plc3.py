"""Benchmark of the plc functions of issue 24 (plc part 3): lists.explode_outer, rolling
windows (fixed and grouped), transform.compute_column, conditional and mixed joins and,
when ferrodf has it, transpose.

On the host (default 1e7 rows): each ferrodf call next to polars' idiomatic form and,
where one exists, pyarrow.compute's, with the ratios (other time / ferrodf time; > 1 means
ferrodf is faster).
On a GPU (default 1e8 rows): GB/s of each ferrodf call and its fraction of a
device-to-device copy measured in the same run, next to CuPy's equivalent where one
exists (a cumsum-based rolling sum / mean, the element-wise expression, transpose + copy).

Sizes, from ``--rows N``: explode 1 list per 10 rows (0..10 int64 elements each); rolling
(on the host at most 1e9 / window rows: ferrodf's host loop is O(rows x window)) and
compute_column N rows; grouped rolling N rows in 1000 groups; conditional join N/1000
x N/10000 rows on the host (N/2000 x N/20000 on the GPU: the output is half the cross
product); mixed join N/10 x N/100 rows; transpose 1000 x 1000.

    python bench/bench_plc3.py [--rows N] [--reps R]

Prints Markdown tables; never asserts anything (a call that raises prints its error). A
call whose warm-up takes more than 10 s / reps is timed fewer times (at least once).
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from timing import bench_args, fmt_t, timeit

import ferrodf
import ferrodf.plc as plc

ASC, BEFORE = plc.types.Order.ASCENDING, plc.types.NullOrder.BEFORE
EXPR = plc.expressions
OP = EXPR.ASTOperator
LEFT, RIGHT = EXPR.TableReference.LEFT, EXPR.TableReference.RIGHT
GROUPS = 1000
GROUP_WINDOW = 10
WINDOWS = (10, 1000)
SIDE = 1000  # transpose: SIDE x SIDE float64
# Host rolling rows x window at most this (ferrodf's host rolling_window is O(rows x
# window)): window 1000 runs on a tenth of the rows of window 10 with the defaults.
ROLLING_WORK = 1e9
# A call whose warm-up took t seconds is timed max(1, min(reps, SLOW_S / t)) times.
SLOW_S = 10.0

try:
    from ferrodf.plc import transpose as plc_transpose
except ImportError:
    plc_transpose = None

EXPR_TEXT = "(a + b) * c - d > 0"


def lists_data(n_lists: int, rng) -> tuple[pa.Array, pa.Array, int]:
    """ids and a LIST<INT64> column of 0..10 elements per list; the exploded row count."""
    lengths = rng.integers(0, 11, n_lists)
    offsets = np.zeros(n_lists + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    values = pa.array(rng.integers(0, 1_000_000, int(offsets[-1])))
    lists = pa.ListArray.from_arrays(pa.array(offsets), values)
    out_rows = int(offsets[-1]) + int((lengths == 0).sum())
    return pa.array(np.arange(n_lists, dtype=np.int64)), lists, out_rows


def expression() -> EXPR.Expression:
    """(a + b) * c - d > 0 over columns 0..3 of one table: four operators."""
    a, b, c, d = (EXPR.ColumnReference(i) for i in range(4))
    lhs = EXPR.Operation(OP.SUB, EXPR.Operation(OP.MUL, EXPR.Operation(OP.ADD, a, b), c), d)
    return EXPR.Operation(OP.GREATER, lhs, EXPR.Literal(plc.Scalar.from_py(0.0)))


def less_predicate() -> EXPR.Expression:
    """left column 0 < right column 0."""
    return EXPR.Operation(OP.LESS, EXPR.ColumnReference(0, LEFT), EXPR.ColumnReference(0, RIGHT))


def grouped_rolling(keys: plc.Column, order: plc.Column, vals: plc.Column):
    """SUM over the GROUP_WINDOW rows ending at each row (a range window on the row number
    within sorted groups: order values in [x - (GROUP_WINDOW - 1), x])."""
    req = [plc.rolling.RollingRequest(vals, 1, plc.aggregation.sum())]
    prec = plc.rolling.BoundedClosed(plc.Scalar.from_py(GROUP_WINDOW - 1))
    return lambda: plc.rolling.grouped_range_rolling_window(
        plc.Table([keys]), order, ASC, BEFORE, prec, plc.rolling.CurrentRow(), req
    )


def agg_of(name: str):
    return plc.aggregation.sum() if name == "SUM" else plc.aggregation.mean()


def safe_time(fn, reps: int, sync=lambda: None) -> float | str:
    """Median seconds over `reps` runs after a warm-up, fewer runs (at least one) when the
    warm-up took over SLOW_S / reps; or the error's type and message (the table goes on)."""
    try:
        t0 = time.perf_counter()
        fn()
        sync()
        first = time.perf_counter() - t0
        times = []
        for _ in range(max(1, min(reps, int(SLOW_S / first)))):
            t0 = time.perf_counter()
            fn()
            sync()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)
    except Exception as e:  # a benchmark reports, it does not stop
        return f"error: {type(e).__name__}: {str(e)[:80]}".replace("|", "/")


def cell(t: float | str | None, ours: float | str) -> str:
    """A time and its ratio to ferrodf's ('-' where there is no peer)."""
    if t is None:
        return "- | -"
    if isinstance(t, str):
        return f"{t} | -"
    ratio = f"{t / ours:.2f}" if isinstance(ours, float) else "-"
    return f"{fmt_t(t)} | {ratio}"


def cpu_table(n: int, reps: int) -> None:
    import polars as pl

    rng = np.random.default_rng(0)
    rows: list[tuple[str, object, object, object]] = []  # name, ferrodf, polars, pyarrow

    # 1. explode_outer
    ids, lists, out_rows = lists_data(n // 10, rng)
    ltab = plc.Table([plc.Column.from_arrow(ids), plc.Column.from_arrow(lists)])
    pl_lists = pl.from_arrow(pa.table({"id": ids, "l": lists}))
    rows.append(
        (
            f"lists.explode_outer ({len(lists):,} lists -> {out_rows:,} rows)",
            lambda: plc.lists.explode_outer(ltab, 1),
            # explode_outer keeps empty lists as null rows; so does empty_as_null=True
            lambda: pl_lists.explode("l", empty_as_null=True),
            # pyarrow's is an inner explode: empty lists give no row
            lambda: (pc.list_flatten(lists), pc.take(ids, pc.list_parent_indices(lists))),
        )
    )

    # 2. rolling_window over a float64 column
    f = pa.array(rng.random(n))
    cf = plc.Column.from_arrow(f)
    for w in WINDOWS:
        nw = min(n, int(ROLLING_WORK / w))
        cw, sw = plc.Column.from_arrow(f[:nw]), pl.from_arrow(f[:nw])
        for name in ("SUM", "MEAN"):
            pl_fn = sw.rolling_sum if name == "SUM" else sw.rolling_mean
            rows.append(
                (
                    f"rolling_window {name} float64, window {w}"
                    + (f" ({nw:,} rows)" if nw < n else ""),
                    lambda w=w, name=name, cw=cw: plc.rolling.rolling_window(
                        cw, w, 0, 1, agg_of(name)
                    ),
                    lambda w=w, pl_fn=pl_fn: pl_fn(w, min_samples=1),
                    None,
                )
            )

    # 3. grouped rolling: SUM over 10 rows within each of 1000 sorted groups
    g = np.repeat(np.arange(GROUPS, dtype=np.int64), -(-n // GROUPS))[:n]
    t = np.arange(n, dtype=np.int64)
    gdf = pl.DataFrame({"g": g, "t": t, "v": f.to_numpy()})
    ours = grouped_rolling(
        plc.Column.from_arrow(pa.array(g)), plc.Column.from_arrow(pa.array(t)), cf
    )
    rows.append(
        (
            f"grouped_range_rolling_window SUM, {GROUPS} groups, 10 rows (polars over)",
            ours,
            lambda: gdf.select(pl.col("v").rolling_sum(GROUP_WINDOW, min_samples=1).over("g")),
            None,
        )
    )
    rows.append(
        (
            "same, polars rolling(index_column, group_by)",
            "same",
            lambda: gdf.rolling(index_column="t", period=f"{GROUP_WINDOW}i", group_by="g").agg(
                pl.col("v").sum()
            ),
            None,
        )
    )

    # 4. compute_column of a four-operator expression
    cols = [pa.array(rng.random(n)) for _ in range(4)]
    ctab = plc.Table([plc.Column.from_arrow(c) for c in cols])
    expr = expression()
    edf = pl.from_arrow(pa.table(dict(zip("abcd", cols, strict=True))))
    a, b, c, d = (pl.col(x) for x in "abcd")
    rows.append(
        (
            f"compute_column `{EXPR_TEXT}` float64",
            lambda: plc.transform.compute_column(ctab, expr),
            lambda: edf.select((a + b) * c - d > 0),
            lambda: pc.greater(
                pc.subtract(pc.multiply(pc.add(cols[0], cols[1]), cols[2]), cols[3]), 0.0
            ),
        )
    )

    # 5. conditional and mixed joins
    nl, nr = max(n // 1000, 10), max(n // 10000, 10)
    la, rb = pa.array(rng.random(nl)), pa.array(rng.random(nr))
    lt, rt = plc.Table([plc.Column.from_arrow(la)]), plc.Table([plc.Column.from_arrow(rb)])
    pred = less_predicate()
    pl_l, pl_r = pl.DataFrame({"a": la.to_numpy()}), pl.DataFrame({"b": rb.to_numpy()})
    rows.append(
        (
            f"conditional_inner_join a < b, {nl:,} x {nr:,}",
            lambda: plc.join.conditional_inner_join(lt, rt, pred),
            lambda: pl_l.join_where(pl_r, pl.col("a") < pl.col("b")),
            None,
        )
    )
    if hasattr(plc.join, "mixed_inner_join"):
        ml, mr = max(n // 10, 10), max(n // 100, 10)
        lk, rk = pa.array(rng.integers(0, mr, ml)), pa.array(rng.integers(0, mr, mr))
        ma, mb = pa.array(rng.random(ml)), pa.array(rng.random(mr))
        mk = [plc.Table([plc.Column.from_arrow(x)]) for x in (lk, rk, ma, mb)]
        pa_ml, pa_mr = pa.table({"k": lk, "a": ma}), pa.table({"k2": rk, "b": mb})
        pl_ml, pl_mr = pl.from_arrow(pa_ml), pl.from_arrow(pa_mr)
        rows.append(
            (
                f"mixed_inner_join k == k2 and a < b, {ml:,} x {mr:,} (polars join + filter)",
                lambda: plc.join.mixed_inner_join(*mk, pred, plc.types.NullEquality.EQUAL),
                lambda: pl_ml.join(pl_mr, left_on="k", right_on="k2").filter(
                    pl.col("a") < pl.col("b")
                ),
                lambda: pa_ml.join(pa_mr, keys="k", right_keys="k2").filter(
                    pc.field("a") < pc.field("b")
                ),
            )
        )
        rows.append(
            (
                "same, polars join_where",
                "same",
                lambda: pl_ml.join_where(
                    pl_mr, pl.col("k") == pl.col("k2"), pl.col("a") < pl.col("b")
                ),
                None,
            )
        )
    else:
        rows.append(("mixed_inner_join: not in ferrodf.plc.join (skipped)", None, None, None))

    # 6. transpose
    if plc_transpose is not None:
        m = rng.random((SIDE, SIDE))
        ttab = plc.Table([plc.Column.from_arrow(pa.array(m[:, j])) for j in range(SIDE)])
        mdf = pl.DataFrame(m)
        rows.append(
            (
                f"transpose float64 {SIDE} x {SIDE}",
                lambda: plc_transpose.transpose(ttab),
                lambda: mdf.transpose(),
                None,
            )
        )
    else:
        rows.append(("transpose: no ferrodf.plc.transpose module yet (skipped)", None, None, None))

    print(f"## ferrodf plc part 3 on the host vs polars and pyarrow.compute: {n:,} rows, CPU\n")
    print("| operation | ferrodf | polars | polars / ferrodf | pyarrow | pyarrow / ferrodf |")
    print("|---|---:|---:|---:|---:|---:|")
    last: float | str = "-"
    for name, ours_fn, pl_fn, pa_fn in rows:
        if ours_fn is None:
            print(f"| {name} | - | - | - | - | - |")
            continue
        t_o = last if isinstance(ours_fn, str) else safe_time(ours_fn, reps)
        last = t_o
        t_l = safe_time(pl_fn, reps) if pl_fn is not None else None
        t_p = safe_time(pa_fn, reps) if pa_fn is not None else None
        o = fmt_t(t_o) if isinstance(t_o, float) else t_o
        if isinstance(ours_fn, str):
            o = f"({o})"
        print(f"| {name} | {o} | {cell(t_l, t_o)} | {cell(t_p, t_o)} |")


def gpu_table(n: int, reps: int) -> None:
    import cupy as cp

    sync = cp.cuda.Device().synchronize

    def fsync():
        ferrodf.synchronize()

    rng = cp.random.default_rng(0)
    a = rng.random(n, dtype=cp.float64)
    dst = cp.empty_like(a)
    nbytes = n * 8
    t_copy = timeit(lambda: cp.copyto(dst, a), reps, sync)
    copy_bw = 2 * nbytes / t_copy
    ca = plc.Column.from_array(a)
    rows: list[tuple[str, float | str, int]] = [
        ("device-to-device copy (CuPy)", t_copy, 2 * nbytes)
    ]
    cases: list[tuple[str, object, int]] = []

    # 1. explode_outer (built on the host: the first, untimed call moves it to the device)
    ids, lists, out_rows = lists_data(n // 10, np.random.default_rng(0))
    ltab = plc.Table([plc.Column.from_arrow(ids), plc.Column.from_arrow(lists)])
    n_lists, n_vals = len(lists), len(lists.values)
    cases.append(
        (
            f"lists.explode_outer ({n_lists:,} lists -> {out_rows:,} rows)",
            lambda: plc.lists.explode_outer(ltab, 1),
            4 * (n_lists + 1) + 8 * n_vals + 8 * n_lists + 16 * out_rows + out_rows // 8,
        )
    )

    # 2. rolling_window, with CuPy's cumsum-based rolling sum / mean as reference
    def cupy_rolling(w: int, mean: bool):
        def run():
            cs = cp.cumsum(a)
            out = cs.copy()
            out[w:] -= cs[:-w]
            if mean:
                out /= cp.minimum(cp.arange(1, n + 1, dtype=cp.float64), w)
            return out

        return run

    for w in WINDOWS:
        for name in ("SUM", "MEAN"):
            cases.append(
                (
                    f"rolling_window {name} float64, window {w}",
                    lambda w=w, name=name: plc.rolling.rolling_window(ca, w, 0, 1, agg_of(name)),
                    2 * nbytes,
                )
            )
            cases.append(
                (
                    f"CuPy cumsum rolling {name.lower()}, window {w} (reference)",
                    cupy_rolling(w, name == "MEAN"),
                    2 * nbytes,
                )
            )

    # 3. grouped rolling
    g = cp.repeat(cp.arange(GROUPS, dtype=cp.int64), -(-n // GROUPS))[:n]
    t = cp.arange(n, dtype=cp.int64)
    cases.append(
        (
            f"grouped_range_rolling_window SUM, {GROUPS} groups, 10 rows",
            grouped_rolling(plc.Column.from_array(g), plc.Column.from_array(t), ca),
            4 * nbytes,
        )
    )

    # 4. compute_column, with the same expression in CuPy as reference
    b, c, d = (rng.random(n, dtype=cp.float64) for _ in range(3))
    ctab = plc.Table([ca, *(plc.Column.from_array(x) for x in (b, c, d))])
    expr = expression()
    cases.append(
        (
            f"compute_column `{EXPR_TEXT}` float64",
            lambda: plc.transform.compute_column(ctab, expr),
            4 * nbytes + n,
        )
    )
    cases.append((f"CuPy `{EXPR_TEXT}` (reference)", lambda: (a + b) * c - d > 0, 4 * nbytes + n))

    # 5. joins: bytes = inputs + the two int32 output maps (pairs counted once, untimed)
    pred = less_predicate()
    nl, nr = max(n // 2000, 10), max(n // 20000, 10)
    lt = plc.Table([plc.Column.from_array(rng.random(nl, dtype=cp.float64))])
    rt = plc.Table([plc.Column.from_array(rng.random(nr, dtype=cp.float64))])
    try:
        pairs = plc.join.conditional_inner_join(lt, rt, pred)[0].size()
    except Exception:
        pairs = 0
    cases.append(
        (
            f"conditional_inner_join a < b, {nl:,} x {nr:,} ({pairs:,} pairs)",
            lambda: plc.join.conditional_inner_join(lt, rt, pred),
            8 * (nl + nr) + 8 * pairs,
        )
    )
    if hasattr(plc.join, "mixed_inner_join"):
        ml, mr = max(n // 10, 10), max(n // 100, 10)
        mk = [
            plc.Table([plc.Column.from_array(x)])
            for x in (
                rng.integers(0, mr, ml, dtype=cp.int64),
                rng.integers(0, mr, mr, dtype=cp.int64),
                rng.random(ml, dtype=cp.float64),
                rng.random(mr, dtype=cp.float64),
            )
        ]
        nulls_eq = plc.types.NullEquality.EQUAL
        try:
            mpairs = plc.join.mixed_inner_join(*mk, pred, nulls_eq)[0].size()
        except Exception:
            mpairs = 0
        cases.append(
            (
                f"mixed_inner_join k == k2 and a < b, {ml:,} x {mr:,} ({mpairs:,} pairs)",
                lambda: plc.join.mixed_inner_join(*mk, pred, nulls_eq),
                16 * (ml + mr) + 8 * mpairs,
            )
        )

    # 6. transpose, with CuPy's transpose + copy as reference
    m = rng.random((SIDE, SIDE), dtype=cp.float64)
    if plc_transpose is not None:
        ttab = plc.Table(
            [plc.Column.from_array(cp.ascontiguousarray(m[:, j])) for j in range(SIDE)]
        )
        cases.append(
            (
                f"transpose float64 {SIDE} x {SIDE}",
                lambda: plc_transpose.transpose(ttab),
                2 * SIDE * SIDE * 8,
            )
        )
    cases.append(
        (
            f"CuPy transpose().copy() {SIDE} x {SIDE} (reference)",
            lambda: cp.transpose(m).copy(),
            2 * SIDE * SIDE * 8,
        )
    )

    for name, fn, moved in cases:
        rows.append((name, safe_time(fn, reps, sync if "CuPy" in name else fsync), moved))
    print(f"## ferrodf plc part 3 on {ferrodf.gpu_info()['name']}: {n:,} rows\n")
    print("| operation | median time | bytes moved | GB/s | of copy bandwidth |")
    print("|---|---:|---:|---:|---:|")
    for name, t, moved in rows:
        if isinstance(t, str):
            print(f"| {name} | {t} | {moved / 1e9:.2f} GB | - | - |")
            continue
        bw = moved / t
        print(
            f"| {name} | {fmt_t(t)} | {moved / 1e9:.2f} GB | {bw / 1e9:.0f} | {bw / copy_bw:.0%} |"
        )
    if plc_transpose is None:
        print("\nferrodf.plc has no transpose module yet: its row is skipped.")


def main() -> None:
    n, reps, use_gpu = bench_args(__doc__, reps=5)
    (gpu_table if use_gpu else cpu_table)(n, reps)


if __name__ == "__main__":
    main()
