"""plc.reduce.reduce against pyarrow.compute.

Semantics under test: nulls are skipped; a column without valid values gives a null
scalar; each value is converted to the output type before it is accumulated and integer
overflow wraps; min/max skip NaN unless every valid value is NaN; mean needs a floating
output type.
"""

from __future__ import annotations

import math

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from conftest import (
    FLOAT_TYPES,
    INT_TYPES,
    NUMERIC_TYPES,
    SIGNED_INT_TYPES,
    make_array,
    runs_on_gpu,
    type_id,
    wrap,
)
from hypothesis import given
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

T = plc.TypeId
agg = plc.aggregation

# pyarrow types of the output DataTypes used below
PA_OF = {
    T.INT8: pa.int8(),
    T.INT16: pa.int16(),
    T.INT32: pa.int32(),
    T.INT64: pa.int64(),
    T.UINT8: pa.uint8(),
    T.UINT16: pa.uint16(),
    T.UINT32: pa.uint32(),
    T.UINT64: pa.uint64(),
    T.FLOAT32: pa.float32(),
    T.FLOAT64: pa.float64(),
    T.BOOL8: pa.bool_(),
}

pytestmark = pytest.mark.filterwarnings("ignore:ferrodf.reduce ran on the host:RuntimeWarning")


def dt(pa_type: pa.DataType) -> plc.DataType:
    return plc.DataType.from_arrow(pa_type)


def wide_type(pa_type: pa.DataType) -> pa.DataType:
    """The usual accumulator output of sum/product: int64, uint64 or float64."""
    if pa.types.is_unsigned_integer(pa_type):
        return pa.uint64()
    if pa.types.is_floating(pa_type):
        return pa.float64()
    return pa.int64()


def reduce_values(pa_type: pa.DataType, n: int, rng: np.random.Generator) -> list:
    if pa.types.is_integer(pa_type):
        info = np.iinfo(pa_type.to_pandas_dtype())
        vals = [
            int(v)
            for v in rng.integers(
                info.min, info.max, n, endpoint=True, dtype=np.int64 if info.min < 0 else np.uint64
            )
        ]
        vals[:3] = [int(info.min), int(info.max), 0][: len(vals[:3])]
        return vals
    if pa.types.is_floating(pa_type):
        # Small magnitudes: float32 products and sums stay finite and well conditioned.
        return [float(v) for v in rng.uniform(0.5, 2.0, n) * rng.choice([-1, 1], n)]
    return [bool(v) for v in rng.integers(0, 2, n)]


def make_reduce_array(
    pa_type: pa.DataType, n: int = 41, nulls: bool = True, seed: int = 0
) -> pa.Array:
    rng = np.random.default_rng(seed)
    vals = reduce_values(pa_type, n, rng)
    if nulls:
        vals = [None if i % 4 == 2 else v for i, v in enumerate(vals)]
    return pa.array(vals, pa_type)


def run_reduce(col: plc.Column, kind: str, out: plc.DataType) -> plc.Scalar:
    """reduce on the configured placement: every kind here has a device path (any/all of
    numbers through their truth values), so device='gpu' never raises."""
    return plc.reduce.reduce(col, getattr(agg, kind)(), out)


def assert_scalar(
    result: plc.Scalar, out: plc.DataType, expected, *, rtol: float = 0.0, atol: float = 0.0
):
    assert isinstance(result, plc.Scalar)
    assert result.type() == out
    if expected is None:
        assert not result.is_valid()
        assert result.to_py() is None
        return
    assert result.is_valid()
    got = result.to_py()
    arrow = result.to_arrow()
    assert arrow.type == PA_OF[out.id()]
    if isinstance(expected, float) and math.isnan(expected):
        assert isinstance(got, float) and math.isnan(got), got
    elif isinstance(expected, float) and (rtol or atol):
        assert math.isclose(got, expected, rel_tol=rtol, abs_tol=atol), (got, expected)
    else:
        assert got == expected, (got, expected)
        assert type(got) is type(expected), (got, expected)


def float_tolerance(out_type: pa.DataType, values: list) -> tuple[float, float]:
    """rtol and atol for a float sum-like result (atol covers cancellation)."""
    eps = 1e-6 if out_type == pa.float32() else 1e-13
    scale = sum(abs(float(v)) for v in values) or 1.0
    return eps, eps * scale * 4


def valid_values(arr: pa.Array) -> list:
    return [v for v in arr.to_pylist() if v is not None]


# ---------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=NUMERIC_TYPES, ids=type_id)
def pa_type(request) -> pa.DataType:
    return request.param


@pytest.fixture(scope="module", params=["full", "nulls", "sliced"])
def pa_input(request, pa_type) -> pa.Array:
    if request.param == "full":
        return make_reduce_array(pa_type, nulls=False)
    if request.param == "nulls":
        return make_reduce_array(pa_type, nulls=True)
    # Offset 5: the validity bits start inside a byte.
    return make_reduce_array(pa_type, 60, nulls=True, seed=3).slice(5, 37)


@pytest.fixture(scope="module")
def column(pa_input) -> plc.Column:
    return plc.Column.from_arrow(pa_input)


# ---------------------------------------------------------------------------------------
# sum, product, sum_of_squares
# ---------------------------------------------------------------------------------------


def _expected_sum_like(kind: str, arr: pa.Array, out_type: pa.DataType):
    if pa.types.is_boolean(out_type):
        # libcudf (so pylibcudf) accumulates in the output type: bool arithmetic, where
        # True + True is True and True * False is False, so a BOOL8 sum (and sum of
        # squares) is any() and a product is all(); null without valid values.
        agg_fn = pc.all if kind == "product" else pc.any
        return agg_fn(arr.cast(pa.bool_()), min_count=1).as_py()
    if pa.types.is_floating(out_type):
        x = arr.cast(pa.float64())
    else:
        # each value is converted to the output type before it is accumulated
        x = arr.cast(pa.int64() if pa.types.is_boolean(arr.type) else arr.type).cast(
            pa.uint64() if pa.types.is_unsigned_integer(out_type) else pa.int64(), safe=False
        )
    if kind == "sum":
        r = pc.sum(x)
    elif kind == "product":
        r = pc.product(x)
    else:
        r = pc.sum(pc.multiply(x, x))
    v = r.as_py()
    if v is None:
        return None
    if pa.types.is_floating(out_type):
        return float(np.float32(v)) if out_type == pa.float32() else float(v)
    return wrap(v, out_type)


@pytest.mark.parametrize("kind", ["sum", "product", "sum_of_squares"])
@pytest.mark.parametrize("out_kind", ["wide", "same"])
def test_sum_like(kind, out_kind, pa_type, pa_input, column):
    out_type = wide_type(pa_type) if out_kind == "wide" else pa_type
    out = dt(out_type)
    result = plc.reduce.reduce(column, getattr(agg, kind)(), out)
    expected = _expected_sum_like(kind, pa_input, out_type)
    if pa.types.is_floating(out_type):
        vals = valid_values(pa_input)
        if kind == "product":
            rtol, atol = (1e-5 if out_type == pa.float32() else 1e-12), 0.0
        else:
            rtol, atol = float_tolerance(
                out_type, [v * v for v in vals] if kind == "sum_of_squares" else vals
            )
        assert_scalar(result, out, expected, rtol=rtol, atol=atol)
    else:
        assert_scalar(result, out, expected)


@pytest.mark.parametrize("float_type", FLOAT_TYPES, ids=type_id)
@pytest.mark.parametrize("nulls", [False, True])
def test_sum_of_float_into_float32(float_type, nulls):
    arr = make_reduce_array(float_type, 200, nulls=nulls, seed=11).slice(3)
    out = dt(pa.float32())
    result = plc.reduce.reduce(plc.Column.from_arrow(arr), agg.sum(), out)
    rtol, atol = float_tolerance(pa.float32(), valid_values(arr))
    assert_scalar(result, out, float(pc.sum(arr.cast(pa.float64())).as_py()), rtol=rtol, atol=atol)


# ---------------------------------------------------------------------------------------
# min, max
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["min", "max"])
def test_min_max(kind, pa_type, pa_input, column):
    out = dt(pa_type)
    result = plc.reduce.reduce(column, getattr(agg, kind)(), out)
    assert_scalar(result, out, getattr(pc, kind)(pa_input).as_py())


@pytest.mark.parametrize("kind", ["min", "max"])
def test_min_max_into_wider_type(kind, pa_type, pa_input, column):
    out_type = wide_type(pa_type)
    out = dt(out_type)
    result = plc.reduce.reduce(column, getattr(agg, kind)(), out)
    expected = getattr(pc, kind)(pa_input).as_py()
    assert_scalar(result, out, int(expected) if isinstance(expected, bool) else expected)


# ---------------------------------------------------------------------------------------
# mean
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("out_type", FLOAT_TYPES, ids=type_id)
def test_mean(out_type, pa_type, pa_input, column):
    out = dt(out_type)
    result = plc.reduce.reduce(column, agg.mean(), out)
    vals = valid_values(pa_input)
    expected = pc.mean(pa_input.cast(pa.float64(), safe=False)).as_py()
    rtol, atol = float_tolerance(out_type, vals)
    assert_scalar(result, out, expected, rtol=rtol, atol=atol / max(len(vals), 1))


# ---------------------------------------------------------------------------------------
# any, all
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["any", "all"])
def test_any_all(kind, pa_type, pa_input, column):
    out = plc.DataType(T.BOOL8)
    result = run_reduce(column, kind, out)
    truth = (
        pa_input if pa.types.is_boolean(pa_type) else pc.not_equal(pa_input, pa.scalar(0, pa_type))
    )
    assert_scalar(result, out, getattr(pc, kind)(truth).as_py())


@pytest.mark.parametrize(
    "values,pa_type,any_,all_",
    [
        ([0, None, 0], pa.int32(), False, False),
        ([0, 5, None], pa.int8(), True, False),
        ([3, None, 7], pa.uint64(), True, True),
        ([float("nan"), 1.0], pa.float64(), True, True),
        ([0.0, -0.0, None], pa.float32(), False, False),
        ([False, None, False], pa.bool_(), False, False),
        ([True, None, True], pa.bool_(), True, True),
    ],
)
def test_any_all_values(values, pa_type, any_, all_):
    col = plc.Column.from_arrow(pa.array(values, pa_type))
    out = plc.DataType(T.BOOL8)
    for kind, expected in (("any", any_), ("all", all_)):
        assert_scalar(run_reduce(col, kind, out), out, expected)


# ---------------------------------------------------------------------------------------
# Empty and all-null columns give a null scalar
# ---------------------------------------------------------------------------------------

KINDS = ["sum", "product", "min", "max", "sum_of_squares", "mean", "any", "all"]


def _out_for(kind: str, pa_type: pa.DataType) -> plc.DataType:
    if kind == "mean":
        return plc.DataType(T.FLOAT64)
    if kind in ("any", "all"):
        return plc.DataType(T.BOOL8)
    if kind in ("min", "max"):
        return dt(pa_type)
    return dt(wide_type(pa_type))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", ["empty", "all_null", "sliced_to_nulls", "sliced_empty"])
def test_no_valid_values_gives_null(kind, case, pa_type):
    if case == "empty":
        arr = pa.array([], pa_type)
    elif case == "all_null":
        arr = pa.nulls(9, pa_type)
    elif case == "sliced_to_nulls":
        arr = make_reduce_array(pa_type, 41, nulls=True).slice(2, 1)  # row 2 is null
        assert arr.null_count == 1
    else:
        arr = make_reduce_array(pa_type, 41, nulls=True).slice(7, 0)
    out = _out_for(kind, pa_type)
    assert_scalar(run_reduce(plc.Column.from_arrow(arr), kind, out), out, None)


# ---------------------------------------------------------------------------------------
# NaN and infinities
# ---------------------------------------------------------------------------------------

NAN = float("nan")
INF = float("inf")


@pytest.mark.parametrize("arrow_type", FLOAT_TYPES, ids=type_id)
@pytest.mark.parametrize(
    "values,expected_min,expected_max",
    [
        ([NAN, 1.5, None, -2.0], -2.0, 1.5),
        ([1.0, NAN], 1.0, 1.0),
        ([NAN, None, NAN], NAN, NAN),
        ([NAN], NAN, NAN),
        ([INF, -INF, NAN], -INF, INF),
        ([-0.0, None], -0.0, -0.0),
    ],
)
def test_min_max_nan(arrow_type, values, expected_min, expected_max):
    col = plc.Column.from_arrow(pa.array(values, arrow_type))
    arrow_min, arrow_max = (
        pc.min(pa.array(values, arrow_type)).as_py(),
        pc.max(pa.array(values, arrow_type)).as_py(),
    )
    # pyarrow agrees with the documented semantics
    assert repr(arrow_min) == repr(expected_min) or arrow_min == expected_min
    assert repr(arrow_max) == repr(expected_max) or arrow_max == expected_max
    out = dt(arrow_type)
    assert_scalar(plc.reduce.reduce(col, agg.min(), out), out, expected_min)
    assert_scalar(plc.reduce.reduce(col, agg.max(), out), out, expected_max)


@pytest.mark.parametrize("arrow_type", FLOAT_TYPES, ids=type_id)
@pytest.mark.parametrize("kind", ["sum", "product", "sum_of_squares", "mean"])
def test_nan_propagates_through_arithmetic(arrow_type, kind):
    col = plc.Column.from_arrow(pa.array([1.0, None, NAN, 2.0], arrow_type))
    out = plc.DataType(T.FLOAT64)
    assert_scalar(plc.reduce.reduce(col, getattr(agg, kind)(), out), out, NAN)


@pytest.mark.parametrize("kind,expected", [("sum", INF), ("max", INF), ("min", 1.0), ("mean", INF)])
def test_infinity(kind, expected):
    col = plc.Column.from_arrow(pa.array([1.0, INF, None, 2.0]))
    out = plc.DataType(T.FLOAT64)
    assert_scalar(plc.reduce.reduce(col, getattr(agg, kind)(), out), out, expected)


def test_inf_minus_inf_is_nan():
    col = plc.Column.from_arrow(pa.array([INF, -INF]))
    out = plc.DataType(T.FLOAT64)
    assert_scalar(plc.reduce.reduce(col, agg.sum(), out), out, NAN)


# ---------------------------------------------------------------------------------------
# Conversion to the output type
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "values,pa_type,kind,out_id,expected",
    [
        # each value is converted to the output type first: no overflow in the wider type
        ([100, 100, None, 100], pa.int8(), "sum", T.INT64, 300),
        ([100, 100, None, 100], pa.int8(), "sum", T.INT8, wrap(300, pa.int8())),
        ([2**63 - 1, 1], pa.int64(), "sum", T.INT64, -(2**63)),
        ([2**64 - 1, 2], pa.uint64(), "sum", T.UINT64, 1),
        ([16, 16], pa.uint8(), "product", T.UINT8, 0),
        ([16, 16], pa.uint8(), "product", T.UINT16, 256),
        ([-1, 2], pa.int8(), "sum", T.UINT8, 1),
        ([200, 100], pa.uint8(), "sum_of_squares", T.INT64, 50000),
        ([200], pa.uint8(), "sum_of_squares", T.UINT8, (200 * 200) % 256),
        ([True, True, None, False, True], pa.bool_(), "sum", T.INT32, 3),
        ([True, True, None, False], pa.bool_(), "product", T.INT64, 0),
        ([1.9, 2.9], pa.float64(), "min", T.INT32, 1),
        ([-1.9, 2.9], pa.float64(), "max", T.INT8, 2),
        ([1e30, 5.0], pa.float64(), "max", T.INT8, 127),
        ([-1e30, 5.0], pa.float64(), "min", T.UINT16, 0),
        ([NAN], pa.float64(), "max", T.INT32, 0),
        ([0.5, 0.25], pa.float64(), "sum", T.INT64, 0),
        ([2**24 + 1, 0], pa.int64(), "max", T.FLOAT32, float(2**24)),
        ([7, -3], pa.int32(), "min", T.BOOL8, True),
        ([0, None], pa.int32(), "max", T.BOOL8, False),
        ([1, 2], pa.int64(), "mean", T.FLOAT32, 1.5),
        ([1, 2, 2], pa.uint8(), "mean", T.FLOAT64, 5 / 3),
        ([True, False, False, False], pa.bool_(), "mean", T.FLOAT64, 0.25),
    ],
)
def test_output_conversion(values, pa_type, kind, out_id, expected):
    col = plc.Column.from_arrow(pa.array(values, pa_type))
    out = plc.DataType(out_id)
    assert_scalar(run_reduce(col, kind, out), out, expected)


# ---------------------------------------------------------------------------------------
# Unsupported requests
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make_agg",
    [
        agg.count,
        agg.collect_list,
        agg.collect_set,
        lambda: agg.nth_element(0),
    ],
    ids=[
        "count",
        "collect_list",
        "collect_set",
        "nth_element",
    ],
)
def test_unimplemented_aggregations(make_agg):
    col = plc.Column.from_arrow(pa.array([1.0, 2.0]))
    a = make_agg()
    with pytest.raises(NotImplementedError, match="not implemented"):
        plc.reduce.reduce(col, a, plc.DataType(T.FLOAT64))
    assert not plc.reduce.is_valid_reduce_aggregation(plc.DataType(T.FLOAT64), a)


NON_NUMERIC = {
    "string": pa.array(["a", "b"]),
    "timestamp": pa.array([1, 2], pa.timestamp("s")),
    "duration": pa.array([1, 2], pa.duration("ms")),
    "list": pa.array([[1], [2]]),
    "decimal": pa.array([1, 2], pa.int32()).cast(pa.decimal128(12, 2)),
    "dictionary": pa.array(["a", "b"]).dictionary_encode(),
    "null": pa.nulls(2),
}
# MIN/MAX of strings, timestamps, durations and decimals work (see test_scan.py).
UNSUPPORTED = [(name, "sum") for name in NON_NUMERIC] + [
    (name, "min") for name in ("list", "dictionary", "null")
]


@pytest.mark.parametrize("name,kind", UNSUPPORTED, ids=[f"{n}-{k}" for n, k in UNSUPPORTED])
def test_non_numeric_columns(name, kind):
    col = plc.Column.from_arrow(NON_NUMERIC[name])
    with pytest.raises(NotImplementedError, match="not implemented"):
        plc.reduce.reduce(col, getattr(agg, kind)(), plc.DataType(T.INT64))
    assert not plc.reduce.is_valid_reduce_aggregation(col.type(), getattr(agg, kind)())


@pytest.mark.parametrize(
    "kind,out_id",
    [
        ("mean", T.INT64),
        ("mean", T.BOOL8),
        ("any", T.INT32),
        ("all", T.FLOAT64),
        ("sum", T.STRING),
        ("min", T.TIMESTAMP_DAYS),
        ("max", T.DECIMAL64),
    ],
)
def test_bad_output_type(kind, out_id):
    col = plc.Column.from_arrow(pa.array([1, 2, 3]))
    with pytest.raises(TypeError, match="output type"):
        plc.reduce.reduce(col, getattr(agg, kind)(), plc.DataType(out_id))


def test_init_value_not_implemented():
    col = plc.Column.from_arrow(pa.array([1, 2, 3]))
    with pytest.raises(NotImplementedError, match="init"):
        plc.reduce.reduce(col, agg.sum(), plc.DataType(T.INT64), plc.Scalar.from_py(1))


@pytest.mark.parametrize("arrow_type", NUMERIC_TYPES, ids=type_id)
def test_is_valid_reduce_aggregation(arrow_type):
    for kind in KINDS:
        assert plc.reduce.is_valid_reduce_aggregation(dt(arrow_type), getattr(agg, kind)()), kind


def test_aggregation_kinds():
    expected = {
        "sum": "SUM",
        "product": "PRODUCT",
        "min": "MIN",
        "max": "MAX",
        "sum_of_squares": "SUM_OF_SQUARES",
        "mean": "MEAN",
        "any": "ANY",
        "all": "ALL",
        "median": "MEDIAN",
        "argmax": "ARGMAX",
    }
    for factory, name in expected.items():
        a = getattr(agg, factory)()
        assert a.kind() == agg.Kind[name]
        assert a == getattr(agg, factory)()
    assert agg.count().kind() == agg.Kind.COUNT_VALID
    assert agg.count(plc.types.NullPolicy.INCLUDE).kind() == agg.Kind.COUNT_ALL
    assert agg.sum() != agg.product()


# ---------------------------------------------------------------------------------------
# Larger columns (several blocks on the GPU, several host chunks)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("arrow_type", [pa.int32(), pa.uint64(), pa.float64()], ids=type_id)
def test_large_column(arrow_type):
    n = 300_001
    rng = np.random.default_rng(7)
    if pa.types.is_floating(arrow_type):
        values = rng.normal(0, 1, n)
    else:
        values = rng.integers(0, 1000, n).astype(arrow_type.to_pandas_dtype())
    mask = rng.random(n) < 0.1
    arr = pa.array(values, arrow_type, mask=mask).slice(3)
    col = plc.Column.from_arrow(arr)
    out = dt(wide_type(arrow_type))
    s = plc.reduce.reduce(col, agg.sum(), out)
    expected = pc.sum(arr).as_py()
    if pa.types.is_floating(arrow_type):
        assert math.isclose(
            s.to_py(), expected, rel_tol=1e-9, abs_tol=1e-9 * float(pc.sum(pc.abs(arr)).as_py())
        )
    else:
        assert s.to_py() == expected
    assert plc.reduce.reduce(col, agg.min(), dt(arrow_type)).to_py() == pc.min(arr).as_py()
    assert plc.reduce.reduce(col, agg.max(), dt(arrow_type)).to_py() == pc.max(arr).as_py()


# ---------------------------------------------------------------------------------------
# Property tests
# ---------------------------------------------------------------------------------------

INT64 = plc.DataType(T.INT64)
FLOAT64 = plc.DataType(T.FLOAT64)


@given(st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=60))
def test_property_int64_sum_min_max(values):
    col = plc.Column.from_arrow(pa.array(values, pa.int64()))
    valid = [v for v in values if v is not None]
    expected_sum = wrap(sum(valid), pa.int64()) if valid else None
    assert_scalar(plc.reduce.reduce(col, agg.sum(), INT64), INT64, expected_sum)
    assert_scalar(plc.reduce.reduce(col, agg.min(), INT64), INT64, min(valid) if valid else None)
    assert_scalar(plc.reduce.reduce(col, agg.max(), INT64), INT64, max(valid) if valid else None)


@given(
    st.lists(st.one_of(st.none(), st.floats(-1e6, 1e6), st.just(NAN)), max_size=60),
    st.integers(0, 9),
)
def test_property_float64_sum_min_max(values, offset):
    arr = pa.array([0.0] * offset + values, pa.float64()).slice(offset)
    col = plc.Column.from_arrow(arr)
    valid = [v for v in values if v is not None]
    non_nan = [v for v in valid if not math.isnan(v)]
    if not valid:
        exp_sum = exp_min = exp_max = None
    elif not non_nan:
        exp_sum = exp_min = exp_max = NAN
    else:
        exp_sum = NAN if len(non_nan) < len(valid) else math.fsum(non_nan)
        exp_min, exp_max = min(non_nan), max(non_nan)
    atol = 1e-12 * sum(abs(v) for v in non_nan) * max(len(non_nan), 1)
    assert_scalar(
        plc.reduce.reduce(col, agg.sum(), FLOAT64), FLOAT64, exp_sum, rtol=1e-12, atol=atol
    )
    assert_scalar(plc.reduce.reduce(col, agg.min(), FLOAT64), FLOAT64, exp_min)
    assert_scalar(plc.reduce.reduce(col, agg.max(), FLOAT64), FLOAT64, exp_max)


@given(
    st.lists(st.one_of(st.none(), st.integers(-128, 127)), max_size=40),
    st.sampled_from(SIGNED_INT_TYPES + INT_TYPES[4:]),
)
def test_property_int8_sum_into_any_integer(values, out_type):
    col = plc.Column.from_arrow(pa.array(values, pa.int8()))
    valid = [v for v in values if v is not None]
    out = dt(out_type)
    expected = wrap(sum(wrap(v, out_type) for v in valid), out_type) if valid else None
    assert_scalar(plc.reduce.reduce(col, agg.sum(), out), out, expected)


def test_runs_where_configured():
    """On a GPU machine the numeric reductions run there (no host fallback recorded)."""
    if not runs_on_gpu():
        pytest.skip("needs a GPU")
    ferrodf.reset_host_fallbacks()
    col = plc.Column.from_arrow(pa.array([1, 2, None, 4], pa.int32()))
    for kind in ("sum", "product", "min", "max", "sum_of_squares"):
        plc.reduce.reduce(col, getattr(agg, kind)(), INT64)
    bool8 = plc.DataType(T.BOOL8)
    assert plc.reduce.reduce(col, agg.any(), bool8).to_py() is True
    assert plc.reduce.reduce(col, agg.all(), bool8).to_py() is True
    assert plc.reduce.reduce(col, agg.mean(), FLOAT64).to_py() == pytest.approx(7 / 3)
    assert ferrodf.host_fallbacks() == {}


@pytest.mark.parametrize("pa_type", [pa.int32(), pa.uint8(), pa.float32(), pa.float64()], ids=str)
@pytest.mark.parametrize("ddof", [0, 1, 5])
@pytest.mark.parametrize("offset", [0, 3])
def test_variance_and_std(pa_type, ddof, offset):
    arr = make_array(pa_type, 40 + offset)[offset:]
    if pa.types.is_floating(pa_type):
        arr = pc.if_else(pc.is_finite(arr), arr, pa.scalar(1.0, pa_type))
    col = plc.Column.from_arrow(arr)
    f64 = plc.DataType(T.FLOAT64)
    var = plc.reduce.reduce(col, agg.variance(ddof), f64)
    std = plc.reduce.reduce(col, agg.std(ddof), f64)
    want = pc.variance(arr.cast(pa.float64()), ddof=ddof).as_py()
    assert math.isclose(var.to_py(), want, rel_tol=1e-9)
    assert math.isclose(std.to_py(), math.sqrt(want), rel_tol=1e-9)
    assert plc.reduce.is_valid_reduce_aggregation(col.type(), agg.variance(ddof))


def test_variance_too_few_values():
    f64 = plc.DataType(T.FLOAT64)
    for vals in ([], [None, None], [1.5]):
        col = plc.Column.from_arrow(pa.array(vals, pa.float64()))
        assert not plc.reduce.reduce(col, agg.variance(), f64).is_valid()
        assert not plc.reduce.reduce(col, agg.std(), f64).is_valid()
    with pytest.raises(TypeError, match="reduce with VARIANCE of INT64 cannot produce"):
        plc.reduce.reduce(
            plc.Column.from_arrow(pa.array([1, 2])), agg.variance(), plc.DataType(T.INT64)
        )
