"""plc.join's conditional and mixed joins and FilteredJoin.

Oracles: pyarrow has no conditional join, so the conditional joins are checked against a
plain Python nested loop over the rows evaluating the predicate with SQL's three-valued
logic (a null result is no match); the mixed joins against a pandas merge on the keys
filtered by the same predicate; FilteredJoin against pyarrow's semi/anti Table.join.
Maps are compared as sorted pairs (the order is not part of the contract) and the semi/anti
rows as the ascending list they are.
"""

from __future__ import annotations

import operator

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import run_both
from hypothesis import given
from hypothesis import strategies as st
from movement_helpers import table

import ferrodf
import ferrodf.plc as plc

E = plc.expressions
Op = E.ASTOperator
NullEq = plc.types.NullEquality
NONE = -(2**31)  # libcudf's JoinNoneValue

KINDS = ["inner", "left", "full", "left_semi", "left_anti"]


def lcol(i: int) -> E.Expression:
    return E.ColumnReference(i, E.TableReference.LEFT)


def rcol(i: int) -> E.Expression:
    return E.ColumnReference(i, E.TableReference.RIGHT)


def lit(v, t: pa.DataType | None = None) -> E.Expression:
    t = pa.int64() if t is None else t
    return E.Literal(plc.Scalar.from_arrow(pa.scalar(v, t)))


def binop(op, a, b) -> E.Expression:
    return E.Operation(op, a, b)


# --------------------------------------------------------------------------- predicates
# Each shape: (the Expression, a Python function of (left row, right row) giving True,
# False or None with libcudf's null rules).


def strict(f):
    """An operator that is null when an operand is null."""
    return lambda a, b: None if a is None or b is None else f(a, b)


def kleene_or(a, b):
    if a is True or b is True:
        return True
    if a is None or b is None:
        return None
    return False


def kleene_and(a, b):
    if a is False or b is False:
        return False
    if a is None or b is None:
        return None
    return True


lt, ge, eq = strict(operator.lt), strict(operator.ge), strict(operator.eq)
add = strict(operator.add)
land = strict(lambda a, b: bool(a) and bool(b))


def null_equal(a, b):
    return (a is None and b is None) or (a is not None and b is not None and a == b)


SHAPES = {
    "l0<r0": (binop(Op.LESS, lcol(0), rcol(0)), lambda x, y: lt(x[0], y[0])),
    "l0+2>=r1": (
        binop(Op.GREATER_EQUAL, binop(Op.ADD, lcol(0), lit(2)), rcol(1)),
        lambda x, y: ge(add(x[0], 2), y[1]),
    ),
    "l0==r0 and l1<r1": (
        binop(Op.LOGICAL_AND, binop(Op.EQUAL, lcol(0), rcol(0)), binop(Op.LESS, lcol(1), rcol(1))),
        lambda x, y: land(eq(x[0], y[0]), lt(x[1], y[1])),
    ),
    "l0>1 or_kleene r1<2": (
        binop(
            Op.NULL_LOGICAL_OR, binop(Op.GREATER, lcol(0), lit(1)), binop(Op.LESS, rcol(1), lit(2))
        ),
        lambda x, y: kleene_or(lt(1, x[0]), lt(y[1], 2)),
    ),
    "l1<=>r1 and_kleene r0<3": (
        binop(
            Op.NULL_LOGICAL_AND,
            binop(Op.NULL_EQUAL, lcol(1), rcol(1)),
            binop(Op.LESS, rcol(0), lit(3)),
        ),
        lambda x, y: kleene_and(null_equal(x[1], y[1]), lt(y[0], 3)),
    ),
    "left only l1<2": (binop(Op.LESS, lcol(1), lit(2)), lambda x, y: lt(x[1], 2)),
    "is_null(r0)": (E.Operation(Op.IS_NULL, rcol(0)), lambda x, y: y[0] is None),
}


def matches(left_rows, right_rows, pred) -> list[tuple[int, int]]:
    """The nested-loop oracle: the (i, j) pairs whose predicate is True (not None)."""
    return [
        (i, j)
        for i, lr in enumerate(left_rows)
        for j, rr in enumerate(right_rows)
        if pred(lr, rr) is True
    ]


def expected(kind: str, nl: int, nr: int, pairs: list[tuple[int, int]]):
    lm = {i for i, _ in pairs}
    rm = {j for _, j in pairs}
    if kind == "left_semi":
        return sorted(lm)
    if kind == "left_anti":
        return [i for i in range(nl) if i not in lm]
    out = list(pairs)
    if kind in ("left", "full"):
        out += [(i, NONE) for i in range(nl) if i not in lm]
    if kind == "full":
        out += [(NONE, j) for j in range(nr) if j not in rm]
    return sorted(out)


def got_of(kind: str, out):
    if kind in ("left_semi", "left_anti"):
        assert out.type().id() == plc.TypeId.INT32
        return out.to_arrow().to_pylist()
    lmap, rmap = out
    assert lmap.type().id() == plc.TypeId.INT32 and rmap.type().id() == plc.TypeId.INT32
    assert lmap.null_count() == 0 and rmap.null_count() == 0
    return sorted(zip(lmap.to_arrow().to_pylist(), rmap.to_arrow().to_pylist(), strict=True))


def conditional(kind: str, lt_: plc.Table, rt_: plc.Table, pred: E.Expression):
    return got_of(kind, getattr(plc.join, f"conditional_{kind}_join")(lt_, rt_, pred))


def mixed(kind, lk, rk, lc, rc, pred, ne):
    f = getattr(plc.join, f"mixed_{kind}_join")
    return got_of(kind, f(lk, rk, lc, rc, pred, ne))


def rows_of(*arrays: pa.Array) -> list[tuple]:
    return list(zip(*(a.to_pylist() for a in arrays), strict=True))


def ints(n: int, seed: int, lo: int = -3, hi: int = 6, null_every: int = 4) -> pa.Array:
    rng = np.random.default_rng(seed)
    vals = rng.integers(lo, hi, n)
    mask = np.zeros(n, bool) if null_every == 0 else (np.arange(n) % null_every == seed % 3)
    return pa.array(vals, pa.int64(), mask=mask)


# ------------------------------------------------------------------- conditional joins


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("offset", [0, 3], ids=["whole", "sliced"])
def test_conditional_against_nested_loop(kind, shape, offset):
    expr, pred = SHAPES[shape]
    la = [ints(17 + offset, 1)[offset:], ints(17 + offset, 2)[offset:]]
    ra = [ints(11 + offset, 3)[offset:], ints(11 + offset, 4)[offset:]]
    got = conditional(kind, table(*la), table(*ra), expr)
    pairs = matches(rows_of(*la), rows_of(*ra), pred)
    assert got == expected(kind, len(la[0]), len(ra[0]), pairs)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("sizes", [(0, 4), (4, 0), (0, 0)], ids=["left0", "right0", "both0"])
def test_conditional_empty(kind, sizes):
    nl, nr = sizes
    la, ra = ints(nl, 1), ints(nr, 2)
    expr, pred = SHAPES["l0<r0"]
    got = conditional(kind, table(la), table(ra), expr)
    assert got == expected(kind, nl, nr, matches(rows_of(la), rows_of(ra), pred))


@pytest.mark.parametrize("kind", KINDS)
def test_conditional_floats_and_strings(kind, host_fallback):
    # Float comparisons (NaN compares false) and string comparisons (byte-wise, the host
    # path's fallback on a GPU) against the loop.
    lf = pa.array([1.5, None, float("nan"), -0.0, 3.0], pa.float64())
    rf = pa.array([0.0, 2.0, None, float("nan")], pa.float64())
    expr = binop(Op.LESS_EQUAL, lcol(0), rcol(0))
    pairs = matches(rows_of(lf), rows_of(rf), lambda x, y: strict(operator.le)(x[0], y[0]))
    assert conditional(kind, table(lf), table(rf), expr) == expected(kind, 5, 4, pairs)
    ls = pa.array(["b", None, "a", "ab", "é"])
    rs = pa.array(["ab", "b", None])
    expr = binop(Op.GREATER, lcol(0), rcol(0))

    def gt_bytes(x, y):
        return strict(lambda a, b: a.encode() > b.encode())(x[0], y[0])

    pairs = matches(rows_of(ls), rows_of(rs), gt_bytes)
    assert conditional(kind, table(ls), table(rs), expr) == expected(kind, 5, 3, pairs)


def test_conditional_gather_maps_nullify():
    # The left join's maps gather the joined rows, with a null row for no partner.
    la = pa.array([1, 5, 3], pa.int64())
    ra = pa.array([2, 4], pa.int64())
    lmap, rmap = plc.join.conditional_left_join(table(la), table(ra), SHAPES["l0<r0"][0])
    policy = plc.copying.OutOfBoundsPolicy.NULLIFY
    lo = plc.copying.gather(table(la), lmap, policy).columns()[0].to_arrow().to_pylist()
    ro = plc.copying.gather(table(ra), rmap, policy).columns()[0].to_arrow().to_pylist()
    assert sorted(zip(lo, ro, strict=True), key=str) == sorted(
        [(1, 2), (1, 4), (3, 4), (5, None)], key=str
    )


def test_conditional_errors():
    a = table(pa.array([1, 2], pa.int64()))
    f = table(pa.array([1.0, 2.0], pa.float64()))
    for kind in KINDS:
        fn = getattr(plc.join, f"conditional_{kind}_join")
        with pytest.raises(TypeError, match="must produce a BOOL8 value, this one gives INT64"):
            fn(a, a, binop(Op.ADD, lcol(0), rcol(0)))
        with pytest.raises(TypeError, match="non-matching operand types: INT64 LESS FLOAT64"):
            fn(a, f, binop(Op.LESS, lcol(0), rcol(0)))
        with pytest.raises(TypeError, match="ADD does not take BOOL8"):
            fn(a, a, binop(Op.ADD, binop(Op.LESS, lcol(0), rcol(0)), lit(True, pa.bool_())))
        with pytest.raises(IndexError, match="column 3 of the right table of 1 columns"):
            fn(a, a, binop(Op.LESS, lcol(0), rcol(3)))
        with pytest.raises(IndexError, match="column 2 of the left table of 1 columns"):
            fn(a, a, binop(Op.LESS, lcol(2), rcol(0)))
        with pytest.raises(ValueError, match="ColumnNameReference"):
            fn(a, a, binop(Op.LESS, E.ColumnNameReference("x"), rcol(0)))
        with pytest.raises(TypeError, match="'str' object is not an instance of 'Expression'"):
            fn(a, a, "l0 < r0")


def test_compute_column_still_refuses_right_references():
    t = table(pa.array([1, 2], pa.int64()))
    with pytest.raises(ValueError, match=r"TableReference\.LEFT"):
        plc.transform.compute_column(t, rcol(0))


# ------------------------------------------------------------------------- mixed joins


def pandas_candidates(lk: list, rk: list, ne: bool) -> list[tuple[int, int]]:
    """The (i, j) pairs of equal keys by a pandas merge (null keys: equal to each other
    when `ne`, else matching nothing)."""
    left = pd.DataFrame({"k": pd.array(lk, "Int64"), "i": range(len(lk))})
    right = pd.DataFrame({"k": pd.array(rk, "Int64"), "j": range(len(rk))})
    if ne:
        sentinel = -(10**9)
        left["k"], right["k"] = left["k"].fillna(sentinel), right["k"].fillna(sentinel)
    else:
        left, right = left.dropna(subset=["k"]), right.dropna(subset=["k"])
    m = left.merge(right, on="k", how="inner")
    return [(int(i), int(j)) for i, j in zip(m["i"], m["j"], strict=True)]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", ["l0<r0", "l0+2>=r1", "l1<=>r1 and_kleene r0<3"])
@pytest.mark.parametrize("ne", [NullEq.EQUAL, NullEq.UNEQUAL], ids=["nulls_equal", "unequal"])
@pytest.mark.parametrize("offset", [0, 2], ids=["whole", "sliced"])
def test_mixed_against_pandas_merge(kind, shape, ne, offset):
    expr, pred = SHAPES[shape]
    n_l, n_r = 23, 13
    lk = ints(n_l + offset, 5, 0, 4, 5)[offset:]
    rk = ints(n_r + offset, 6, 0, 4, 5)[offset:]
    lc = [ints(n_l + offset, 7)[offset:], ints(n_l + offset, 8)[offset:]]
    rc = [ints(n_r + offset, 9)[offset:], ints(n_r + offset, 10)[offset:]]
    got = mixed(kind, table(lk), table(rk), table(*lc), table(*rc), expr, ne)
    lrows, rrows = rows_of(*lc), rows_of(*rc)
    cands = pandas_candidates(lk.to_pylist(), rk.to_pylist(), ne == NullEq.EQUAL)
    pairs = [(i, j) for i, j in cands if pred(lrows[i], rrows[j]) is True]
    assert got == expected(kind, n_l, n_r, pairs)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("sizes", [(0, 4), (4, 0), (0, 0)], ids=["left0", "right0", "both0"])
def test_mixed_empty(kind, sizes):
    nl, nr = sizes
    lk, rk = ints(nl, 1, 0, 2, 0), ints(nr, 2, 0, 2, 0)
    expr, pred = SHAPES["l0<r0"]
    got = mixed(kind, table(lk), table(rk), table(lk), table(rk), expr, NullEq.EQUAL)
    lrows, rrows = rows_of(lk), rows_of(rk)
    pairs = [
        (i, j)
        for i, j in pandas_candidates(lk.to_pylist(), rk.to_pylist(), True)
        if pred(lrows[i], rrows[j]) is True
    ]
    assert got == expected(kind, nl, nr, pairs)


def test_mixed_string_keys_and_predicate(host_fallback):
    lk = pa.array(["a", "b", None, "a"])
    rk = pa.array(["a", None, "a", "c"])
    lc = pa.array(["x", "y", "z", None])
    rc = pa.array(["w", "z", "y", "y"])
    expr = binop(Op.LESS, rcol(0), lcol(0))
    for ne in (True, False):
        nulls = NullEq.EQUAL if ne else NullEq.UNEQUAL
        for kind in KINDS:
            got = mixed(kind, table(lk), table(rk), table(lc), table(rc), expr, nulls)
            keys = [
                (i, j)
                for i, a in enumerate(lk.to_pylist())
                for j, b in enumerate(rk.to_pylist())
                if (a == b if a is not None and b is not None else ne and a is b)
            ]
            lr, rr = lc.to_pylist(), rc.to_pylist()
            pairs = [(i, j) for i, j in keys if strict(operator.lt)(rr[j], lr[i]) is True]
            assert got == expected(kind, 4, 4, pairs), (kind, ne)


def test_mixed_errors():
    a = table(pa.array([1, 2], pa.int64()))
    three = table(pa.array([1, 2, 3], pa.int64()))
    b32 = table(pa.array([1, 2], pa.int32()))
    pred = binop(Op.LESS, lcol(0), rcol(0))
    for kind in KINDS:
        fn = getattr(plc.join, f"mixed_{kind}_join")
        with pytest.raises(ValueError, match="the left keys have 2 rows but the left conditional"):
            fn(a, a, three, a, pred, NullEq.EQUAL)
        with pytest.raises(ValueError, match="the right keys have 2 rows"):
            fn(a, a, a, three, pred, NullEq.EQUAL)
        with pytest.raises(TypeError, match="join"):
            fn(a, b32, a, a, pred, NullEq.EQUAL)
        with pytest.raises(TypeError, match="must produce a BOOL8"):
            fn(a, a, a, a, binop(Op.SUB, lcol(0), rcol(0)), NullEq.EQUAL)
        with pytest.raises(IndexError, match="column 1 of the right table"):
            fn(a, a, a, a, binop(Op.LESS, lcol(0), rcol(1)), NullEq.EQUAL)
        with pytest.raises(ValueError, match="7 is not a valid NullEquality"):
            fn(a, a, a, a, pred, 7)


# ------------------------------------------------------------------------ FilteredJoin


@pytest.mark.parametrize("ne", [NullEq.EQUAL, NullEq.UNEQUAL], ids=["nulls_equal", "unequal"])
@pytest.mark.parametrize("offset", [0, 3], ids=["whole", "sliced"])
def test_filtered_join_against_pyarrow(ne, offset):
    build = ints(9 + offset, 11, 0, 6, 3)[offset:]
    fj = plc.join.FilteredJoin(table(build), ne)
    for seed in (12, 13):
        probe = ints(15 + offset, seed, 0, 8, 4)[offset:]
        # pyarrow's semi/anti joins never match nulls: drop them from both sides for the
        # oracle and add the null probe rows by the rule (they match iff nulls are equal
        # and the build side has a null).
        pt = pa.table({"k": probe, "i": pa.array(range(len(probe)), pa.int64())})
        bt = pa.table({"k": build})
        semi = set(pt.join(bt, "k", join_type="left semi")["i"].to_pylist())
        if ne == NullEq.EQUAL and build.null_count > 0:
            semi |= {i for i, v in enumerate(probe.to_pylist()) if v is None}
        want_semi = sorted(semi)
        want_anti = [i for i in range(len(probe)) if i not in semi]
        assert fj.semi_join(table(probe)).to_arrow().to_pylist() == want_semi
        assert fj.anti_join(table(probe)).to_arrow().to_pylist() == want_anti
        assert plc.join.left_semi_join(table(probe), table(build), ne).to_arrow().to_pylist() == (
            want_semi
        )


@pytest.mark.parametrize("ne", [NullEq.EQUAL, NullEq.UNEQUAL], ids=["nulls_equal", "unequal"])
def test_filtered_join_reused_with_string_keys(ne):
    # One object probed repeatedly (its host index is kept) by tables of two key columns.
    bk = [pa.array(["a", None, "b", "a"]), pa.array([1, 2, None, 1], pa.int32())]
    fj = plc.join.FilteredJoin(table(*bk), ne, 0.75)
    brows = set(rows_of(*bk))
    for seed in range(3):
        rng = np.random.default_rng(seed)
        pk = [
            pa.array([[None, "a", "b", "c"][i] for i in rng.integers(0, 4, 12)]),
            pa.array([[None, 1, 2][i] for i in rng.integers(0, 3, 12)], pa.int32()),
        ]
        prow = rows_of(*pk)

        def found(row):
            if ne == NullEq.UNEQUAL and None in row:
                return False
            return row in brows

        semi = [i for i, r in enumerate(prow) if found(r)]
        assert fj.semi_join(table(*pk)).to_arrow().to_pylist() == semi
        anti = [i for i, r in enumerate(prow) if not found(r)]
        assert fj.anti_join(table(*pk)).to_arrow().to_pylist() == anti


def test_filtered_join_errors():
    a = table(pa.array([1, 2], pa.int64()))
    with pytest.raises(ValueError, match=r"load_factor must be in \(0, 1\], got 0"):
        plc.join.FilteredJoin(a, NullEq.EQUAL, 0.0)
    with pytest.raises(ValueError, match="no columns"):
        plc.join.FilteredJoin(plc.Table([]), NullEq.EQUAL)
    fj = plc.join.FilteredJoin(a, NullEq.EQUAL, load_factor=1.0)
    with pytest.raises(TypeError, match="join"):
        fj.semi_join(table(pa.array([1.0], pa.float64())))


# ---------------------------------------------------------------------------- property

ROWS = st.lists(
    st.tuples(st.one_of(st.none(), st.integers(-2, 3)), st.one_of(st.none(), st.integers(-2, 3))),
    max_size=9,
)


@given(
    ROWS,
    ROWS,
    st.sampled_from(list(SHAPES)),
    st.sampled_from(KINDS),
    st.integers(0, 2),
)
def test_property_conditional_and_mixed(left, right, shape, kind, offset):
    expr, pred = SHAPES[shape]

    def arrays(rows):
        # `offset` leading rows sliced away: the joins see a view with offset != 0.
        pad = [(0, 0)] * offset
        full = pad + rows
        return [pa.array([r[k] for r in full], pa.int64())[offset:] for k in (0, 1)]

    la, ra = arrays(left), arrays(right)
    got = conditional(kind, table(*la), table(*ra), expr)
    assert got == expected(kind, len(left), len(right), matches(left, right, pred))
    # The mixed join keyed on column 1 (nulls equal) with the same predicate.
    got = mixed(kind, table(la[1]), table(ra[1]), table(*la), table(*ra), expr, NullEq.EQUAL)
    keys = [(i, j) for i, a in enumerate(left) for j, b in enumerate(right) if a[1] == b[1]]
    pairs = [(i, j) for i, j in keys if pred(left[i], right[j]) is True]
    assert got == expected(kind, len(left), len(right), pairs)


# ------------------------------------------------------------------------------ device


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_gpu_mode_refuses_string_predicates():
    s = table(pa.array(["a", "b"]))
    with (
        ferrodf.option_context(device="gpu"),
        pytest.raises(NotImplementedError, match="conditional_inner_join has no GPU"),
    ):
        plc.join.conditional_inner_join(s, s, binop(Op.LESS, lcol(0), rcol(0)))


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
@pytest.mark.parametrize("shape", list(SHAPES))
def test_host_device_parity(shape):
    expr, _ = SHAPES[shape]
    la = [ints(1500 + 5, 21, -50, 50, 7)[5:], ints(1505, 22, -50, 50, 9)[5:]]
    ra = [ints(400 + 2, 23, -50, 50, 6)[2:], ints(402, 24, -50, 50, 5)[2:]]
    lk, rk = ints(1500, 25, 0, 40, 11), ints(400, 26, 0, 40, 13)
    lt_, rt_ = table(*la), table(*ra)

    def everything():
        out = {}
        for kind in KINDS:
            out["cond", kind] = conditional(kind, lt_, rt_, expr)
            for ne in NullEq:
                out["mixed", kind, ne] = mixed(kind, table(lk), table(rk), lt_, rt_, expr, ne)
        return out

    host, dev = run_both(everything)
    assert host.keys() == dev.keys()
    for k in host:
        assert host[k] == dev[k], k
