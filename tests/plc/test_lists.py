"""plc.lists against pyarrow.compute and plain-Python loops over ``to_pylist``.

Every function runs on lists with null rows, null elements and empty lists, on a column
sliced so that its offset is not 0, and on an empty column. Floats hold NaN, which
libcudf's list searches, distinct and set operations compare equal to NaN (unless
``nans_equal`` says otherwise).
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import type_id

import ferrodf.plc as plc

L = plc.lists
ELEMENT_TYPES = [pa.int64(), pa.int8(), pa.float64(), pa.string(), pa.bool_()]
VARIANTS = ["full", "sliced", "empty"]
N = 40
CUT = 5


def _value(t: pa.DataType, rng: np.random.Generator):
    if pa.types.is_floating(t):
        return [0.5, 1.5, 2.5, math.nan, 0.0, -3.0][rng.integers(6)]
    if pa.types.is_string(t):
        return ["a", "bb", "", "ccc", "a b"][rng.integers(5)]
    if pa.types.is_boolean(t):
        return bool(rng.integers(2))
    return int(rng.integers(-2, 5))


def rows(t: pa.DataType, n: int = N, seed: int = 0) -> list:
    """n lists: every 7th row null, every 5th empty, about 15% null elements, few
    distinct values (so there are duplicates)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        if i % 7 == 3:
            out.append(None)
        elif i % 5 == 1:
            out.append([])
        else:
            size = int(rng.integers(1, 7))
            out.append([None if rng.random() < 0.15 else _value(t, rng) for _ in range(size)])
    return out


def column(py: list, t: pa.DataType, variant: str) -> tuple[list, plc.Column]:
    """The lists of variant `variant` of `py` and a column holding them."""
    c = plc.Column.from_arrow(pa.array(py, pa.list_(t)))
    if variant == "sliced":
        s = plc.copying.slice(c, [CUT, len(py)])[0]
        assert s.offset() == CUT
        return py[CUT:], s
    if variant == "empty":
        return [], plc.copying.slice(c, [0, 0])[0]
    return py, c


def key(v):
    """A hashable, order-free form of an element: NaN and -0.0 as libcudf compares them."""
    if isinstance(v, float):
        return "nan" if math.isnan(v) else v + 0.0
    return v


def norm(v):
    """Lists with NaN made comparable by ==."""
    if isinstance(v, list):
        return [norm(x) for x in v]
    return key(v)


def pylist(c: plc.Column) -> list:
    return norm(c.to_arrow().to_pylist())


def sort_key(v):
    # libcudf's order: NaN above every number.
    if isinstance(v, float) and math.isnan(v):
        return (1, 0.0)
    return (0, v)


def test_list_view():
    py = [[1, 2], None, [3]]
    c = plc.Column.from_arrow(pa.array(py, pa.list_(pa.int32())))
    view = c.list_view()
    assert isinstance(view, plc.column.ListsColumnView)
    assert view.offsets().to_arrow().to_pylist() == [0, 2, 2, 3]
    assert view.child().to_arrow().to_pylist() == [1, 2, 3]
    with pytest.raises(TypeError, match="list_view: the column must be a LIST column"):
        plc.Column.from_arrow(pa.array([1, 2])).list_view()


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_count_elements(t, variant):
    py, c = column(rows(t), t, variant)
    got = L.count_elements(c)
    assert got.type().id() == plc.TypeId.INT32
    expect = pc.list_value_length(pa.array(py, pa.list_(t))).cast(pa.int32())
    assert got.to_arrow().to_pylist() == expect.to_pylist()


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("k", [0, 2, -1, -3, 9])
def test_extract_list_element(t, variant, k):
    py, c = column(rows(t), t, variant)
    expect = [r[k] if r is not None and -len(r) <= k < len(r) else None for r in py]
    assert pylist(L.extract_list_element(c, k)) == norm(expect)


@pytest.mark.parametrize("variant", VARIANTS)
def test_extract_list_element_column(variant):
    t = pa.string()
    py, c = column(rows(t), t, variant)
    rng = np.random.default_rng(3)
    idx = [None if i % 6 == 0 else int(rng.integers(-4, 4)) for i in range(len(py))]
    got = L.extract_list_element(c, plc.Column.from_arrow(pa.array(idx, pa.int32())))
    expect = [
        r[k] if r is not None and k is not None and -len(r) <= k < len(r) else None
        for r, k in zip(py, idx, strict=True)
    ]
    assert pylist(got) == expect


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_explode_outer(t, variant):
    py, c = column(rows(t), t, variant)
    ids = list(range(len(py)))
    tbl = plc.Table([plc.Column.from_arrow(pa.array(ids, pa.int32())), c])
    got = L.explode_outer(tbl, 1)
    exp_ids, exp_vals = [], []
    for i, r in zip(ids, py, strict=True):
        for v in r or [None]:
            exp_ids.append(i)
            exp_vals.append(v)
    cols = got.columns()
    assert len(cols) == 2
    assert cols[0].to_arrow().to_pylist() == exp_ids
    assert pylist(cols[1]) == norm(exp_vals)
    # pyarrow's flatten gives the same elements once null and empty rows are dropped
    flat = pc.list_flatten(pa.array(py, pa.list_(t))).to_pylist()
    assert norm(flat) == norm([v for r in py if r for v in r])


def test_explode_outer_first_column():
    lists = plc.Column.from_arrow(pa.array([[1, 2], None, [], [3]], pa.list_(pa.int8())))
    other = plc.Column.from_arrow(pa.array(["a", "b", "c", None]))
    got = L.explode_outer(plc.Table([lists, other]), 0).columns()
    assert got[0].to_arrow().to_pylist() == [1, 2, None, None, 3]
    assert got[1].to_arrow().to_pylist() == ["a", "a", "b", "c", None]


def _find(r, k, last=False):
    """libcudf's index_of: null for a null list or key, else the first (last) position
    of an element equal to the key (NaN equals NaN), -1 when none is."""
    if r is None or k is None:
        return None
    hits = [i for i, v in enumerate(r) if v is not None and key(v) == key(k)]
    if not hits:
        return -1
    return hits[-1] if last else hits[0]


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_contains_index_of_scalar(t, variant):
    py, c = column(rows(t), t, variant)
    rng = np.random.default_rng(5)
    for k in [_value(t, rng), _value(t, rng), None]:
        s = plc.Scalar.from_arrow(pa.scalar(k, t))
        first = [_find(r, k) for r in py]
        last = [_find(r, k, True) for r in py]
        got = L.index_of(c, s, L.DuplicateFindOption.FIND_FIRST)
        assert got.type().id() == plc.TypeId.INT32
        assert got.to_arrow().to_pylist() == first
        got = L.index_of(c, s, L.DuplicateFindOption.FIND_LAST)
        assert got.to_arrow().to_pylist() == last
        expect = [None if f is None else f >= 0 for f in first]
        assert L.contains(c, s).to_arrow().to_pylist() == expect


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_contains_index_of_column(t, variant):
    py, c = column(rows(t), t, variant)
    rng = np.random.default_rng(7)
    keys = [None if i % 9 == 4 else _value(t, rng) for i in range(len(py))]
    kc = plc.Column.from_arrow(pa.array(keys, t))
    first = [_find(r, k) for r, k in zip(py, keys, strict=True)]
    last = [_find(r, k, True) for r, k in zip(py, keys, strict=True)]
    got = L.index_of(c, kc, L.DuplicateFindOption.FIND_FIRST)
    assert got.to_arrow().to_pylist() == first
    assert L.index_of(c, kc, L.DuplicateFindOption.FIND_LAST).to_arrow().to_pylist() == last
    expect = [None if f is None else f >= 0 for f in first]
    assert L.contains(c, kc).to_arrow().to_pylist() == expect


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_contains_nulls(t, variant):
    py, c = column(rows(t), t, variant)
    expect = [None if r is None else any(v is None for v in r) for r in py]
    assert L.contains_nulls(c).to_arrow().to_pylist() == expect


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_concatenate_rows(t, variant):
    py_a, a = column(rows(t), t, variant)
    py_b, b = column(rows(t, seed=1)[::-1], t, variant)
    got = L.concatenate_rows(plc.Table([a, b, a]))
    expect = [
        None if x is None and y is None else (x or []) + (y or []) + (x or [])
        for x, y in zip(py_a, py_b, strict=True)
    ]
    assert pylist(got) == norm(expect)


def nested_rows(n: int = N, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    inner = rows(pa.int32(), 4 * n, seed)
    out = []
    for i in range(n):
        if i % 6 == 2:
            out.append(None)
        else:
            size = int(rng.integers(0, 4))
            out.append([inner[int(rng.integers(len(inner)))] for _ in range(size)])
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_concatenate_list_elements(variant):
    t = pa.list_(pa.int32())
    py, c = column(nested_rows(), t, variant)
    got = L.concatenate_list_elements(c, L.ConcatenateNullPolicy.IGNORE)
    # libcudf: when some inner list is null, a row without a valid list (empty rows too)
    # is null
    null_lists = any(inner is None for r in py if r for inner in r)
    expect = [
        None
        if r is None or (null_lists and all(inner is None for inner in r))
        else [v for inner in r if inner for v in inner]
        for r in py
    ]
    assert pylist(got) == expect
    got = L.concatenate_list_elements(c, L.ConcatenateNullPolicy.NULLIFY_OUTPUT_ROW)
    expect = [
        None if r is None or any(inner is None for inner in r) else [v for x in r for v in x]
        for r in py
    ]
    assert pylist(got) == expect


def _sorted(r, descending, nulls_before):
    if r is None:
        return None
    vals = sorted((v for v in r if v is not None), key=sort_key, reverse=descending)
    nulls = [None] * (len(r) - len(vals))
    # BEFORE: a null is below every value, so it comes first ascending, last descending.
    return nulls + vals if nulls_before != descending else vals + nulls


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("order", [plc.types.Order.ASCENDING, plc.types.Order.DESCENDING])
@pytest.mark.parametrize("nulls", [plc.types.NullOrder.BEFORE, plc.types.NullOrder.AFTER])
@pytest.mark.parametrize("stable", [False, True])
def test_sort_lists(t, variant, order, nulls, stable):
    py, c = column(rows(t), t, variant)
    got = L.sort_lists(c, order, nulls, stable)
    descending = order == plc.types.Order.DESCENDING
    before = nulls == plc.types.NullOrder.BEFORE
    assert pylist(got) == norm([_sorted(r, descending, before) for r in py])


def _distinct(r, nulls_equal=True, nans_equal=True):
    if r is None:
        return None
    seen, out = set(), []
    for v in r:
        k = key(v)
        unique = (v is None and not nulls_equal) or (k == "nan" and not nans_equal)
        if unique or k not in seen:
            out.append(v)
            seen.add(k)
    return out


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("nulls_equal", [True, False])
@pytest.mark.parametrize("nans_equal", [True, False])
def test_distinct(t, variant, nulls_equal, nans_equal):
    py, c = column(rows(t), t, variant)
    ne = plc.types.NullEquality.EQUAL if nulls_equal else plc.types.NullEquality.UNEQUAL
    na = plc.types.NanEquality.ALL_EQUAL if nans_equal else plc.types.NanEquality.UNEQUAL
    got = pylist(L.distinct(c, ne, na))
    expect = norm([_distinct(r, nulls_equal, nans_equal) for r in py])
    # libcudf leaves the order of the kept elements unspecified; ferrodf keeps input order
    assert got == expect


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_reverse(t, variant):
    py, c = column(rows(t), t, variant)
    assert pylist(L.reverse(c)) == norm([None if r is None else r[::-1] for r in py])


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_apply_boolean_mask(t, variant):
    full = rows(t)
    rng = np.random.default_rng(11)
    flags = [
        None if r is None else [None if rng.random() < 0.2 else bool(rng.random() < 0.5) for _ in r]
        for r in full
    ]
    py, c = column(full, t, variant)
    fpy, fc = column(flags, pa.bool_(), variant)
    got = L.apply_boolean_mask(c, fc)
    expect = [
        None if r is None else [v for v, f in zip(r, m, strict=True) if f]
        for r, m in zip(py, fpy, strict=True)
    ]
    assert pylist(got) == norm(expect)


@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "policy", [plc.copying.OutOfBoundsPolicy.NULLIFY, plc.copying.OutOfBoundsPolicy.DONT_CHECK]
)
def test_segmented_gather(t, variant, policy):
    full = rows(t)
    rng = np.random.default_rng(13)
    nullify = policy == plc.copying.OutOfBoundsPolicy.NULLIFY

    def pick(r):
        n = len(r or [])
        if n == 0:
            return [int(rng.integers(-3, 3)) for _ in range(2)] if nullify else []
        lo, hi = (-n - 2, n + 2) if nullify else (-n, n)
        return [None if rng.random() < 0.1 else int(rng.integers(lo, hi)) for _ in range(3)]

    maps = [pick(r) for r in full]
    py, c = column(full, t, variant)
    mpy, mc = column(maps, pa.int32(), variant)
    got = L.segmented_gather(c, mc, policy)

    def take(r, idx):
        n = len(r or [])
        out = []
        for k in idx:
            ok = r is not None and k is not None and -n <= k < n
            out.append(r[k] if ok else None)
        return None if r is None else out

    expect = [take(r, m) for r, m in zip(py, mpy, strict=True)]
    assert pylist(got) == norm(expect)
    if not nullify:
        assert pylist(L.segmented_gather(c, mc)) == norm(expect)


@pytest.mark.parametrize(
    "t", [pa.int32(), pa.int64(), pa.uint8(), pa.float64(), pa.float32()], ids=type_id
)
@pytest.mark.parametrize("with_steps", [False, True])
def test_sequences(t, with_steps):
    rng = np.random.default_rng(17)
    n = 25
    starts = [int(v) for v in rng.integers(0, 50, n)]
    sizes = [int(v) for v in rng.integers(0, 6, n)]
    steps = [int(v) for v in rng.integers(0, 4, n)]
    args = [plc.Column.from_arrow(pa.array(starts, t)), plc.Column.from_arrow(pa.array(sizes))]
    if with_steps:
        args.append(plc.Column.from_arrow(pa.array(steps, t)))
    got = L.sequences(*args)
    expect = [
        [s + j * (st if with_steps else 1) for j in range(k)]
        for s, k, st in zip(starts, sizes, steps, strict=True)
    ]
    assert got.to_arrow().to_pylist() == expect
    assert got.child(1).type().id() == plc.Column.from_arrow(pa.array([], t)).type().id()


def test_sequences_sliced_and_empty():
    starts = plc.copying.slice(plc.Column.from_arrow(pa.array([9, 1, 2, 3], pa.int32())), [1, 4])
    sizes = plc.copying.slice(plc.Column.from_arrow(pa.array([9, 2, 0, 3], pa.int32())), [1, 4])
    got = L.sequences(starts[0], sizes[0])
    assert got.to_arrow().to_pylist() == [[1, 2], [], [3, 4, 5]]
    empty = plc.Column.from_arrow(pa.array([], pa.int32()))
    assert L.sequences(empty, empty).to_arrow().to_pylist() == []


def _set_op(op, x, y, nulls_equal, nans_equal):
    if x is None or y is None:
        return None

    def eq(a, b):
        if a is None or b is None:
            return a is None and b is None and nulls_equal
        if key(a) == "nan" or key(b) == "nan":
            return key(a) == key(b) and nans_equal
        return key(a) == key(b)

    def distinct(vals):
        out = []
        for v in vals:
            if not any(eq(v, w) for w in out):
                out.append(v)
        return out

    if op == "have_overlap":
        return any(eq(a, b) for a in x for b in y)
    if op == "intersect_distinct":
        return distinct([a for a in x if any(eq(a, b) for b in y)])
    if op == "difference_distinct":
        return distinct([a for a in x if not any(eq(a, b) for b in y)])
    return distinct(x + y)


def _canonical(v):
    """A list compared as a multiset (libcudf leaves the order unspecified)."""
    if not isinstance(v, list):
        return v
    return sorted((norm(x) for x in v), key=lambda x: (x is None, str(type(x)), str(x)))


@pytest.mark.parametrize(
    "op", ["have_overlap", "intersect_distinct", "union_distinct", "difference_distinct"]
)
@pytest.mark.parametrize("t", ELEMENT_TYPES, ids=type_id)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("nulls_equal", [True, False])
@pytest.mark.parametrize("nans_equal", [True, False])
def test_set_operations(op, t, variant, nulls_equal, nans_equal):
    px, x = column(rows(t), t, variant)
    py, y = column(rows(t, seed=2), t, variant)
    ne = plc.types.NullEquality.EQUAL if nulls_equal else plc.types.NullEquality.UNEQUAL
    na = plc.types.NanEquality.ALL_EQUAL if nans_equal else plc.types.NanEquality.UNEQUAL
    got = getattr(L, op)(x, y, ne, na).to_arrow().to_pylist()
    expect = [_set_op(op, a, b, nulls_equal, nans_equal) for a, b in zip(px, py, strict=True)]
    assert [_canonical(v) for v in got] == [_canonical(v) for v in expect]


def test_set_operation_defaults():
    x = plc.Column.from_arrow(pa.array([[1.0, math.nan, None], [2.0]]))
    y = plc.Column.from_arrow(pa.array([[math.nan, None], [3.0]]))
    assert L.have_overlap(x, y).to_arrow().to_pylist() == [True, False]
    got = L.intersect_distinct(x, y).to_arrow().to_pylist()
    assert [_canonical(v) for v in got] == [_canonical([math.nan, None]), []]


def test_errors():
    ints = plc.Column.from_arrow(pa.array([1, 2, 3]))
    lists = plc.Column.from_arrow(pa.array([[1], [2, 3], None]))
    for fn in (L.count_elements, L.contains_nulls, L.reverse):
        with pytest.raises(TypeError, match="input must be a LIST column"):
            fn(ints)
    with pytest.raises(TypeError, match="extract_list_element: input must be a LIST column"):
        L.extract_list_element(ints, 0)
    with pytest.raises(TypeError, match="extract_list_element: the index column must be INT32"):
        L.extract_list_element(lists, plc.Column.from_arrow(pa.array([0, 1, 2], pa.int64())))
    with pytest.raises(
        ValueError, match="extract_list_element: the lists column has 3 rows but the index"
    ):
        L.extract_list_element(lists, plc.Column.from_arrow(pa.array([0], pa.int32())))
    with pytest.raises(TypeError, match="index must be an int or a Column"):
        L.extract_list_element(lists, "0")
    with pytest.raises(
        TypeError, match="contains: the search key is STRING but the list elements is INT64"
    ):
        L.contains(lists, plc.Scalar.from_arrow(pa.scalar("a")))
    with pytest.raises(TypeError, match="search_key must be a Column or a Scalar"):
        L.contains(lists, 1)
    with pytest.raises(
        ValueError, match="index_of: the lists column has 3 rows but the search keys has 1"
    ):
        L.index_of(
            lists,
            plc.Column.from_arrow(pa.array([1], pa.int64())),
            L.DuplicateFindOption.FIND_FIRST,
        )
    with pytest.raises(
        IndexError, match="explode_outer: explode_column_idx 1 is out of range for a table of 1"
    ):
        L.explode_outer(plc.Table([lists]), 1)
    with pytest.raises(TypeError, match="explode_outer: the exploded column must be a LIST column"):
        L.explode_outer(plc.Table([ints]), 0)
    with pytest.raises(
        TypeError, match="concatenate_list_elements: its elements must be a LIST column"
    ):
        L.concatenate_list_elements(lists, L.ConcatenateNullPolicy.IGNORE)
    with pytest.raises(
        TypeError, match="concatenate_rows: the first column's elements is INT64 but another"
    ):
        L.concatenate_rows(plc.Table([lists, plc.Column.from_arrow(pa.array([["a"], [], []]))]))
    with pytest.raises(
        TypeError, match="apply_boolean_mask: boolean_mask must be a LIST of BOOL8 column, its"
    ):
        L.apply_boolean_mask(lists, lists)
    with pytest.raises(
        ValueError, match="apply_boolean_mask: boolean_mask must have as many entries as input"
    ):
        L.apply_boolean_mask(lists, plc.Column.from_arrow(pa.array([[True], [True], None])))
    with pytest.raises(
        TypeError, match="segmented_gather: gather_map_list must be a LIST of INT32 column, its"
    ):
        L.segmented_gather(
            lists, plc.Column.from_arrow(pa.array([[0], [0], []], pa.list_(pa.int64())))
        )
    with pytest.raises(
        TypeError, match="have_overlap: the lhs elements is INT64 but the rhs elements is STRING"
    ):
        L.have_overlap(lists, plc.Column.from_arrow(pa.array([["a"], [], []])))
    with pytest.raises(
        ValueError, match="union_distinct: the lists column has 3 rows but rhs has 1"
    ):
        L.union_distinct(lists, plc.Column.from_arrow(pa.array([[1]])))
    with pytest.raises(ValueError, match="sequences: sizes must not be negative"):
        L.sequences(ints, plc.Column.from_arrow(pa.array([1, -1, 2])))
    with pytest.raises(ValueError, match="sequences: sizes must not hold nulls"):
        L.sequences(ints, plc.Column.from_arrow(pa.array([1, None, 2])))
    with pytest.raises(TypeError, match="sequences: sizes must be integers"):
        L.sequences(ints, plc.Column.from_arrow(pa.array([1.0, 2.0, 3.0])))
    with pytest.raises(ValueError, match="7 is not a valid ConcatenateNullPolicy"):
        L.concatenate_list_elements(plc.Column.from_arrow(pa.array([[[1]]])), 7)
