"""Differential fuzzing of plc against pyarrow.compute for the modules both have:
random arrays with nulls, cut to an offset != 0 (by pyarrow's slice before import, or by
``plc.copying.slice`` after), each function's result compared with pyarrow's through
``assert_column_eq`` (type, validity, values). See docs/reliability.md."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
from conftest import assert_column_eq, float_eq
from fuzz_settings import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st

import ferrodf.plc as plc

B = plc.binaryop.BinaryOperator
U = plc.unary.UnaryOperator

INT_TYPES = [pa.int8(), pa.int32(), pa.int64(), pa.uint8(), pa.uint64()]
FLOAT_TYPES = [pa.float32(), pa.float64()]
TIME_TYPES = [pa.timestamp("ms"), pa.timestamp("us")]
STRINGS = ["", "a", "B", "ab", "Ab ", " x", "é", "ÉCOLE", "日本", "🦀", "a\tb", "ß"]


def _elements(t: pa.DataType) -> st.SearchStrategy[Any]:
    if pa.types.is_integer(t):
        lo = -(2 ** (t.bit_width - 1)) if pa.types.is_signed_integer(t) else 0
        hi = 2 ** (t.bit_width - 1) - 1 if pa.types.is_signed_integer(t) else 2**t.bit_width - 1
        return st.one_of(st.integers(-3, 3).filter(lambda v: lo <= v), st.sampled_from([lo, hi]))
    if pa.types.is_floating(t):
        width = 32 if t == pa.float32() else 64
        return st.one_of(
            st.sampled_from([0.0, -0.0, 1.5, -2.5, float("inf"), float("-inf"), float("nan")]),
            st.floats(-1e6, 1e6, width=width),
        )
    if pa.types.is_boolean(t):
        return st.booleans()
    if pa.types.is_timestamp(t):
        return st.integers(-(10**12), 10**13)
    return st.sampled_from(STRINGS)


@st.composite
def arrays(draw: Callable, types: list[pa.DataType], n_max: int = 12) -> pa.Array:
    """A pyarrow array of one of the types with nulls, often sliced (offset != 0)."""
    t = draw(st.sampled_from(types))
    values = draw(st.lists(st.one_of(st.none(), _elements(t)), max_size=n_max + 3))
    arr = pa.array(values, pa.int64()).cast(t) if pa.types.is_timestamp(t) else pa.array(values, t)
    start = draw(st.integers(0, min(3, len(arr))))
    return arr.slice(start, draw(st.integers(0, len(arr) - start)))


def column(arr: pa.Array, how: str) -> plc.Column:
    """arr as a plc column: imported sliced, or imported whole with one null in front and
    sliced by plc (``copying.slice``), so both ways of having an offset are fuzzed."""
    if how == "arrow":
        return plc.Column.from_arrow(arr)
    padded = pa.concat_arrays([pa.nulls(1, arr.type), arr])
    (out,) = plc.copying.slice(plc.Column.from_arrow(padded), [1, len(padded)])
    return out


def dtype(t: pa.DataType) -> plc.DataType:
    return plc.DataType.from_arrow(t)


@dataclass(frozen=True)
class Case:
    """A plc function next to its pyarrow.compute counterpart on the same inputs."""

    name: str
    types: list[pa.DataType]
    arity: int
    ferrodf: Callable[..., Any]
    pyarrow: Callable[..., Any]

    @property
    def module(self) -> str:
        """The plc module the case exercises (docs/reliability.md lists those none does)."""
        return MODULE_OF.get(self.name, "binaryop")


def _binary(op: Any, out: pa.DataType | None = None) -> Callable[..., Any]:
    def run(a: plc.Column, b: plc.Column, ta: pa.DataType) -> plc.Column:
        return plc.binaryop.binary_operation(a, b, op, dtype(out or ta))

    return run


def _unary(op: Any) -> Callable[..., Any]:
    return lambda a, ta: plc.unary.unary_operation(a, op)


def _reduce(agg: Callable[[], Any], out: pa.DataType | None = None) -> Callable[..., Any]:
    return lambda a, ta: plc.reduce.reduce(a, agg(), dtype(out or ta))


NUMS = INT_TYPES + FLOAT_TYPES
CASES = [
    Case("add", NUMS, 2, _binary(B.ADD), pc.add),
    Case("sub", NUMS, 2, _binary(B.SUB), pc.subtract),
    Case("mul", NUMS, 2, _binary(B.MUL), pc.multiply),
    Case("true_div", FLOAT_TYPES, 2, _binary(B.TRUE_DIV), pc.divide),
    Case("equal", [*NUMS, pa.string(), *TIME_TYPES], 2, _binary(B.EQUAL, pa.bool_()), pc.equal),
    Case("less", [*NUMS, pa.string(), *TIME_TYPES], 2, _binary(B.LESS, pa.bool_()), pc.less),
    Case(
        "greater_equal",
        [*NUMS, pa.string()],
        2,
        _binary(B.GREATER_EQUAL, pa.bool_()),
        pc.greater_equal,
    ),
    Case("bitwise_and", INT_TYPES, 2, _binary(B.BITWISE_AND), pc.bit_wise_and),
    Case("bitwise_xor", INT_TYPES, 2, _binary(B.BITWISE_XOR), pc.bit_wise_xor),
    Case("null_logical_and", [pa.bool_()], 2, _binary(B.NULL_LOGICAL_AND), pc.and_kleene),
    Case("null_logical_or", [pa.bool_()], 2, _binary(B.NULL_LOGICAL_OR), pc.or_kleene),
    Case("abs", [pa.int32(), pa.int64(), *FLOAT_TYPES], 1, _unary(U.ABS), pc.abs),
    Case("floor", FLOAT_TYPES, 1, _unary(U.FLOOR), pc.floor),
    Case("ceil", FLOAT_TYPES, 1, _unary(U.CEIL), pc.ceil),
    Case("sqrt", FLOAT_TYPES, 1, _unary(U.SQRT), pc.sqrt),
    Case("not", [pa.bool_()], 1, _unary(U.NOT), pc.invert),
    Case("is_null", [*NUMS, pa.string()], 1, lambda a, ta: plc.unary.is_null(a), pc.is_null),
    # libcudf's is_nan is false, not null, on a null row
    Case(
        "is_nan",
        FLOAT_TYPES,
        1,
        lambda a, ta: plc.unary.is_nan(a),
        lambda x: pc.is_nan(x).fill_null(False),
    ),
    Case("sum", [pa.int64(), pa.float64()], 1, _reduce(plc.aggregation.sum), pc.sum),
    Case("min", [*NUMS, pa.string()], 1, _reduce(plc.aggregation.min), pc.min),
    Case("max", [*NUMS, pa.string()], 1, _reduce(plc.aggregation.max), pc.max),
    Case("any", [pa.bool_()], 1, _reduce(plc.aggregation.any), pc.any),
    Case("all", [pa.bool_()], 1, _reduce(plc.aggregation.all), pc.all),
    # int32, not int64: a mean of int64 extremes loses digits in float64, in an order of
    # its own on each side (libcudf and pyarrow both approximate; neither is wrong)
    Case(
        "mean", [pa.int32(), pa.float64()], 1, _reduce(plc.aggregation.mean, pa.float64()), pc.mean
    ),
    Case(
        "drop_nulls",
        [*NUMS, pa.string()],
        1,
        lambda a, ta: plc.stream_compaction.drop_nulls(plc.Table([a]), [0], 1).columns()[0],
        pc.drop_null,
    ),
    Case(
        "replace_nulls",
        [*NUMS, pa.string()],
        1,
        lambda a, ta: plc.replace.replace_nulls(a, plc.Scalar.from_arrow(_fill(ta))),
        lambda x: pc.fill_null(x, _fill(x.type)),
    ),
    # Case mapping: libcudf maps "ß" to "SS" (Unicode's full mapping, as Python's str.upper)
    # where pc.utf8_upper uses the simple one ("ẞ"): Python's str methods are the oracle.
    Case(
        "to_upper",
        [pa.string()],
        1,
        lambda a, ta: plc.strings.case.to_upper(a),
        lambda x: _py(x, str.upper),
    ),
    Case(
        "to_lower",
        [pa.string()],
        1,
        lambda a, ta: plc.strings.case.to_lower(a),
        lambda x: _py(x, str.lower),
    ),
    Case(
        "count_characters",
        [pa.string()],
        1,
        lambda a, ta: plc.strings.attributes.count_characters(a),
        pc.utf8_length,
    ),
    Case(
        "contains",
        [pa.string()],
        1,
        lambda a, ta: plc.strings.find.contains(a, plc.Scalar.from_arrow(pa.scalar("a"))),
        lambda x: pc.match_substring(x, "a"),
    ),
    Case(
        "starts_with",
        [pa.string()],
        1,
        lambda a, ta: plc.strings.find.starts_with(a, plc.Scalar.from_arrow(pa.scalar("a"))),
        lambda x: pc.starts_with(x, "a"),
    ),
    Case(
        "year",
        TIME_TYPES,
        1,
        lambda a, ta: plc.datetime.extract_datetime_component(
            a, plc.datetime.DatetimeComponent.YEAR
        ),
        lambda x: pc.year(x).cast(pa.int16()),
    ),
    Case(
        "round_half_even",
        [pa.float64()],
        1,
        lambda a, ta: plc.round.round(a, 1, plc.round.RoundingMethod.HALF_EVEN),
        lambda x: pc.round(x, 1, round_mode="half_to_even"),
    ),
]
CASES_BY_NAME = {c.name: c for c in CASES}
MODULE_OF = {
    **dict.fromkeys(["abs", "floor", "ceil", "sqrt", "not", "is_null", "is_nan"], "unary"),
    **dict.fromkeys(["sum", "min", "max", "any", "all", "mean"], "reduce"),
    "drop_nulls": "stream_compaction",
    "replace_nulls": "replace",
    **dict.fromkeys(["to_upper", "to_lower", "count_characters", "contains"], "strings"),
    "starts_with": "strings",
    "year": "datetime",
    "round_half_even": "round",
}


def _py(arr: pa.Array, fn: Callable[[str], str]) -> pa.Array:
    return pa.array([None if v is None else fn(v) for v in arr.to_pylist()], arr.type)


def _fill(t: pa.DataType) -> pa.Scalar:
    return pa.scalar("z" if pa.types.is_string(t) else 1, t)


def _arrow_result(fn: Callable[..., Any], *args: pa.Array) -> tuple[Any, BaseException | None]:
    try:
        return fn(*args), None
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError) as e:
        return None, e


def _check(got: Any, expected: Any, name: str) -> None:
    if isinstance(expected, pa.Scalar):
        assert isinstance(got, plc.Scalar), f"{name}: a scalar expected"
        g, e = got.to_py(), expected.as_py()
        equal = float_eq(g, e, 1e-9) if isinstance(e, float) else g == e
        assert equal, f"{name}: {g!r} != pyarrow's {e!r}"
        return
    rtol = 1e-6 if pa.types.is_float32(expected.type) else 1e-12
    assert_column_eq(got, expected, rtol=rtol if pa.types.is_floating(expected.type) else 0.0)


@fuzz_settings(60)
@given(
    name=st.sampled_from(sorted(CASES_BY_NAME)),
    how=st.sampled_from(["arrow", "plc"]),
    data=st.data(),
)
def test_plc_matches_pyarrow_compute(name: str, how: str, data: st.DataObject) -> None:
    """plc's function gives pyarrow.compute's result on the same sliced, nulled arrays."""
    case = CASES_BY_NAME[name]
    event(f"function {name}")
    first = data.draw(arrays(case.types))
    args = [first]
    if case.arity == 2:
        other = data.draw(arrays([first.type]).filter(lambda a: True))
        n = min(len(first), len(other))
        args = [first.slice(0, n), other.slice(0, n)]
    expected, error = _arrow_result(case.pyarrow, *args)
    if error is not None:
        # pyarrow refuses (an overflow check, say): plc must not crash, any Python error is fine
        return
    got = case.ferrodf(*(column(a, how) for a in args), first.type)
    _check(got, expected, name)
