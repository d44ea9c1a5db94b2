"""plc.rolling against pandas (rolling, groupby().rolling, shift) and a plain-Python loop
that follows libcudf's definition of a window: row i covers rows
[i - preceding + 1, i + following], clamped to the column (swapped where they cross), and
is null when it holds fewer than max(min_periods, 1) observations."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import assert_column_eq, float_eq
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

agg = plc.aggregation
rolling = plc.rolling

VALS = [3, None, -1, 7, 2, None, 5, 5, 0, -4, None, 9, 1]


INT32 = pa.int32()


def col(values, t=INT32):
    return plc.Column.from_arrow(pa.array(values, t))


def window(i, p, f, n):
    s = min(max(i - p + 1, 0), n)
    e = min(max(i + f + 1, 0), n)
    return range(min(s, e), max(s, e))


def oracle(vals, pre, fol, mp, name, arg=None):
    """libcudf's rolling_window, one row at a time (pre/fol: an int or a list per row)."""
    n = len(vals)
    mp = max(mp, 1)
    out = []
    for i in range(n):
        p = pre[i] if isinstance(pre, list) else pre
        f = fol[i] if isinstance(fol, list) else fol
        w = window(i, p, f, n)
        valid = [vals[j] for j in w if vals[j] is not None]
        if name in ("sum", "min", "max", "mean"):
            ok = len(valid) >= mp
            fn = {"sum": sum, "min": min, "max": max, "mean": lambda v: sum(v) / len(v)}[name]
            out.append(fn(valid) if ok else None)
        elif name in ("var", "std"):
            c = len(valid)
            if not (c > 0 and c >= mp):
                out.append(None)
                continue
            m = sum(valid) / c
            m2 = sum((x - m) ** 2 for x in valid)
            if c < arg:
                r = math.nan
            elif c == arg:
                r = math.nan if m2 == 0 else math.inf
            else:
                r = m2 / (c - arg)
            out.append(math.sqrt(r) if name == "std" else r)
        elif name == "count_valid":
            out.append(len(valid) if len(w) >= mp else None)
        elif name == "count_all":
            out.append(len(w) if len(w) >= mp else None)
        elif name == "row_number":
            out.append(i - w.start + 1 if len(w) >= mp else None)
        elif name == "lead":
            k = arg
            if k < 0:
                out.append(vals[i + k] if -k <= i - w.start else None)
            else:
                out.append(vals[i + k] if k <= w.stop - i - 1 else None)
        elif name == "lag":
            k = arg
            if k < 0:
                out.append(vals[i - k] if -k <= w.stop - i - 1 else None)
            else:
                out.append(vals[i - k] if k <= i - w.start else None)
        elif name in ("nth", "nth_exclude"):
            rows = list(w) if name == "nth" else [j for j in w if vals[j] is not None]
            k = arg if arg >= 0 else len(rows) + arg
            ok = len(w) >= mp and 0 <= k < len(rows)
            out.append(vals[rows[k]] if ok else None)
        elif name in ("collect", "collect_exclude"):
            keep = [vals[j] for j in w if name == "collect" or vals[j] is not None]
            out.append(keep if len(w) >= mp else None)
    return out


def make_agg(name, arg=None):
    return {
        "sum": agg.sum,
        "min": agg.min,
        "max": agg.max,
        "mean": agg.mean,
        "var": lambda: agg.variance(arg),
        "std": lambda: agg.std(arg),
        "count_valid": lambda: agg.count(plc.types.NullPolicy.EXCLUDE),
        "count_all": lambda: agg.count(plc.types.NullPolicy.INCLUDE),
        "row_number": agg.row_number,
        "lead": lambda: agg.lead(arg),
        "lag": lambda: agg.lag(arg),
        "nth": lambda: agg.nth_element(arg, plc.types.NullPolicy.INCLUDE),
        "nth_exclude": lambda: agg.nth_element(arg, plc.types.NullPolicy.EXCLUDE),
        "collect": lambda: agg.collect_list(plc.types.NullPolicy.INCLUDE),
        "collect_exclude": lambda: agg.collect_list(plc.types.NullPolicy.EXCLUDE),
    }[name]()


def same(got, want):
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want, strict=True):
        if isinstance(w, float) or isinstance(g, float):
            assert float_eq(g, w, rtol=1e-9), (got, want)
        else:
            assert g == w, (got, want)


AGGS = [
    ("sum", None),
    ("min", None),
    ("max", None),
    ("mean", None),
    ("var", 1),
    ("var", 0),
    ("std", 1),
    ("count_valid", None),
    ("count_all", None),
    ("row_number", None),
    ("lead", 1),
    ("lead", 3),
    ("lag", 2),
    ("lag", -1),
    ("nth", 0),
    ("nth", -1),
    ("nth_exclude", 1),
    ("collect", None),
    ("collect_exclude", None),
]
WINDOWS = [(1, 0), (3, 0), (2, 2), (0, 2), (-1, 3), (4, -2), (50, 50), (0, 0)]


@pytest.mark.parametrize(("name", "arg"), AGGS, ids=lambda x: str(x))
@pytest.mark.parametrize(("pre", "fol"), WINDOWS, ids=str)
@pytest.mark.parametrize("min_periods", [0, 1, 3, 20])
def test_fixed_windows_match_the_loop(name, arg, pre, fol, min_periods):
    out = rolling.rolling_window(col(VALS), pre, fol, min_periods, make_agg(name, arg))
    same(out.to_arrow().to_pylist(), oracle(VALS, pre, fol, min_periods, name, arg))


@pytest.mark.parametrize(("name", "arg"), AGGS, ids=lambda x: str(x))
def test_per_row_windows_match_the_loop(name, arg):
    rng = np.random.default_rng(7)
    pre = [int(x) for x in rng.integers(-2, 6, len(VALS))]
    fol = [int(x) for x in rng.integers(-2, 6, len(VALS))]
    out = rolling.rolling_window(col(VALS), col(pre), col(fol), 1, make_agg(name, arg))
    same(out.to_arrow().to_pylist(), oracle(VALS, pre, fol, 1, name, arg))


@pytest.mark.parametrize("offset", [1, 5])
def test_sliced_inputs(offset):
    vals, pre = VALS[offset:], [2, 1, 3] * 10
    src = plc.Column.from_arrow(pa.array(VALS, pa.int32()).slice(offset))
    pcol = plc.Column.from_arrow(
        pa.array([9] * offset + pre[: len(vals)], pa.int32()).slice(offset)
    )
    for name, arg in AGGS:
        out = rolling.rolling_window(src, pcol, 1, 1, make_agg(name, arg))
        same(out.to_arrow().to_pylist(), oracle(vals, pre[: len(vals)], 1, 1, name, arg))


@pytest.mark.parametrize("window", [1, 2, 3, 7, 40])
@pytest.mark.parametrize("min_periods", [1, 2, 5])
@pytest.mark.parametrize("center", [False, True])
@pytest.mark.parametrize("how", ["sum", "mean", "min", "max", "var", "std"])
def test_against_pandas_rolling(window, min_periods, center, how):
    s = pd.Series([1.5, None, -2.0, 4.0, 8.25, None, None, 3.0, 0.5, -7.0, 2.0, 6.0])
    min_periods = min(min_periods, window)  # pandas requires min_periods <= window
    want = getattr(s.rolling(window, min_periods=min_periods, center=center), how)()
    pre, fol = (window // 2 + 1, (window - 1) // 2) if center else (window, 0)
    a = {"var": agg.variance(1), "std": agg.std(1)}.get(how) or getattr(agg, how)()
    src = plc.Column.from_arrow(pa.array(s, from_pandas=True))
    got = rolling.rolling_window(src, pre, fol, min_periods, a)
    want_arr = pa.array(want.astype(object).where(want.notna(), None).tolist(), pa.float64())
    if how in ("var", "std"):
        # pandas gives 0 (not NaN) for a single observation with ddof=1 only when
        # min_periods allows it; libcudf divides 0 by 0. Compare where pandas has a value.
        got_l, want_l = got.to_arrow().to_pylist(), want_arr.to_pylist()
        for g, w in zip(got_l, want_l, strict=True):
            assert (g is None) == (w is None) or (w is None and g is not None and math.isnan(g))
            if w is not None:
                assert float_eq(g, w, rtol=1e-9)
        return
    assert_column_eq(got, want_arr, rtol=1e-12)


@pytest.mark.parametrize("k", [0, 1, 2, 5, 20])
def test_lag_and_lead_are_pandas_shift(k):
    s = pd.Series([1, 2, None, 4, 5, 6, None, 8], dtype="Int64")
    src = plc.Column.from_arrow(pa.array(s, from_pandas=True))
    lag = rolling.rolling_window(src, k + 1, 0, 1, agg.lag(k))
    lead = rolling.rolling_window(src, 1, k, 1, agg.lead(k))
    assert lag.to_arrow().to_pylist() == [None if pd.isna(v) else v for v in s.shift(k)]
    assert lead.to_arrow().to_pylist() == [None if pd.isna(v) else v for v in s.shift(-k)]


def test_lead_lag_move_strings():
    src = plc.Column.from_arrow(pa.array(["a", None, "ccc", "dd"]))
    out = rolling.rolling_window(src, 2, 0, 1, agg.lag(1))
    assert out.to_arrow().to_pylist() == [None, "a", None, "ccc"]


def test_output_types():
    cases = [
        (pa.int8(), agg.sum(), pa.int64()),
        (pa.uint16(), agg.sum(), pa.uint64()),
        (pa.float32(), agg.sum(), pa.float32()),
        (pa.int16(), agg.mean(), pa.float64()),
        (pa.int16(), agg.variance(), pa.float64()),
        (pa.int16(), agg.min(), pa.int16()),
        (pa.timestamp("ms"), agg.max(), pa.timestamp("ms")),
        (pa.duration("s"), agg.sum(), pa.duration("s")),
        (pa.string(), agg.count(), pa.int32()),
        (pa.float64(), agg.row_number(), pa.int32()),
        (pa.int32(), agg.collect_list(), pa.list_(pa.int32())),
    ]
    for t, a, want in cases:
        src = plc.Column.from_arrow(pa.array([None, None], t))
        out = rolling.rolling_window(src, 2, 0, 1, a)
        empty = rolling.rolling_window(plc.Column.from_arrow(pa.array([], t)), 2, 0, 1, a)
        assert empty.size() == 0
        for got in (out.to_arrow().type, empty.to_arrow().type):
            if pa.types.is_list(want):
                assert pa.types.is_list(got) and got.value_type == want.value_type, (t, a)
            else:
                assert got == want, (t, a)


def test_timestamps_min_max():
    vals = [5, None, 1, 9, 3]
    src = plc.Column.from_arrow(pa.array(vals, pa.timestamp("us")))
    out = rolling.rolling_window(src, 2, 1, 1, agg.min())
    want = oracle(vals, 2, 1, 1, "min")
    assert out.to_arrow().cast(pa.int64()).to_pylist() == want


def test_errors():
    src = col([1, 2, 3])
    with pytest.raises(TypeError, match="MEDIAN aggregations are not supported by rolling"):
        rolling.rolling_window(src, 2, 0, 1, agg.median())
    with pytest.raises(TypeError, match="PRODUCT aggregations are not supported by rolling"):
        rolling.rolling_window(src, 2, 0, 1, agg.product())
    with pytest.raises(ValueError, match="min_periods must be non-negative"):
        rolling.rolling_window(src, 2, 0, -1, agg.sum())
    with pytest.raises(ValueError, match="preceding_window has 2 rows, the source 3"):
        rolling.rolling_window(src, col([1, 1]), 0, 1, agg.sum())
    with pytest.raises(TypeError, match="preceding_window must be an INT32 column"):
        rolling.rolling_window(src, col([1.0, 1.0, 1.0], pa.float32()), 0, 1, agg.sum())
    with pytest.raises(TypeError, match="rolling SUM is not supported for STRING columns"):
        rolling.rolling_window(col(["a"], pa.string()), 1, 0, 1, agg.sum())
    with pytest.raises(
        TypeError, match=r"preceding_window must be an int \(within INT32\) or a Column"
    ):
        rolling.rolling_window(src, 1.5, 0, 1, agg.sum())
    # Empty window columns give an empty result (libcudf).
    empty = col([], pa.int32())
    assert rolling.rolling_window(src, empty, empty, 1, agg.sum()).size() == 0


def test_is_valid_rolling_aggregation():
    i32, s = plc.DataType(plc.TypeId.INT32), plc.DataType(plc.TypeId.STRING)
    assert rolling.is_valid_rolling_aggregation(i32, agg.sum())
    assert rolling.is_valid_rolling_aggregation(i32, agg.lead(1))
    assert rolling.is_valid_rolling_aggregation(s, agg.collect_list())
    assert not rolling.is_valid_rolling_aggregation(s, agg.mean())
    assert not rolling.is_valid_rolling_aggregation(i32, agg.median())


def range_oracle(keys, by, values, desc, pre, fol, mp, how):
    """Each row's window by the definitions of make_range_windows, written out: the rows
    of its group from the first that reaches back far enough to the last that reaches
    forward far enough (a null row: its group's null rows); an unbounded side runs to the
    group's edge."""
    n = len(by)
    out = []

    def key(y):
        return -y if desc else y

    def reaches(spec, y, x, back):
        # Whether value y lies within `spec` of x, before x (back) or after it.
        d = key(x) - key(y) if back else key(y) - key(x)
        if spec == "cur":
            return d <= 0
        closed, delta = spec
        return d <= delta if closed else d < delta

    for i in range(n):
        group = [j for j in range(n) if keys[j] == keys[i]]
        if by[i] is None:
            nulls = [j for j in group if by[j] is None]
            start = group[0] if pre is None else nulls[0]
            end = group[-1] + 1 if fol is None else nulls[-1] + 1
        else:
            valid = [j for j in group if by[j] is not None]
            start = (
                group[0]
                if pre is None
                else min(j for j in valid if reaches(pre, by[j], by[i], True))
            )
            end = (
                group[-1] + 1
                if fol is None
                else max(j for j in valid if reaches(fol, by[j], by[i], False)) + 1
            )
        rows = range(start, end)
        seen = [values[j] for j in rows if values[j] is not None]
        if how == "sum":
            out.append(sum(seen) if len(seen) >= max(mp, 1) else None)
        else:
            out.append(len(rows) if len(rows) >= max(mp, 1) else None)
    return out


def window_type(spec, t):
    if spec is None:
        return rolling.Unbounded()
    if spec == "cur":
        return rolling.CurrentRow()
    closed, d = spec
    s = plc.Scalar.from_arrow(pa.scalar(d, t))
    return rolling.BoundedClosed(s) if closed else rolling.BoundedOpen(s)


SPECS = [None, "cur", (True, 0), (True, 2), (False, 2), (True, 5), (False, 1)]


@pytest.mark.parametrize("pre", SPECS, ids=str)
@pytest.mark.parametrize("fol", SPECS, ids=str)
@pytest.mark.parametrize("order", ["asc", "desc"])
@pytest.mark.parametrize("null_first", [True, False])
def test_grouped_range_windows(pre, fol, order, null_first):
    keys = [1, 1, 1, 1, 1, 2, 2, 2, 3]
    by_groups = [[0, 1, 1, 3, 6], [2, 4, 5], [7]]
    nulls = {0: 1, 1: 0}  # one null row in groups 1 and 2
    by = []
    for g, vals in enumerate(by_groups):
        vals = sorted(vals, reverse=order == "desc")
        if g in nulls:
            vals = vals[: len(vals) - 1]
            vals = [None, *vals] if null_first else [*vals, None]
        by.extend(vals)
    values = [10, None, 3, 4, 5, 6, 7, None, 9]
    o = plc.types.Order.ASCENDING if order == "asc" else plc.types.Order.DESCENDING
    no = plc.types.NullOrder.BEFORE if null_first else plc.types.NullOrder.AFTER
    t = pa.int64()
    reqs = [
        rolling.RollingRequest(col(values, t), 1, agg.sum()),
        rolling.RollingRequest(col(values, t), 0, agg.count(plc.types.NullPolicy.INCLUDE)),
    ]
    out = rolling.grouped_range_rolling_window(
        plc.Table([col(keys)]), col(by, t), o, no, window_type(pre, t), window_type(fol, t), reqs
    )
    got = out.to_arrow()
    desc = order == "desc"
    assert got.column(0).to_pylist() == range_oracle(keys, by, values, desc, pre, fol, 1, "sum")
    assert got.column(1).to_pylist() == range_oracle(keys, by, values, desc, pre, fol, 0, "count")


@pytest.mark.parametrize("window", [1, 2, 4])
def test_against_pandas_groupby_rolling(window):
    df = pd.DataFrame(
        {"k": [1, 1, 1, 2, 2, 3, 3, 3, 3], "v": [1.0, 2.0, None, 4.0, 5.0, 6.0, None, 8.0, 9.0]}
    )
    want = df.groupby("k")["v"].rolling(window, min_periods=1).sum().reset_index(drop=True)
    pos = pa.array(range(len(df)), pa.int64())
    d = plc.Scalar.from_arrow(pa.scalar(window - 1, pa.int64()))
    out = rolling.grouped_range_rolling_window(
        plc.Table([plc.Column.from_arrow(pa.array(df["k"]))]),
        plc.Column.from_arrow(pos),
        plc.types.Order.ASCENDING,
        plc.types.NullOrder.BEFORE,
        rolling.BoundedClosed(d),
        rolling.CurrentRow(),
        [
            rolling.RollingRequest(
                plc.Column.from_arrow(pa.array(df["v"], from_pandas=True)), 1, agg.sum()
            )
        ],
    )
    got = out.to_arrow().column(0).to_pylist()
    same(got, [None if pd.isna(v) else v for v in want])


def test_make_range_windows_feeds_rolling_window():
    by = col([1, 2, 2, 5, 9], pa.int64())
    d = plc.Scalar.from_arrow(pa.scalar(3, pa.int64()))
    pre, fol = rolling.make_range_windows(
        plc.Table([]),
        by,
        plc.types.Order.ASCENDING,
        plc.types.NullOrder.BEFORE,
        rolling.BoundedClosed(d),
        rolling.BoundedOpen(d),
    )
    # Rows within [x - 3, x + 3): 1 -> {1,2,2}, 2 -> {1,2,2}, 5 -> {2,2,5}, 9 -> {9}.
    assert pre.to_arrow().to_pylist() == [1, 2, 3, 3, 1]
    assert fol.to_arrow().to_pylist() == [2, 1, 0, 0, 0]


def test_range_window_errors():
    by = col([1, 2, 3], pa.int64())
    keys = plc.Table([])
    o, no = plc.types.Order.ASCENDING, plc.types.NullOrder.BEFORE
    bad = rolling.BoundedClosed(plc.Scalar.from_arrow(pa.scalar(1, pa.int32())))
    with pytest.raises(
        TypeError, match="a range window delta of type INT32 does not fit an orderby column of"
    ):
        rolling.make_range_windows(keys, by, o, no, bad, rolling.CurrentRow())
    null = rolling.BoundedClosed(plc.Scalar.from_arrow(pa.scalar(None, pa.int64())))
    with pytest.raises(ValueError, match="a range window delta must be valid"):
        rolling.make_range_windows(keys, by, o, no, null, rolling.CurrentRow())
    with pytest.raises(
        TypeError, match="preceding must be Unbounded, CurrentRow, BoundedClosed or BoundedOpen"
    ):
        rolling.make_range_windows(keys, by, o, no, 3, rolling.CurrentRow())
    with pytest.raises(TypeError, match="requests must hold RollingRequest objects"):
        rolling.grouped_range_rolling_window(
            keys, by, o, no, rolling.Unbounded(), rolling.Unbounded(), [agg.sum()]
        )


@settings(max_examples=150, deadline=None)
@given(
    vals=st.lists(st.one_of(st.none(), st.integers(-50, 50)), max_size=25),
    pre=st.integers(-4, 9),
    fol=st.integers(-4, 9),
    mp=st.integers(0, 6),
    which=st.sampled_from(AGGS),
)
def test_property_fixed_windows(vals, pre, fol, mp, which):
    name, arg = which
    out = rolling.rolling_window(col(vals, pa.int64()), pre, fol, mp, make_agg(name, arg))
    same(out.to_arrow().to_pylist(), oracle(vals, pre, fol, mp, name, arg))


@pytest.mark.parametrize("t", [pa.int8(), pa.uint8(), pa.int16(), pa.int32()])
@pytest.mark.parametrize("order", ["asc", "desc"])
@pytest.mark.parametrize("spec", [(True, 120), (False, 120), (True, 0), "cur", None], ids=str)
def test_range_windows_of_narrow_types_never_overflow(t, order, spec):
    # Endpoints such as 127 + 120 leave the type: they are computed exactly (libcudf
    # saturates, which gives the same windows).
    lo, hi = (-128, 127) if t == pa.int8() else (0, 255) if t == pa.uint8() else (-30000, 30000)
    if t == pa.int32():
        lo, hi = -(2**31), 2**31 - 1
    vals = sorted({lo, lo + 1, (lo + hi) // 2, hi - 100, hi - 1, hi}, reverse=order == "desc")
    by = [None, *vals]
    keys = [0] * len(by)
    o = plc.types.Order.ASCENDING if order == "asc" else plc.types.Order.DESCENDING
    pre, fol = rolling.make_range_windows(
        plc.Table([col(keys)]),
        col(by, t),
        o,
        plc.types.NullOrder.BEFORE,
        window_type(spec, t),
        window_type(spec, t),
    )
    ones = [1] * len(by)
    want = range_oracle(keys, by, ones, order == "desc", spec, spec, 0, "count")
    got = [
        p + f for p, f in zip(pre.to_arrow().to_pylist(), fol.to_arrow().to_pylist(), strict=True)
    ]
    assert got == want


@pytest.mark.parametrize("order", [plc.types.Order.ASCENDING, plc.types.Order.DESCENDING])
@pytest.mark.parametrize("nulls", [plc.types.NullOrder.BEFORE, plc.types.NullOrder.AFTER])
@pytest.mark.parametrize("t", [pa.float32(), pa.float64(), pa.timestamp("ms"), pa.int64()])
def test_range_windows_match_the_host(order, nulls, t):
    # Float order-by values with infinities and NaN (NaN sorts above every number), string
    # group keys and a sliced order-by column: the device kernel against the host's
    # binary searches (on a CPU-only machine both calls take the host path).
    rng = np.random.default_rng(3)
    groups = []
    for g in range(4):
        if pa.types.is_floating(t):
            v = [float(x) for x in rng.normal(0, 3, 6)] + [np.inf, -np.inf, np.nan]
        else:
            v = [int(x) for x in rng.integers(-50, 50, 8)]
        v = sorted(v, key=lambda x: (np.isnan(x) if isinstance(x, float) else False, x))
        if order == plc.types.Order.DESCENDING:
            v = v[::-1]
        v = [None, None, *v] if nulls == plc.types.NullOrder.BEFORE else [*v, None]
        groups.append((f"g{g}", v))
    keys = [k for k, v in groups for _ in v]
    by = [x for _, v in groups for x in v]
    arr = pa.array([None, *by], pa.float64() if pa.types.is_floating(t) else pa.int64()).cast(t)[1:]
    delta_t = pa.duration("ms") if pa.types.is_timestamp(t) else t
    for spec in [(True, 2), (False, 2), "cur", None]:
        args = (
            plc.Table([col(keys, pa.string())]),
            plc.Column.from_arrow(arr),
            order,
            nulls,
            window_type(spec, delta_t),
            window_type((True, 0) if spec is None else spec, delta_t),
        )
        got = [c.to_arrow().to_pylist() for c in rolling.make_range_windows(*args)]
        with ferrodf.option_context("device", "cpu"):
            want = [c.to_arrow().to_pylist() for c in rolling.make_range_windows(*args)]
        assert got == want, spec
