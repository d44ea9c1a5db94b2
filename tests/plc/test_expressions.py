"""plc.expressions, plc.transform.compute_column and plc.stream_compaction.filter.

Oracles: pyarrow.compute evaluating the same operation (comparisons, Kleene logic,
arithmetic that wraps, math functions, bitwise operators, ``Table.filter``), and a Python
row evaluator where pyarrow has no equivalent (integer division rules, PYMOD, NULL_EQUAL,
casts) and for the random expression trees of the Hypothesis test.

ferrodf's rules beyond libcudf's: an integer DIV/FLOOR_DIV/MOD/PYMOD by zero is null.
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import (
    assert_arrow_eq,
    assert_column_eq,
    make_array,
    run_both,
    saturate,
    type_id,
    wrap,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

E = plc.expressions
Op = E.ASTOperator

INT_TYPES = [pa.int8(), pa.int16(), pa.int32(), pa.int64(), pa.uint8(), pa.uint32(), pa.uint64()]
FLOAT_TYPES = [pa.float32(), pa.float64()]
NUM_TYPES = INT_TYPES + FLOAT_TYPES


def table(*arrays: pa.Array) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def col(i: int) -> E.Expression:
    return E.ColumnReference(i)


def lit(value, t: pa.DataType | None = None) -> E.Expression:
    return E.Literal(plc.Scalar.from_arrow(pa.scalar(value, t)))


def compute(tbl: plc.Table, expr: E.Expression) -> pa.Array:
    return plc.transform.compute_column(tbl, expr).to_arrow()


def pairs(t: pa.DataType, n: int = 40) -> tuple[pa.Array, pa.Array]:
    """Two arrays of type t with nulls at different rows (and some equal values)."""
    a = make_array(t, n, seed=1)
    b = make_array(t, n + 1, seed=2).slice(1)  # a sliced input: offset != 0
    if pa.types.is_integer(t) or pa.types.is_floating(t):
        # Some equal rows, so ==, <= and >= see both answers.
        b = pa.array(
            [
                x if i % 5 else y
                for i, (x, y) in enumerate(zip(b.to_pylist(), a.to_pylist(), strict=True))
            ],
            t,
        )
    return a, b


@pytest.fixture(autouse=True)
def _strings_through_the_host_fallback(request):
    """Expressions over strings have no device kernel yet (a counted host fallback): their
    oracle tests run through it under FERRODF_DEVICE=gpu (conftest.host_fallback), and
    test_string_expressions_on_the_gpu checks gpu mode's NotImplementedError."""
    if "string" in request.node.name and "on_the_gpu" not in request.node.name:
        request.getfixturevalue("host_fallback")


# ---------------------------------------------------------------------------------------
# The enums and the node classes
# ---------------------------------------------------------------------------------------


def test_enums_have_libcudfs_members():
    assert [(m.name, m.value) for m in Op][:3] == [("ADD", 0), ("SUB", 1), ("MUL", 2)]
    assert Op.NULL_LOGICAL_OR == 22 and Op.IDENTITY == 23 and Op.CAST_TO_FLOAT64 == 49
    assert len(Op) == 50
    assert [m.name for m in E.TableReference] == ["LEFT", "RIGHT"]


def test_nodes_are_expressions():
    for node in (
        lit(1),
        col(0),
        E.ColumnReference(2, E.TableReference.RIGHT),
        E.ColumnNameReference("x"),
        E.Operation(Op.ADD, col(0), col(1)),
        E.Operation(Op.NOT, col(0)),
    ):
        assert isinstance(node, E.Expression)
    assert "ADD(col0, col1)" in repr(E.Operation(Op.ADD, col(0), col(1)))
    with pytest.raises(
        TypeError, match=r"cannot create 'ferrodf\.plc\.expressions\.Expression' instances"
    ):
        E.Expression()


def test_node_construction_errors():
    with pytest.raises(ValueError, match="ADD is a binary operator"):
        E.Operation(Op.ADD, col(0))
    with pytest.raises(ValueError, match="SIN is a unary operator"):
        E.Operation(Op.SIN, col(0), col(1))
    with pytest.raises(ValueError, match="not a valid ASTOperator"):
        E.Operation(99, col(0))
    with pytest.raises(TypeError, match="'int' object is not an instance of 'Expression'"):
        E.Operation(Op.ADD, col(0), 3)
    with pytest.raises(ValueError, match="Only numeric, string, decimal or timestamp"):
        E.Literal(plc.Scalar.from_arrow(pa.scalar([1, 2])))
    with pytest.raises(IndexError, match="column index >= 0"):
        E.ColumnReference(-1)


# ---------------------------------------------------------------------------------------
# Binary operators
# ---------------------------------------------------------------------------------------

WRAPPING = {Op.ADD: pc.add, Op.SUB: pc.subtract, Op.MUL: pc.multiply}


@pytest.mark.parametrize("t", NUM_TYPES, ids=type_id)
@pytest.mark.parametrize("op", list(WRAPPING), ids=lambda o: o.name)
def test_wrapping_arithmetic(t, op):
    a, b = pairs(t)
    got = compute(table(a, b), E.Operation(op, col(0), col(1)))
    assert_arrow_eq(got, WRAPPING[op](a, b), rtol=1e-6)


COMPARE = {
    Op.EQUAL: pc.equal,
    Op.NOT_EQUAL: pc.not_equal,
    Op.LESS: pc.less,
    Op.GREATER: pc.greater,
    Op.LESS_EQUAL: pc.less_equal,
    Op.GREATER_EQUAL: pc.greater_equal,
}
COMPARE_TYPES = [
    *NUM_TYPES,
    pa.bool_(),
    pa.timestamp("ms"),
    pa.timestamp("ns"),
    pa.date32(),
    pa.duration("s"),
    pa.string(),
]


@pytest.mark.parametrize("t", COMPARE_TYPES, ids=type_id)
@pytest.mark.parametrize("op", list(COMPARE), ids=lambda o: o.name)
def test_comparisons(t, op):
    a, b = pairs(t)
    got = compute(table(a, b), E.Operation(op, col(0), col(1)))
    assert got.equals(COMPARE[op](a, b))


@pytest.mark.parametrize("t", [pa.float64(), pa.float32()], ids=type_id)
def test_float_comparisons_are_ieee(t):
    a = pa.array([float("nan"), -0.0, 1.0, float("nan"), None], t)
    b = pa.array([float("nan"), 0.0, float("nan"), 2.0, 1.0], t)
    for op in COMPARE:
        got = compute(table(a, b), E.Operation(op, col(0), col(1)))
        py = {
            Op.EQUAL: lambda x, y: x == y,
            Op.NOT_EQUAL: lambda x, y: x != y,
            Op.LESS: lambda x, y: x < y,
            Op.GREATER: lambda x, y: x > y,
            Op.LESS_EQUAL: lambda x, y: x <= y,
            Op.GREATER_EQUAL: lambda x, y: x >= y,
        }[op]
        want = [
            None if x is None or y is None else py(x, y)
            for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
        ]
        assert got.to_pylist() == want, op.name


@pytest.mark.parametrize("t", [pa.int32(), pa.float64(), pa.string(), pa.bool_()], ids=type_id)
def test_null_equal(t):
    a, b = pairs(t)
    got = compute(table(a, b), E.Operation(Op.NULL_EQUAL, col(0), col(1)))
    want = [
        (x is None and y is None) or (x is not None and y is not None and x == y)
        for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True)
    ]
    assert got.null_count == 0
    assert got.to_pylist() == want


def _trunc_div(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def int_rule(op, x: int, y: int, t: pa.DataType):
    """The Python oracle of the integer division family (None: a null row)."""
    if y == 0:
        return None
    q = _trunc_div(x, y)
    r = x - q * y
    if op == Op.DIV:
        return wrap(q, t)
    if op == Op.MOD:
        return wrap(r, t)
    if op == Op.FLOOR_DIV:
        return wrap(x // y, t)
    return wrap(x % y, t)  # PYMOD: Python's remainder has the divisor's sign


def float_rule(op, x: float, y: float, t: pa.DataType | None = None) -> float:
    """The Python oracle of the float division family, computed in t's precision."""
    f = np.float32 if t == pa.float32() else np.float64
    with np.errstate(all="ignore"):
        x, y = f(x), f(y)
        if op == Op.DIV:
            return float(x / y)
        if op == Op.MOD:
            return float(np.fmod(x, y))
        if op == Op.FLOOR_DIV:
            return float(np.floor(x / y))
        return float(np.fmod(np.fmod(x, y) + y, y))  # libcudf's PYMOD


DIVISION = [Op.DIV, Op.MOD, Op.FLOOR_DIV, Op.PYMOD]


@pytest.mark.parametrize("t", NUM_TYPES, ids=type_id)
@pytest.mark.parametrize("op", DIVISION, ids=lambda o: o.name)
def test_division_family(t, op):
    a, b = pairs(t)
    if pa.types.is_integer(t):
        # Zero divisors (null rows) and -1 (MIN / -1 wraps).
        vals = b.to_pylist()
        vals[2], vals[3] = 0, (-1 if pa.types.is_signed_integer(t) else 1)
        b = pa.array(vals, t)
    got = compute(table(a, b), E.Operation(op, col(0), col(1)))
    want = []
    for x, y in zip(a.to_pylist(), b.to_pylist(), strict=True):
        if x is None or y is None:
            want.append(None)
        elif pa.types.is_integer(t):
            want.append(int_rule(op, x, y, t))
        else:
            want.append(float_rule(op, x, y, t))
    assert_arrow_eq(got, pa.array(want, t), rtol=1e-5)


@pytest.mark.parametrize("t", NUM_TYPES, ids=type_id)
def test_true_div(t):
    a, b = pairs(t)
    got = compute(table(a, b), E.Operation(Op.TRUE_DIV, col(0), col(1)))
    want = pc.divide(a.cast(pa.float64(), safe=False), b.cast(pa.float64(), safe=False))
    assert_arrow_eq(got, want)


@pytest.mark.parametrize("t", FLOAT_TYPES, ids=type_id)
def test_pow(t):
    a = pa.array([2.0, -1.5, 0.0, None, 3.0, 4.0], t)
    b = pa.array([3.0, 2.0, -1.0, 1.0, None, 0.5], t)
    got = compute(table(a, b), E.Operation(Op.POW, col(0), col(1)))
    assert_arrow_eq(got, pc.power(a, b), rtol=1e-6)


BITWISE = {
    Op.BITWISE_AND: pc.bit_wise_and,
    Op.BITWISE_OR: pc.bit_wise_or,
    Op.BITWISE_XOR: pc.bit_wise_xor,
}


@pytest.mark.parametrize("t", INT_TYPES, ids=type_id)
@pytest.mark.parametrize("op", list(BITWISE), ids=lambda o: o.name)
def test_bitwise(t, op):
    a, b = pairs(t)
    got = compute(table(a, b), E.Operation(op, col(0), col(1)))
    assert got.equals(BITWISE[op](a, b))


def test_bitwise_of_booleans():
    a, b = pairs(pa.bool_())
    for op, fn in ((Op.BITWISE_AND, pc.and_), (Op.BITWISE_OR, pc.or_), (Op.BITWISE_XOR, pc.xor)):
        assert compute(table(a, b), E.Operation(op, col(0), col(1))).equals(fn(a, b))


LOGICAL = {
    Op.LOGICAL_AND: pc.and_,
    Op.LOGICAL_OR: pc.or_,
    Op.NULL_LOGICAL_AND: pc.and_kleene,
    Op.NULL_LOGICAL_OR: pc.or_kleene,
}


@pytest.mark.parametrize("t", [pa.bool_(), pa.int32(), pa.float64()], ids=type_id)
@pytest.mark.parametrize("op", list(LOGICAL), ids=lambda o: o.name)
def test_logical(t, op):
    if t == pa.bool_():
        # Every pair of (true, false, null).
        vals = [True, False, None]
        a = pa.array([x for x in vals for _ in vals], t)
        b = pa.array([y for _ in vals for y in vals], t)
    else:
        a, b = pairs(t)
    got = compute(table(a, b), E.Operation(op, col(0), col(1)))
    truth = (lambda x: x) if t == pa.bool_() else (lambda x: pc.not_equal(x, pa.scalar(0, t)))
    assert got.equals(LOGICAL[op](truth(a), truth(b)))


# ---------------------------------------------------------------------------------------
# Unary operators
# ---------------------------------------------------------------------------------------

MATH = {
    Op.SIN: pc.sin,
    Op.COS: pc.cos,
    Op.TAN: pc.tan,
    Op.ARCSIN: pc.asin,
    Op.ARCCOS: pc.acos,
    Op.ARCTAN: pc.atan,
    Op.SINH: pc.sinh,
    Op.COSH: pc.cosh,
    Op.TANH: pc.tanh,
    Op.ARCSINH: pc.asinh,
    Op.ARCCOSH: pc.acosh,
    Op.ARCTANH: pc.atanh,
    Op.EXP: pc.exp,
    Op.LOG: pc.ln,
    Op.SQRT: pc.sqrt,
    Op.CEIL: pc.ceil,
    Op.FLOOR: pc.floor,
    Op.ABS: pc.abs,
    Op.RINT: lambda a: pc.round(a, round_mode="half_to_even"),
    Op.CBRT: lambda a: pa.array(
        np.cbrt(a.to_numpy(zero_copy_only=False)),
        a.type,
        mask=a.is_null().to_numpy(zero_copy_only=False),
    ),
}


@pytest.mark.parametrize("t", FLOAT_TYPES, ids=type_id)
@pytest.mark.parametrize("op", list(MATH), ids=lambda o: o.name)
def test_math_functions(t, op):
    a = pa.array([0.5, -0.25, None, 2.5, 1.5, -3.5, 0.0, 10.0, -0.75, 0.99], t).slice(1)
    got = compute(table(a), E.Operation(op, col(0)))
    assert_arrow_eq(got, MATH[op](a), rtol=1e-5)


@pytest.mark.parametrize("t", INT_TYPES, ids=type_id)
def test_integer_unary(t):
    a = make_array(t, 30).slice(2)
    got = compute(table(a), E.Operation(Op.ABS, col(0)))
    assert got.equals(pc.abs(a))
    got = compute(table(a), E.Operation(Op.BIT_INVERT, col(0)))
    assert got.equals(pc.bit_wise_not(a))


@pytest.mark.parametrize("t", [*NUM_TYPES, pa.bool_()], ids=type_id)
def test_not_identity_is_null(t):
    a = make_array(t, 30).slice(1)
    assert compute(table(a), E.Operation(Op.NOT, col(0))).equals(
        pc.invert(a) if t == pa.bool_() else pc.equal(a, pa.scalar(0, t))
    )
    assert compute(table(a), E.Operation(Op.IDENTITY, col(0))).equals(a)
    assert compute(table(a), E.Operation(Op.IS_NULL, col(0))).equals(pc.is_null(a))


def test_is_null_and_identity_of_strings_and_timestamps():
    for a in (make_array(pa.string(), 20).slice(3), make_array(pa.timestamp("us"), 20)):
        assert compute(table(a), E.Operation(Op.IS_NULL, col(0))).equals(pc.is_null(a))
        assert compute(table(a), E.Operation(Op.IDENTITY, col(0))).equals(a)


@pytest.mark.parametrize("t", [*NUM_TYPES, pa.bool_()], ids=type_id)
def test_casts(t):
    a = make_array(t, 30)
    if pa.types.is_floating(t):
        a = pa.array([*a.to_pylist(), float("nan"), 1e30, -1e30], t)
    vals = a.to_pylist()

    def conv(v, target):
        if v is None:
            return None
        if target == pa.float64():
            return float(v)
        if isinstance(v, float):
            return saturate(v, target)
        return wrap(int(v), target)

    for op, target in (
        (Op.CAST_TO_INT64, pa.int64()),
        (Op.CAST_TO_UINT64, pa.uint64()),
        (Op.CAST_TO_FLOAT64, pa.float64()),
    ):
        got = compute(table(a), E.Operation(op, col(0)))
        assert_arrow_eq(got, pa.array([conv(v, target) for v in vals], target))


def test_duration_arithmetic():
    a, b = pairs(pa.duration("ms"))
    got = compute(table(a, b), E.Operation(Op.ADD, col(0), col(1)))
    assert got.equals(pc.add(a, b))
    got = compute(table(a, b), E.Operation(Op.SUB, col(0), col(1)))
    assert got.equals(pc.subtract(a, b))


# ---------------------------------------------------------------------------------------
# Literals, nulls, empty and sliced tables
# ---------------------------------------------------------------------------------------


def test_literals():
    a = make_array(pa.int64(), 25).slice(4)
    got = compute(table(a), E.Operation(Op.MUL, col(0), lit(3)))
    assert got.equals(pc.multiply(a, 3))
    got = compute(table(a), E.Operation(Op.LESS, lit(0), col(0)))
    assert got.equals(pc.less(0, a))
    # A null literal makes every row null; NULL_EQUAL with it finds the null rows.
    null = lit(None, pa.int64())
    got = compute(table(a), E.Operation(Op.ADD, col(0), null))
    assert got.null_count == len(a)
    got = compute(table(a), E.Operation(Op.NULL_EQUAL, col(0), null))
    assert got.equals(pc.is_null(a))
    # Literal-only expressions have the table's row count.
    got = compute(table(a), E.Operation(Op.ADD, lit(2.5), lit(1.0)))
    assert got.to_pylist() == [3.5] * len(a)


def test_string_comparisons_with_literals():
    a = make_array(pa.string(), 30).slice(2)
    for op, fn in COMPARE.items():
        got = compute(table(a), E.Operation(op, col(0), lit("héllo5")))
        assert got.equals(fn(a, "héllo5")), op.name


def test_timestamp_comparison_with_literal():
    a = make_array(pa.timestamp("s"), 30).slice(1)
    pivot = a.to_pylist()[2]
    got = compute(table(a), E.Operation(Op.GREATER_EQUAL, col(0), lit(pivot, pa.timestamp("s"))))
    assert got.equals(pc.greater_equal(a, pa.scalar(pivot, pa.timestamp("s"))))


@pytest.mark.parametrize("t", [pa.int64(), pa.float64(), pa.string()], ids=type_id)
def test_empty_tables(t):
    a = pa.array([], t)
    for op in (Op.EQUAL, Op.NULL_EQUAL):
        got = compute(table(a, a), E.Operation(op, col(0), col(1)))
        assert got.type == pa.bool_() and len(got) == 0
    got = compute(table(a), E.Operation(Op.IS_NULL, col(0)))
    assert len(got) == 0
    if t != pa.string():
        got = compute(table(a, a), E.Operation(Op.ADD, col(0), col(1)))
        assert got.type == t and len(got) == 0


def test_sliced_inputs_at_every_bit_offset():
    base = make_array(pa.int32(), 100)
    other = make_array(pa.int32(), 100, seed=5)
    for off in range(0, 17):
        a, b = base.slice(off, 70), other.slice(16 - off, 70)
        got = compute(table(a, b), E.Operation(Op.SUB, col(0), col(1)))
        assert got.equals(pc.subtract(a, b)), off


# ---------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------


def test_type_errors():
    t = table(pa.array([1, 2], pa.int64()), pa.array([1.0, 2.0]), pa.array(["a", "b"]))
    with pytest.raises(TypeError, match="non-matching operand types: INT64 ADD FLOAT64"):
        plc.transform.compute_column(t, E.Operation(Op.ADD, col(0), col(1)))
    with pytest.raises(TypeError, match="does not take a INT64 operand"):
        plc.transform.compute_column(t, E.Operation(Op.SIN, col(0)))
    with pytest.raises(TypeError, match="POW does not take INT64 operands"):
        plc.transform.compute_column(t, E.Operation(Op.POW, col(0), col(0)))
    with pytest.raises(TypeError, match="ADD does not take STRING operands"):
        plc.transform.compute_column(t, E.Operation(Op.ADD, col(2), col(2)))
    with pytest.raises(TypeError, match="non-matching operand types"):
        plc.transform.compute_column(t, E.Operation(Op.LESS, col(0), lit(1.5)))


def test_reference_errors():
    t = table(pa.array([1, 2], pa.int64()))
    with pytest.raises(IndexError, match="references column 3 of a table of 1 columns"):
        plc.transform.compute_column(t, E.Operation(Op.ABS, E.ColumnReference(3)))
    with pytest.raises(ValueError, match=r"TableReference\.LEFT"):
        plc.transform.compute_column(t, E.ColumnReference(0, E.TableReference.RIGHT))
    with pytest.raises(ValueError, match="ColumnNameReference"):
        plc.transform.compute_column(t, E.ColumnNameReference("a"))


def test_decimals_are_not_implemented():
    d = pa.array([1, 2], pa.decimal128(10, 2))
    with pytest.raises(NotImplementedError, match="decimal"):
        plc.transform.compute_column(table(d), E.Operation(Op.IDENTITY, col(0)))


# ---------------------------------------------------------------------------------------
# to_expression
# ---------------------------------------------------------------------------------------


def test_to_expression_matches_pyarrow():
    a = pa.array([1, 2, None, 4, -5, 6], pa.int64())
    b = pa.array([10, 20, 30, None, 7, -8], pa.int64())
    c = pa.array([5, 50, 5, 5, 4, 0], pa.int64())
    t = table(a, b, c)
    names = ("a", "b", "c")
    cases = {
        "(a + b) * 2 > c": pc.greater(pc.multiply(pc.add(a, b), 2), c),
        "a < b < c": pc.and_(pc.less(a, b), pc.less(b, c)),
        "a == 1 or c == 5": pc.or_(pc.equal(a, 1), pc.equal(c, 5)),
        "not (a > 2)": pc.invert(pc.greater(a, 2)),
        "-a": pc.multiply(a, -1),
        "+a - b": pc.subtract(a, b),
        "a & b | c ^ 3": pc.bit_wise_or(pc.bit_wise_and(a, b), pc.bit_wise_xor(c, 3)),
        "~a": pc.bit_wise_not(a),
        "abs(a)": pc.abs(a),
        "isnull(a)": pc.is_null(a),
        "isna(b)": pc.is_null(b),
    }
    for text, want in cases.items():
        got = compute(t, E.to_expression(text, names))
        assert got.equals(want), text
    got = compute(t, E.to_expression("a % c", names))
    want = [
        None if x is None or y in (None, 0) else x % y
        for x, y in zip(a.to_pylist(), c.to_pylist(), strict=True)
    ]
    assert got.to_pylist() == want


def test_to_expression_floats_and_functions():
    x = pa.array([0.25, 4.0, None, 9.0])
    t = table(x)
    got = compute(t, E.to_expression("sqrt(x) + sin(x) ** 2.0", ("x",)))
    want = pc.add(pc.sqrt(x), pc.power(pc.sin(x), 2.0))
    assert_arrow_eq(got, want, rtol=1e-12)
    assert E.to_expression("x + 1.0", ("x",)) is E.to_expression("x + 1.0", ("x",))


def test_to_expression_errors():
    with pytest.raises(ValueError, match="Unknown column name z"):
        E.to_expression("a + z", ("a",))
    with pytest.raises(ValueError, match="Unsupported function"):
        E.to_expression("max(a)", ("a",))
    with pytest.raises(ValueError, match="only accepts one positional argument"):
        E.to_expression("sin(a, a)", ("a",))
    with pytest.raises(ValueError, match="Not expecting expression to have node of type"):
        E.to_expression("a if a else a", ("a",))
    with pytest.raises(ValueError, match="Expecting exactly one expression"):
        E.to_expression("a; a", ("a",))
    with pytest.raises(ValueError, match="Unsupported comparison"):
        E.to_expression("a in a", ("a",))
    with pytest.raises(SyntaxError, match="invalid syntax"):
        E.to_expression("a +", ("a",))


# ---------------------------------------------------------------------------------------
# stream_compaction.filter
# ---------------------------------------------------------------------------------------


def test_filter_matches_pyarrow():
    a = make_array(pa.int64(), 50).slice(3)
    b = make_array(pa.float64(), 50, seed=3).slice(3)
    s = make_array(pa.string(), 50, seed=4).slice(3)
    pred = E.to_expression("a > 0 and b < 100.0", ("a", "b"))
    got = plc.stream_compaction.filter(table(a, b), pred, table(a, b, s))
    mask = pc.and_(pc.greater(a, 0), pc.less(b, 100.0))
    want = pa.table({"a": a, "b": b, "s": s}).filter(mask)
    for g, w in zip(got.columns(), want.columns, strict=True):
        assert_column_eq(g, w)
    # Nothing kept, and an empty table.
    none = plc.stream_compaction.filter(table(a), E.to_expression("a != a", ("a",)), table(s))
    assert none.num_rows() == 0
    e = table(a.slice(0, 0), b.slice(0, 0))
    empty = plc.stream_compaction.filter(e, pred, e)
    assert empty.num_rows() == 0


def test_filter_errors():
    a = pa.array([1, 2, 3])
    with pytest.raises(TypeError, match="predicate that gives BOOL8 values, this one gives INT64"):
        plc.stream_compaction.filter(table(a), E.to_expression("a + 1", ("a",)), table(a))
    with pytest.raises(ValueError, match="same number of rows, got 3 and 2"):
        plc.stream_compaction.filter(table(a), E.to_expression("a > 1", ("a",)), table(a.slice(1)))


# ---------------------------------------------------------------------------------------
# Random expression trees (Hypothesis) against a Python evaluator
# ---------------------------------------------------------------------------------------

I64 = pa.int64()


def py_apply(op, t: str, x, y=None):
    """One operator of a random tree on Python values (None: null) of type t."""
    if op == Op.IS_NULL:
        return x is None
    if op == Op.NULL_EQUAL:
        return (x is None and y is None) or (x is not None and y is not None and x == y)
    if op in (Op.NULL_LOGICAL_AND, Op.NULL_LOGICAL_OR):
        tx = None if x is None else x != 0
        ty = None if y is None else y != 0
        r = pc.and_kleene if op == Op.NULL_LOGICAL_AND else pc.or_kleene
        return r(pa.scalar(tx, pa.bool_()), pa.scalar(ty, pa.bool_())).as_py()
    if x is None or (y is None and op.value < Op.IDENTITY):
        return None
    if op in COMPARE:
        return {
            Op.EQUAL: x == y,
            Op.NOT_EQUAL: x != y,
            Op.LESS: x < y,
            Op.GREATER: x > y,
            Op.LESS_EQUAL: x <= y,
            Op.GREATER_EQUAL: x >= y,
        }[op]
    if op == Op.LOGICAL_AND:
        return x != 0 and y != 0
    if op == Op.LOGICAL_OR:
        return x != 0 or y != 0
    if op == Op.NOT:
        return x == 0
    if t == "i":
        if op in DIVISION:
            return int_rule(op, x, y, I64)
        return wrap({Op.ADD: x + y, Op.SUB: x - y, Op.MUL: x * y}[op], I64)
    with np.errstate(all="ignore"):
        fx, fy = np.float64(x), np.float64(y if y is not None else 0.0)
        if op in DIVISION:
            return float_rule(op, x, y)
        return float(
            {
                Op.ADD: fx + fy,
                Op.SUB: fx - fy,
                Op.MUL: fx * fy,
                Op.ABS: abs(fx),
                Op.SQRT: np.sqrt(fx),
            }[op]
        )


NUM_OPS = [Op.ADD, Op.SUB, Op.MUL, Op.DIV, Op.MOD, Op.FLOOR_DIV, Op.PYMOD]
BOOL_OPS = [
    *COMPARE,
    Op.NULL_EQUAL,
    Op.LOGICAL_AND,
    Op.LOGICAL_OR,
    Op.NULL_LOGICAL_AND,
    Op.NULL_LOGICAL_OR,
]


def trees(t: str, depth: int):
    """(expression builder over columns 0 (int64) and 1 (float64), row function, type) of
    random trees of type t ("i", "f" or "b")."""
    leaves = {
        "i": [
            st.just((col(0), lambda r: r[0])),
            st.integers(-(2**63), 2**63 - 1).map(lambda v: (lit(v, I64), lambda r, v=v: v)),
        ],
        "f": [
            st.just((col(1), lambda r: r[1])),
            st.floats(allow_nan=True, width=64).map(
                lambda v: (lit(v, pa.float64()), lambda r, v=v: v)
            ),
        ],
        "b": [],
    }
    if depth == 0:
        if t == "b":
            return trees("i", 0).map(
                lambda e: (E.Operation(Op.IS_NULL, e[0]), lambda r, f=e[1]: f(r) is None)
            )
        return st.one_of(*leaves[t])

    def num(tt):
        def build(args):
            op, (le, lf), (re_, rf) = args
            return E.Operation(op, le, re_), lambda r: py_apply(op, tt, lf(r), rf(r))

        binary = st.tuples(
            st.sampled_from(NUM_OPS), trees(tt, depth - 1), trees(tt, depth - 1)
        ).map(build)
        if tt == "f":
            unary = st.tuples(st.sampled_from([Op.ABS, Op.SQRT]), trees(tt, depth - 1)).map(
                lambda a: (
                    E.Operation(a[0], a[1][0]),
                    lambda r, op=a[0], f=a[1][1]: py_apply(op, "f", f(r)),
                )
            )
            return st.one_of(binary, unary, *leaves[tt])
        return st.one_of(binary, *leaves[tt])

    if t in ("i", "f"):
        return num(t)

    def build_bool(args):
        op, tt, (le, lf), (re_, rf) = args
        return E.Operation(op, le, re_), lambda r: py_apply(op, tt, lf(r), rf(r))

    return st.one_of(
        st.sampled_from(["i", "f"])
        .flatmap(
            lambda tt: st.tuples(
                st.sampled_from(BOOL_OPS), st.just(tt), trees(tt, depth - 1), trees(tt, depth - 1)
            )
        )
        .map(build_bool),
        trees("b", 0),
    )


def _same(got, want) -> bool:
    if got is None or want is None:
        return got is want
    if isinstance(want, float):
        return (
            (math.isnan(got) and math.isnan(want))
            or got == want
            or math.isclose(got, want, rel_tol=1e-12)
        )
    return got == want


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["i", "f", "b"]).flatmap(lambda t: st.tuples(st.just(t), trees(t, 3))),
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)),
            st.one_of(st.none(), st.floats(width=64)),
        ),
        max_size=20,
    ),
    st.integers(0, 3),
)
def test_random_trees_match_a_python_evaluator(tree, rows, cut):
    _, (expr, fn) = tree
    ints = pa.array([r[0] for r in rows], I64)
    floats = pa.array([r[1] for r in rows], pa.float64())
    # Slice off a few leading rows: the evaluation reads from an offset.
    cut = min(cut, len(rows))
    tbl = table(ints.slice(cut), floats.slice(cut))
    got = compute(tbl, expr).to_pylist()
    want = [fn(r) for r in rows[cut:]]
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert _same(g, w), (E.Expression.__repr__(expr), g, w)


# ---------------------------------------------------------------------------------------
# The generated kernels against the host path (GPU machines only)
# ---------------------------------------------------------------------------------------


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_device_kernels_match_the_host():
    tbl = table(
        make_array(pa.int64(), 300).slice(5),
        make_array(pa.float64(), 300, seed=2).slice(5),
        make_array(pa.bool_(), 300, seed=3).slice(5),
        make_array(pa.timestamp("ns"), 300, seed=4).slice(5),
        make_array(pa.int8(), 300, seed=5).slice(5),
    )
    names = ("i", "f", "b", "t", "s")
    texts = [
        "(i + 3) * i - i // 7 > i % 5",
        "f / 2.5 + sqrt(abs(f)) <= f ** 2.0",
        "isnull(i) or (b and f > 0.0)",
        "t >= t",
        "~s & s | s ^ s",
        "-i",
    ]
    exprs = [E.to_expression(x, names) for x in texts]
    i, f, b = col(0), col(1), col(2)
    for op in Op:
        for operand in (i, f, b):
            e = (
                E.Operation(op, operand, operand)
                if op.value < Op.IDENTITY
                else E.Operation(op, operand)
            )
            exprs.append(e)
    exprs += [
        E.Operation(Op.NULL_LOGICAL_AND, b, E.Operation(Op.IS_NULL, i)),
        E.Operation(Op.NULL_EQUAL, i, lit(None, pa.int64())),
        E.Operation(Op.PYMOD, i, lit(-7)),
    ]
    checked = 0
    for e in exprs:
        try:
            host, dev = run_both(lambda e=e: compute(tbl, e))
        except TypeError:
            continue  # an operator that does not take this type
        assert dev.null_count == host.null_count, repr(e)
        assert_arrow_eq(dev, host, rtol=1e-12)
        checked += 1
    assert checked > 100


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_string_expressions_on_the_gpu():
    s = table(pa.array(["a", "b", None]))
    e = E.Operation(Op.EQUAL, col(0), lit("b"))
    with ferrodf.option_context(device="gpu"):
        with pytest.raises(NotImplementedError, match="compute_column has no GPU implementation"):
            plc.transform.compute_column(s, e)
    with ferrodf.option_context(device="auto"):
        assert compute(s, e).to_pylist() == [False, True, None]
