"""plc.stream_compaction against pyarrow.compute.filter and plain-Python oracles."""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import assert_column_eq, runs_on_gpu, type_id
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import bool_mask, col, data, movement_fixtures, table

import ferrodf.plc as plc

sc = plc.stream_compaction
K = sc.DuplicateKeepOption
NullEq, NanEq = plc.types.NullEquality, plc.types.NanEquality


pa_type, offset = movement_fixtures(sliced_offset=4)


def test_apply_boolean_mask(pa_type, offset):
    a = data(pa_type, 50 + offset)[offset:]
    b = data(pa.int32(), 50 + offset, seed=1)[offset:]
    mask = bool_mask(50 + offset, seed=2)[offset:]
    got = sc.apply_boolean_mask(table(a, b), col(mask))
    keep = mask.fill_null(False)
    assert_column_eq(got.columns()[0], a.filter(keep))
    assert_column_eq(got.columns()[1], b.filter(keep))


@pytest.mark.parametrize("p", [0.0, 1.0])
def test_apply_boolean_mask_all_or_none(p):
    a = data(pa.string(), 20)
    got = sc.apply_boolean_mask(table(a), col(bool_mask(20, p=p, nulls=False)))
    assert got.num_rows() == (20 if p else 0)


def test_apply_boolean_mask_empty_and_errors():
    got = sc.apply_boolean_mask(table(data(pa.int64(), 0)), col(pa.array([], pa.bool_())))
    assert got.num_rows() == 0
    with pytest.raises(TypeError, match="apply_boolean_mask: the boolean mask must be"):
        sc.apply_boolean_mask(table(data(pa.int64(), 3)), col(pa.array([1, 0, 1], pa.int8())))
    with pytest.raises(ValueError, match="apply_boolean_mask: the boolean mask has 2 rows"):
        sc.apply_boolean_mask(table(data(pa.int64(), 3)), col(pa.array([True, False])))


def test_apply_deletion_and_retention_masks(pa_type, offset):
    a = data(pa_type, 50 + offset)[offset:]
    b = data(pa.int32(), 50 + offset, seed=1)[offset:]
    mask = bool_mask(50 + offset, seed=2)[offset:]
    # pyarrow oracle: deletion keeps the rows whose mask is null or false.
    keep = pc.invert(mask.fill_null(False))
    deleted = sc.apply_deletion_mask(table(a, b), col(mask))
    assert_column_eq(deleted.columns()[0], a.filter(keep))
    assert_column_eq(deleted.columns()[1], b.filter(keep))
    retained = sc.apply_retention_mask(table(a, b), col(mask))
    assert_column_eq(retained.columns()[0], a.filter(mask.fill_null(False)))


def test_apply_deletion_mask_empty_and_errors():
    got = sc.apply_deletion_mask(table(data(pa.int64(), 0)), col(pa.array([], pa.bool_())))
    assert got.num_rows() == 0
    with pytest.raises(TypeError, match="apply_deletion_mask: the boolean mask must be"):
        sc.apply_deletion_mask(table(data(pa.int64(), 3)), col(pa.array([1, 0, 1], pa.int8())))
    with pytest.raises(ValueError, match="apply_deletion_mask: the boolean mask has 2 rows"):
        sc.apply_deletion_mask(table(data(pa.int64(), 3)), col(pa.array([True, False])))


@given(
    st.lists(st.tuples(st.integers(-100, 100), st.one_of(st.none(), st.booleans())), max_size=80)
)
def test_apply_deletion_mask_property(rows):
    vals = [v for v, _ in rows]
    mask = [m for _, m in rows]
    got = sc.apply_deletion_mask(table(pa.array(vals, pa.int64())), col(pa.array(mask, pa.bool_())))
    assert got.columns()[0].to_arrow().to_pylist() == [v for v, m in rows if m is not True]


@given(
    st.lists(st.tuples(st.integers(-100, 100), st.one_of(st.none(), st.booleans())), max_size=80)
)
def test_apply_boolean_mask_property(rows):
    vals = [v for v, _ in rows]
    mask = [m for _, m in rows]
    got = sc.apply_boolean_mask(table(pa.array(vals, pa.int64())), col(pa.array(mask, pa.bool_())))
    assert got.columns()[0].to_arrow().to_pylist() == [v for v, m in rows if m]


@pytest.mark.parametrize("threshold", [0, 1, 2, 3])
def test_drop_nulls(threshold, offset):
    n = 45
    a = data(pa.int32(), n + offset)[offset:]
    b = pa.array([None if i % 4 == 0 else f"s{i}" for i in range(n + offset)])[offset:]
    c = data(pa.float64(), n + offset, seed=3, nulls=False)[offset:]
    got = sc.drop_nulls(table(a, b, c), [0, 1], threshold)
    keep = [
        (x is not None) + (y is not None) >= threshold
        for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
    ]
    mask = pa.array(keep)
    for g, e in zip(got.columns(), (a, b, c), strict=True):
        assert_column_eq(g, e.filter(mask))
    # No keys: every row has 0 >= threshold only when threshold is 0.
    assert sc.drop_nulls(table(a), [], threshold).num_rows() == (n if threshold == 0 else 0)


@pytest.mark.parametrize("t", [pa.float32(), pa.float64()], ids=type_id)
@pytest.mark.parametrize("threshold", [1, 2])
def test_drop_nans(t, threshold, offset):
    n = 40
    a = data(t, n + offset)[offset:]
    b = data(t, n + offset, seed=5)[offset:]
    got = sc.drop_nans(table(a, b), [0, 1], threshold)

    def not_nan(v):
        return v is None or not math.isnan(v)

    keep = [
        not_nan(x) + not_nan(y) >= threshold
        for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
    ]
    assert_column_eq(got.columns()[0], a.filter(pa.array(keep)))


def test_drop_errors():
    with pytest.raises(TypeError, match="drop_nans needs floating-point key columns, got"):
        sc.drop_nans(table(data(pa.int32(), 4)), [0], 1)
    with pytest.raises(IndexError, match="key column 1 does not exist in a table of 1"):
        sc.drop_nulls(table(data(pa.int32(), 4)), [1], 1)


# --------------------------------------------------------------------------- duplicates


def key_of(v):
    """Python value -> hashable key with libcudf equality (-0.0 == 0.0, NaNs equal)."""
    if isinstance(v, float) and math.isnan(v):
        return ("nan",)
    if isinstance(v, float) and v == 0:
        return 0.0
    if isinstance(v, list):
        return tuple(key_of(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, key_of(x)) for k, x in v.items())
    return v


def is_nan(v):
    return isinstance(v, float) and math.isnan(v)


def dup_data(t, n=40):
    """Values with many duplicates: a few distinct values repeated in runs and scattered."""
    base = data(t, 6, seed=7).to_pylist()
    rng = np.random.default_rng(8)
    picks = [int(i) for i in rng.integers(0, 6, n)]
    vals = [base[i] for i in picks]
    for i in range(3, n, 9):  # consecutive runs
        vals[i] = vals[i - 1]
    if pa.types.is_floating(t):
        vals[5], vals[6] = -0.0, 0.0
    return pa.array(vals, t)


def oracle_unique(vals, keep, nulls_equal):
    def eq(x, y):
        if x is None or y is None:
            return x is None and y is None and nulls_equal
        return key_of(x) == key_of(y)

    n = len(vals)
    same_prev = [i > 0 and eq(vals[i], vals[i - 1]) for i in range(n)]
    out = []
    for i in range(n):
        nxt = i + 1 < n and same_prev[i + 1]
        if keep in (K.KEEP_ANY, K.KEEP_FIRST):
            k = not same_prev[i]
        elif keep == K.KEEP_LAST:
            k = not nxt
        else:
            k = not same_prev[i] and not nxt
        if k:
            out.append(i)
    return out


def oracle_distinct(vals, keep, nulls_equal, nans_equal):
    groups: dict = {}
    singles = []
    for i, v in enumerate(vals):
        if (v is None and not nulls_equal) or (is_nan(v) and not nans_equal):
            singles.append(i)
            continue
        groups.setdefault(("null",) if v is None else key_of(v), []).append(i)
    out = singles
    for g in groups.values():
        if keep in (K.KEEP_ANY, K.KEEP_FIRST):
            out.append(g[0])
        elif keep == K.KEEP_LAST:
            out.append(g[-1])
        elif len(g) == 1:
            out.append(g[0])
    return sorted(out)


DUP_TYPES = [
    pa.int32(),
    pa.float64(),
    pa.string(),
    pa.bool_(),
    pa.timestamp("ms"),
    pa.list_(pa.int64()),
]


def fallback_guard(func, *args, nested=False):
    """Duplicate removal runs on the device except for nested key columns, which fall back
    to the host: with device='gpu' that is NotImplementedError, with 'auto' a warning."""
    import ferrodf

    if not nested or not runs_on_gpu():
        return func(*args)
    if ferrodf.get_option("device") == "gpu":
        with pytest.raises(NotImplementedError, match=r"GPU|on the device"):
            func(*args)
        return None
    with pytest.warns(RuntimeWarning):
        return func(*args)


@pytest.fixture(params=DUP_TYPES, ids=type_id)
def keys(request):
    """Keys of each DUP_TYPES type with repeats and nulls (dup_data)."""
    return dup_data(request.param)


def numbered(keys: pa.Array) -> plc.Table:
    """``keys`` with each row's number as a second column: the rows a deduplication keeps."""
    return table(keys, pa.array(range(len(keys)), pa.int32()))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("keep", list(K))
@pytest.mark.parametrize("nulls_equal", [NullEq.EQUAL, NullEq.UNEQUAL])
def test_unique(keys, keep, nulls_equal):
    nested = pa.types.is_list(keys.type)
    got = fallback_guard(sc.unique, numbered(keys), [0], keep, nulls_equal, nested=nested)
    if got is None:
        return
    idx = oracle_unique(keys.to_pylist(), keep, nulls_equal == NullEq.EQUAL)
    assert got.columns()[1].to_arrow().to_pylist() == idx


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("keep", list(K))
@pytest.mark.parametrize("nans_equal", [NanEq.ALL_EQUAL, NanEq.UNEQUAL])
def test_distinct(keys, keep, nans_equal):
    nested = pa.types.is_list(keys.type)
    for ne in (NullEq.EQUAL, NullEq.UNEQUAL):
        want = oracle_distinct(
            keys.to_pylist(), keep, ne == NullEq.EQUAL, nans_equal == NanEq.ALL_EQUAL
        )
        for f in (sc.distinct, sc.stable_distinct):
            got = fallback_guard(f, numbered(keys), [0], keep, ne, nans_equal, nested=nested)
            if got is None:
                return
            assert sorted(got.columns()[1].to_arrow().to_pylist()) == want
        got = fallback_guard(sc.distinct_indices, table(keys), keep, ne, nans_equal, nested=nested)
        assert sorted(got.to_arrow().to_pylist()) == want


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("t", [pa.float64(), pa.int64(), pa.string()], ids=type_id)
def test_unique_and_distinct_count(t):
    a = dup_data(t)
    vals = a.to_pylist()
    NP, NaP = plc.types.NullPolicy, plc.types.NanPolicy
    for mod in (sc, plc.reduce):
        for null_policy in NP:
            for nan_policy in NaP:

                def is_null(v, nan_policy=nan_policy):
                    return v is None or (is_nan(v) and nan_policy == NaP.NAN_IS_NULL)

                keys = [("null",) if is_null(v) else key_of(v) for v in vals]
                runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
                distinct = set(keys)
                if null_policy == NP.EXCLUDE:
                    runs = [k for k in runs if k != ("null",)]
                    distinct.discard(("null",))
                got = fallback_guard(mod.unique_count, col(a), null_policy, nan_policy)
                if got is None:
                    return
                assert got == len(runs)
                got = fallback_guard(mod.distinct_count, col(a), null_policy, nan_policy)
                assert got == len(distinct)
