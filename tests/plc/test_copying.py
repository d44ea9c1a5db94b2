"""plc.copying against pyarrow (take, if_else) and plain-Python oracles."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import assert_column_eq, normalize, type_id
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import (
    FIXED_TYPES,
    bool_mask,
    col,
    data,
    movement_fixtures,
    scalar,
    table,
)

import ferrodf.plc as plc

cp = plc.copying
OOB = cp.OutOfBoundsPolicy


pa_type, offset = movement_fixtures(sliced_offset=5)


def source(t, offset, n=40):
    return data(t, n + offset)[offset:]


def expected_take(a: pa.Array, idx: list) -> pa.Array:
    return a.take(pa.array(idx, pa.int64()))


# --------------------------------------------------------------------------- gather


@pytest.mark.parametrize("map_type", [pa.int32(), pa.int64(), pa.uint16()], ids=type_id)
def test_gather(pa_type, offset, map_type):
    a = source(pa_type, offset)
    n = len(a)
    rng = np.random.default_rng(1)
    raw = [int(v) for v in rng.integers(-n if map_type != pa.uint16() else 0, n, 30)]
    got = cp.gather(plc.Table([col(a)]), col(pa.array(raw, map_type)), OOB.DONT_CHECK)
    assert_column_eq(got.columns()[0], expected_take(a, [i + n if i < 0 else i for i in raw]))


def test_gather_nullify(pa_type, offset):
    a = source(pa_type, offset)
    n = len(a)
    raw = [0, n, -n, -n - 1, n - 1, 10**6, -1, 3]
    got = cp.gather(plc.Table([col(a)]), col(pa.array(raw, pa.int64())), OOB.NULLIFY)
    want = [i + n if -n <= i < 0 else (i if 0 <= i < n else None) for i in raw]
    assert_column_eq(got.columns()[0], expected_take(a, want))


@pytest.mark.parametrize("bad", [40, -41, 2**31 - 1])
def test_gather_dont_check_raises(bad):
    t = table(data(pa.int64(), 40), data(pa.string(), 40))
    with pytest.raises(IndexError, match=r"the map has entries outside \[-40, 40\) for 40"):
        cp.gather(t, col(pa.array([0, bad, 1], pa.int64())), OOB.DONT_CHECK)


def test_gather_errors():
    t = table(data(pa.int32(), 10))
    with pytest.raises(ValueError, match="the gather map has nulls; drop or fill them first"):
        cp.gather(t, col(pa.array([0, None], pa.int32())), OOB.NULLIFY)
    with pytest.raises(TypeError, match="a gather map must be an integer column, got"):
        cp.gather(t, col(pa.array([0.0, 1.0])), OOB.NULLIFY)


def test_gather_empty(pa_type):
    a = data(pa_type, 0)
    got = cp.gather(plc.Table([col(a)]), col(pa.array([], pa.int32())), OOB.NULLIFY)
    assert got.num_rows() == 0
    assert_column_eq(got.columns()[0], a)
    # An empty source with a nullifying map gives all-null rows.
    got = cp.gather(plc.Table([col(a)]), col(pa.array([0, 1], pa.int32())), OOB.NULLIFY)
    assert got.columns()[0].null_count() == 2


def test_gather_multiple_columns_sliced_map():
    a, b = data(pa.int16(), 30), data(pa.string(), 30, seed=2)
    m = pa.array([*list(range(29, -1, -1)), 5, 6], pa.int32())[2:]
    got = cp.gather(table(a, b), col(m), OOB.DONT_CHECK)
    idx = m.to_pylist()
    assert_column_eq(got.columns()[0], expected_take(a, idx))
    assert_column_eq(got.columns()[1], expected_take(b, idx))


@pytest.mark.parametrize("policy", [OOB.NULLIFY, OOB.DONT_CHECK])
@pytest.mark.parametrize("pa_str", [pa.string(), pa.large_string()], ids=type_id)
def test_gather_strings_many_chunks(policy, pa_str):
    # More rows than one host gather task (the chunked string gather), a sliced source
    # with nulls and empty strings, and a map with negative (and, nullified, out of bounds)
    # entries.
    rng = np.random.default_rng(4)
    n = 100_000
    words = [None if i % 13 == 0 else "x" * int(rng.integers(0, 9)) + str(i) for i in range(n + 3)]
    words[5] = ""
    a = pa.array(words, pa_str)[3:]
    raw = [int(v) for v in rng.integers(-n, n, 120_000)]
    if policy == OOB.NULLIFY:
        raw[::17] = [n + 5] * len(raw[::17])
    got = cp.gather(plc.Table([col(a)]), col(pa.array(raw, pa.int64())), policy)
    want = [i + n if -n <= i < 0 else (i if 0 <= i < n else None) for i in raw]
    assert got.columns()[0].to_arrow().to_pylist() == expected_take(a, want).to_pylist()


@given(
    st.lists(st.one_of(st.none(), st.integers(-(2**31), 2**31 - 1)), max_size=60),
    st.lists(st.integers(-70, 70), max_size=60),
)
def test_gather_property(values, raw):
    a = pa.array(values, pa.int32())
    n = len(a)
    got = cp.gather(plc.Table([col(a)]), col(pa.array(raw, pa.int64())), OOB.NULLIFY)
    want = [values[i % n] if n and -n <= i < n else None for i in raw]
    assert got.columns()[0].to_arrow().to_pylist() == want


# --------------------------------------------------------------------------- scatter


def test_scatter_table(pa_type, offset):
    target = source(pa_type, offset)
    src = data(pa_type, 12, seed=3)
    n = len(target)
    rng = np.random.default_rng(4)
    positions = [int(p) for p in rng.permutation(n)[:12]]
    raw = [p - n if k % 2 else p for k, p in enumerate(positions)]  # half negative
    got = cp.scatter(
        plc.Table([col(src)]), col(pa.array(raw, pa.int32())), plc.Table([col(target)])
    )
    idx = list(range(n))
    for k, p in enumerate(positions):
        idx[p] = n + k
    assert_column_eq(got.columns()[0], expected_take(pa.concat_arrays([target, src]), idx))


def test_scatter_scalars(pa_type):
    target = data(pa_type, 20)
    s_val = data(pa_type, 3, seed=9, nulls=False)[0].as_py()
    raw = [0, 19, -3, 7]
    got = cp.scatter(
        [plc.Scalar.from_arrow(pa.scalar(s_val, pa_type))],
        col(pa.array(raw, pa.int64())),
        plc.Table([col(target)]),
    )
    expect = target.to_pylist()
    for r in raw:
        expect[r % 20] = s_val
    assert_column_eq(got.columns()[0], pa.array(expect, pa_type))


def test_scatter_null_scalar():
    target = data(pa.int64(), 10, nulls=False)
    got = cp.scatter([scalar(None, pa.int64())], col(pa.array([2, 4], pa.int32())), table(target))
    expect = target.to_pylist()
    expect[2] = expect[4] = None
    assert_column_eq(got.columns()[0], pa.array(expect, pa.int64()))


def test_scatter_errors():
    t = table(data(pa.int32(), 10))
    src = table(data(pa.int32(), 2))
    with pytest.raises(IndexError, match=r"the map has entries outside \[-10, 10\) for 10"):
        cp.scatter(src, col(pa.array([0, 10], pa.int32())), t)
    with pytest.raises(ValueError, match="the scatter map has nulls; drop or fill them first"):
        cp.scatter(src, col(pa.array([0, None], pa.int32())), t)
    with pytest.raises(ValueError, match="scatter: the map has 1 entries but the source has"):
        cp.scatter(src, col(pa.array([0], pa.int32())), t)
    with pytest.raises(TypeError, match="scatter: column 0 of the source is INT64 but the"):
        cp.scatter(table(data(pa.int64(), 2)), col(pa.array([0, 1], pa.int32())), t)
    with pytest.raises(ValueError, match="scatter: the source has 2 columns but the target"):
        cp.scatter(
            [scalar(1, pa.int32()), scalar(2, pa.int32())], col(pa.array([0], pa.int32())), t
        )
    with pytest.raises(TypeError, match="a scatter map must be an integer column, got"):
        cp.scatter(src, col(pa.array([0.0, 1.0])), t)


@given(st.lists(st.integers(-(2**15), 2**15 - 1), min_size=1, max_size=50), st.data())
def test_scatter_property(target_vals, d):
    n = len(target_vals)
    positions = d.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
    src_vals = d.draw(
        st.lists(st.integers(-5, 5), min_size=len(positions), max_size=len(positions))
    )
    got = cp.scatter(
        table(pa.array(src_vals, pa.int16())),
        col(pa.array(positions, pa.int32())),
        table(pa.array(target_vals, pa.int16())),
    )
    expect = list(target_vals)
    for p, v in zip(positions, src_vals, strict=True):
        expect[p] = v
    assert got.columns()[0].to_arrow().to_pylist() == expect


# --------------------------------------------------------------------------- likes


def test_empty_like(pa_type):
    c = col(data(pa_type, 10))
    e = cp.empty_like(c)
    assert e.size() == 0 and e.type() == c.type()
    assert_column_eq(e, data(pa_type, 0))
    t = cp.empty_like(plc.Table([c, c]))
    assert t.num_rows() == 0 and t.num_columns() == 2


@pytest.mark.parametrize("t", FIXED_TYPES, ids=type_id)
@pytest.mark.parametrize("policy", list(cp.MaskAllocationPolicy))
def test_allocate_like(t, policy):
    nullable = col(data(t, 10))
    plain = col(data(t, 10, nulls=False))
    for c in (nullable, plain):
        out = cp.allocate_like(c, policy)
        assert out.size() == 10 and out.type() == c.type()
        has_mask = out.null_mask() is not None
        want = {
            cp.MaskAllocationPolicy.NEVER: False,
            cp.MaskAllocationPolicy.RETAIN: c.null_mask() is not None,
            cp.MaskAllocationPolicy.ALWAYS: True,
        }[policy]
        assert has_mask == want
    assert cp.allocate_like(plain, policy, 3).size() == 3


def test_allocate_like_errors():
    with pytest.raises(TypeError, match="allocate_like needs a fixed-width column, got"):
        cp.allocate_like(col(data(pa.string(), 3)), cp.MaskAllocationPolicy.NEVER)


# --------------------------------------------------------------------------- ranges


def test_copy_range(pa_type, offset):
    target = source(pa_type, offset)
    src = data(pa_type, 20, seed=5)
    got = cp.copy_range(col(src), col(target), 3, 11, 20)
    expect = target.to_pylist()
    expect[20:28] = src.to_pylist()[3:11]
    assert_column_eq(got, pa.array(expect, pa_type))
    # An empty range is a copy.
    assert_column_eq(cp.copy_range(col(src), col(target), 4, 4, 0), target)


def test_copy_range_errors():
    s, t = col(data(pa.int32(), 10)), col(data(pa.int32(), 10))
    with pytest.raises(IndexError, match=r"copy_range: source range 5\.\.11 is not inside a"):
        cp.copy_range(s, t, 5, 11, 0)
    with pytest.raises(IndexError, match="copy_range: 5 rows from target row 6 do not fit"):
        cp.copy_range(s, t, 0, 5, 6)
    with pytest.raises(IndexError, match=r"copy_range: source range 6\.\.5 is not inside a"):
        cp.copy_range(s, t, 6, 5, 0)
    with pytest.raises(TypeError, match="copy_range: the source is INT64 but the target is"):
        cp.copy_range(col(data(pa.int64(), 10)), t, 0, 1, 0)


@pytest.mark.parametrize("t", FIXED_TYPES, ids=type_id)
def test_copy_range_in_place(t, offset):
    target_arr = source(t, offset, 30)
    target = col(target_arr)
    src = data(t, 10, seed=6)
    assert cp.copy_range_in_place(col(src), target, 2, 9, 10) is None
    expect = target_arr.to_pylist()
    expect[10:17] = src.to_pylist()[2:9]
    assert_column_eq(target, pa.array(expect, t))


def test_copy_range_in_place_errors():
    with pytest.raises(TypeError, match="copy_range_in_place works on fixed-width columns"):
        cp.copy_range_in_place(col(data(pa.string(), 5)), col(data(pa.string(), 5)), 0, 1, 0)
    no_mask = col(data(pa.int32(), 5, nulls=False))
    with pytest.raises(ValueError, match="copy_range_in_place: the source rows have nulls"):
        cp.copy_range_in_place(col(data(pa.int32(), 5)), no_mask, 0, 3, 0)
    # Rows without nulls may go into a column without a mask.
    cp.copy_range_in_place(col(data(pa.int32(), 5)), no_mask, 2, 3, 0)


@pytest.mark.parametrize("shift_by", [0, 3, -2, 40, -100])
def test_shift(pa_type, offset, shift_by):
    a = source(pa_type, offset)
    fill_val = data(pa_type, 3, seed=8, nulls=False)[1].as_py()
    for f in (fill_val, None):
        got = cp.shift(col(a), shift_by, scalar(f, pa_type))
        vals, n = a.to_pylist(), len(a)
        expect = [vals[i - shift_by] if 0 <= i - shift_by < n else f for i in range(n)]
        assert_column_eq(got, pa.array(expect, pa_type))


def test_shift_errors():
    with pytest.raises(TypeError, match="shift: the fill value is INT64 but the column is"):
        cp.shift(col(data(pa.int32(), 5)), 1, scalar(1, pa.int64()))


def test_slice_and_split(pa_type):
    a = data(pa_type, 30)
    c = col(a)
    parts = cp.slice(c, [1, 3, 5, 9, 2, 4, 8, 8, 0, 30])
    for got, (b, e) in zip(parts, [(1, 3), (5, 9), (2, 4), (8, 8), (0, 30)], strict=True):
        assert_column_eq(got, a[b:e])
    parts = cp.split(c, [2, 5, 9, 9])
    for got, (b, e) in zip(parts, [(0, 2), (2, 5), (5, 9), (9, 9), (9, 30)], strict=True):
        assert_column_eq(got, a[b:e])
    tparts = cp.split(plc.Table([c, c]), [10])
    assert [t.num_rows() for t in tparts] == [10, 20]
    assert_column_eq(cp.slice(plc.Table([c]), [3, 7])[0].columns()[1 - 1], a[3:7])


def test_slice_split_errors():
    c = col(data(pa.int32(), 10))
    with pytest.raises(ValueError, match=r"slice takes pairs of \[begin, end\) indices, got 3"):
        cp.slice(c, [1, 2, 3])
    with pytest.raises(ValueError, match="slice begin 3 is after its end 2"):
        cp.slice(c, [3, 2])
    with pytest.raises(IndexError, match="slice end 11 is past the last of 10 rows"):
        cp.slice(c, [0, 11])
    with pytest.raises(IndexError, match="slice index -1 is negative"):
        cp.slice(c, [-1, 2])
    with pytest.raises(ValueError, match="split points must not decrease, got 2 after 5"):
        cp.split(c, [5, 2])
    with pytest.raises(IndexError, match="split point 11 is past the last of 10 rows"):
        cp.split(c, [11])


# --------------------------------------------------------------------------- conditional


def if_else(mask: pa.Array, lhs, rhs) -> pa.Array:
    return pc.if_else(mask.fill_null(False), lhs, rhs)


@pytest.mark.parametrize("kinds", ["cc", "sc", "cs", "ss"])
def test_copy_if_else(pa_type, offset, kinds):
    n = 40
    lhs = source(pa_type, offset, n)
    rhs = data(pa_type, n, seed=11)
    mask = bool_mask(n + offset)[offset:]
    sval = data(pa_type, 3, seed=12, nulls=False)[0].as_py()
    if kinds[0] == "s":
        lhs_arg, lhs_py = scalar(sval, pa_type), pa.array([sval] * n, pa_type)
    else:
        lhs_arg, lhs_py = col(lhs), lhs
    if kinds[1] == "s":
        rhs_arg, rhs_py = scalar(None, pa_type), pa.nulls(n, pa_type)
    else:
        rhs_arg, rhs_py = col(rhs), rhs
    got = cp.copy_if_else(lhs_arg, rhs_arg, col(mask))
    m = mask.fill_null(False).to_pylist()
    expect = [
        lv if mv else rv
        for lv, rv, mv in zip(lhs_py.to_pylist(), rhs_py.to_pylist(), m, strict=True)
    ]
    assert_column_eq(got, pa.array(expect, pa_type))


def test_copy_if_else_errors():
    a, b = col(data(pa.int32(), 5)), col(data(pa.int64(), 5))
    m = col(bool_mask(5))
    with pytest.raises(TypeError, match="copy_if_else: lhs is INT32 but rhs is INT64"):
        cp.copy_if_else(a, b, m)
    with pytest.raises(ValueError, match="copy_if_else: rhs has 4 rows but the boolean mask"):
        cp.copy_if_else(a, col(data(pa.int32(), 4)), m)
    with pytest.raises(TypeError, match="copy_if_else: the boolean mask must be BOOL8, got"):
        cp.copy_if_else(a, a, col(data(pa.int8(), 5)))
    with pytest.raises(TypeError, match="copy_if_else: rhs must be a Column or a Scalar"):
        cp.copy_if_else(a, 3, m)


def test_boolean_mask_scatter(pa_type, offset):
    n = 30
    target = source(pa_type, offset, n)
    mask = bool_mask(n, seed=3)
    trues = sum(bool(v) for v in mask.fill_null(False).to_pylist())
    src = data(pa_type, trues + 2, seed=13)  # extra source rows are ignored
    got = cp.boolean_mask_scatter(plc.Table([col(src)]), plc.Table([col(target)]), col(mask))
    expect, k, sv = target.to_pylist(), 0, src.to_pylist()
    for i, m in enumerate(mask.fill_null(False).to_pylist()):
        if m:
            expect[i], k = sv[k], k + 1
    assert_column_eq(got.columns()[0], pa.array(expect, pa_type))
    sval = sv[0]
    got = cp.boolean_mask_scatter([scalar(sval, pa_type)], plc.Table([col(target)]), col(mask))
    expect = [
        sval if m else v
        for v, m in zip(target.to_pylist(), mask.fill_null(False).to_pylist(), strict=True)
    ]
    assert_column_eq(got.columns()[0], pa.array(expect, pa_type))


def test_boolean_mask_scatter_errors():
    t = table(data(pa.int32(), 6))
    m = col(pa.array([True] * 4 + [False] * 2))
    with pytest.raises(ValueError, match="boolean_mask_scatter: the mask selects 4 rows but"):
        cp.boolean_mask_scatter(table(data(pa.int32(), 3)), t, m)
    with pytest.raises(ValueError, match="boolean_mask_scatter: the boolean mask has 5 rows"):
        cp.boolean_mask_scatter(table(data(pa.int32(), 4)), t, col(pa.array([True] * 5)))
    with pytest.raises(TypeError, match="boolean_mask_scatter: column 0 of the source is"):
        cp.boolean_mask_scatter(table(data(pa.int64(), 4)), t, m)
    with pytest.raises(TypeError, match="boolean_mask_scatter: the boolean mask must be"):
        cp.boolean_mask_scatter(table(data(pa.int32(), 4)), t, col(data(pa.int8(), 6)))


def test_get_element(pa_type, offset):
    a = source(pa_type, offset)
    c = col(a)
    for i in (0, 1, len(a) - 1):
        s = cp.get_element(c, i)
        assert s.type() == c.type()
        got = s.to_arrow()
        exp = normalize(a[i : i + 1])[0]
        assert got.is_valid == exp.is_valid
        if pa.types.is_floating(pa_type) and exp.is_valid and exp.as_py() != exp.as_py():
            assert got.as_py() != got.as_py()
        else:
            assert got.equals(exp)
    with pytest.raises(IndexError, match="index 40 is out of bounds for a column of 40 rows"):
        cp.get_element(c, len(a))
    with pytest.raises(IndexError, match="index -1 is negative"):
        cp.get_element(c, -1)
