"""The pandas rules that live in the Rust frontend (``ferrodf::compute``), checked against
pandas itself: the NaN-is-missing rule, comparisons with missing values, integer division
by zero, NumPy type promotion with weak Python scalars, string ``+``, timestamp
arithmetic, rounding half to even, reductions' dtypes and options, and the error types
pandas raises."""

from __future__ import annotations

import math
import operator

import numpy as np
import pandas as pd
import pytest
from conftest import NUMERIC_DTYPE_NAMES
from frame_dtypes import assert_same_dtypes
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
from ferrodf import Series


def check(got: ferrodf.Series, expected: pd.Series, check_dtype: bool = True) -> None:
    got = got.to_pandas()
    if expected.dtype == object or str(expected.dtype) == "str":
        assert_same_dtypes(got, expected)  # the object cast below hides them
        pd.testing.assert_series_equal(
            got.astype(object), expected.astype(object), check_names=False
        )
        return
    pd.testing.assert_series_equal(got, expected, check_dtype=check_dtype, check_names=False)


def both(values, **kw):
    return Series(pd.Series(values, **kw)), pd.Series(values, **kw)


# -- NaN computed by an operation is missing ------------------------------------------


def test_computed_nan_is_missing_everywhere():
    a, b = Series([0.0, 1.0, 4.0]), Series([0.0, 2.0, 0.0])
    pa_, pb = pd.Series([0.0, 1.0, 4.0]), pd.Series([0.0, 2.0, 0.0])
    got, expected = a / b, pa_ / pb
    check(got, expected)
    check(got.isna(), expected.isna())
    check(got.notna(), expected.notna())
    assert got.count() == expected.count() == 2
    assert got.sum() == expected.sum()
    assert got.mean() == expected.mean()
    check(got.fillna(-1.0), expected.fillna(-1.0))
    check(got.dropna(), expected.dropna())


def test_computed_nan_is_missing_in_groupby():
    pdf = pd.DataFrame({"k": ["x", "x", "y"], "v": [0.0, 1.0, 2.0]})
    pdf["r"] = pdf["v"] / pd.Series([0.0, 1.0, 2.0])
    df = ferrodf.DataFrame(pd.DataFrame({"k": ["x", "x", "y"], "v": [0.0, 1.0, 2.0]}))
    df["r"] = df["v"] / Series([0.0, 1.0, 2.0])
    got = df.groupby("k").agg({"r": "sum"}).to_pandas()
    expected = pdf.groupby("k").agg({"r": "sum"})
    pd.testing.assert_frame_equal(got, expected, check_names=False)


@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow"], ids=str)
def test_inf_arithmetic_gives_missing_not_nan(op):
    left = [np.inf, -np.inf, 0.0, 2.0, None]
    right = [np.inf, np.inf, np.inf, 0.0, 1.0]
    got = getattr(Series(left), op)(Series(right))
    expected = getattr(pd.Series(left, dtype="float64"), op)(pd.Series(right))
    check(got, expected)
    assert got.isna().tolist() == expected.isna().tolist()


# -- comparisons with missing values ---------------------------------------------------


@pytest.mark.parametrize("op", ["eq", "ne", "lt", "le", "gt", "ge"])
@pytest.mark.parametrize(
    "values, scalar",
    [([1.0, None, -1.0], 0), (["a", None, "b"], "a"), ([1, 2, 3], 2), ([True, None, False], True)],
    ids=["float", "str", "int", "bool"],
)
def test_comparison_with_missing_is_false(op, values, scalar):
    got = getattr(Series(values), op)(scalar)
    expected = getattr(pd.Series(values), op)(scalar)
    check(got, expected.astype(bool))


@pytest.mark.parametrize("op", ["eq", "ne", "lt", "ge"])
def test_comparison_of_two_series_with_missing(op):
    left, right = [1.0, None, 3.0, None], [1.0, 2.0, None, None]
    got = getattr(Series(left), op)(Series(right))
    expected = getattr(pd.Series(left), op)(pd.Series(right))
    check(got, expected)


def test_operator_comparisons_match_pandas():
    s, p = both([1.0, np.nan, -1.0])
    check(s > 0, p > 0)
    s, p = both(["a", None])
    check(s == "a", p == "a")
    check(s != "a", p != "a")


def test_ordering_strings_with_numbers_raises_type_error():
    with pytest.raises(TypeError, match="Invalid comparison"):
        _ = pd.Series(["x"]) < 1
    with pytest.raises(TypeError, match="Invalid comparison"):
        _ = Series(["x"]) < 1
    # equality between incomparable types is simply False (True for !=), as in pandas
    check(Series(["x"]) == 1, pd.Series(["x"]) == 1)
    check(Series(["x"]) != 1, pd.Series(["x"]) != 1)


# -- integer division by zero ----------------------------------------------------------


# The operators, not the flex methods: pandas 3.1's `a.floordiv(b)` keeps int64 (with 0
# for 0 // 0) where `a // b` gives float64 inf/-inf/NaN; ferrodf follows the operators.
@pytest.mark.parametrize("op", [operator.floordiv, operator.mod, operator.truediv])
@pytest.mark.parametrize("reflected", [False, True])
@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8"])
def test_integer_division_by_zero_follows_pandas(op, reflected, dtype):
    left = pd.Series([1, 3, 0, 7], dtype=dtype)
    right = pd.Series([0, 0, 0, 2], dtype=dtype)
    a, b = (right, left) if reflected else (left, right)
    check(op(Series(a), Series(b)), op(a, b))


@pytest.mark.parametrize("op", [operator.floordiv, operator.mod])
def test_integer_division_by_zero_scalar(op):
    left = pd.Series([1, -1, 0])
    check(op(Series(left), 0), op(left, 0))
    check(op(Series(left), 2), op(left, 2))
    check(op(5, Series(left)), op(5, left))


def test_floor_division_without_zero_stays_integer():
    s, p = both([7, -7, 8])
    check(s // Series([2, 2, 3]), p // pd.Series([2, 2, 3]))
    check(s % Series([2, 2, -3]), p % pd.Series([2, 2, -3]))


def test_negative_integer_power_raises_value_error():
    with pytest.raises(ValueError, match="negative integer powers"):
        pd.Series([2, -2]) ** pd.Series([-1, 1])
    with pytest.raises(ValueError, match="negative integer powers"):
        Series([2, -2]) ** Series([-1, 1])


# -- type promotion ----------------------------------------------------------------------

DTYPES = NUMERIC_DTYPE_NAMES


@pytest.mark.parametrize("left", DTYPES)
@pytest.mark.parametrize("right", DTYPES)
@pytest.mark.parametrize("op", ["add", "mul", "truediv"])
def test_promotion_between_columns(left, right, op):
    a = pd.Series([1, 0, 1], dtype=left)
    b = pd.Series([1, 1, 1], dtype=right)
    try:
        expected = getattr(a, op)(b)
    except (TypeError, NotImplementedError) as e:
        # no match=: the type is pandas' (the oracle), the wording depends on the dtype pair
        with pytest.raises(type(e)):
            getattr(Series(a), op)(Series(b))
        return
    check(getattr(Series(a), op)(Series(b)), expected)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scalar", [1, 2.5, True, np.int64(3), np.float64(0.5)], ids=repr)
def test_weak_scalars_take_the_column_type(dtype, scalar):
    a = pd.Series([1, 0, 1], dtype=dtype)
    try:
        expected = a + scalar
    except TypeError as e:
        # no match=: the type is pandas' (the oracle), the wording depends on the dtype and scalar
        with pytest.raises(type(e)):
            Series(a) + scalar
        return
    check(Series(a) + scalar, expected)


def test_out_of_range_python_integer_raises_overflow_error():
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        pd.Series([1], dtype="int8") + 1000
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        Series(pd.Series([1], dtype="int8")) + 1000
    # comparisons with such a number are exact instead
    p = pd.Series([1, 127], dtype="int8")
    check(Series(p) < 1000, p < 1000)


def test_boolean_arithmetic_follows_numpy():
    a, b = pd.Series([True, False, True]), pd.Series([True, True, False])
    check(Series(a) + Series(b), a + b)
    check(Series(a) * Series(b), a * b)
    check(Series(a) & Series(b), a & b)
    check(Series(a) ^ Series(b), a ^ b)
    with pytest.raises(TypeError, match="subtract"):
        Series(a) - Series(b)


# -- strings -----------------------------------------------------------------------------


def test_string_concatenation():
    a, b = pd.Series(["a", None, "c"]), pd.Series(["b", "x", ""])
    check(Series(a) + Series(b), a + b)
    check(Series(a) + "!", a + "!")
    check("<" + Series(a), "<" + a)


@pytest.mark.parametrize(
    "fn",
    [lambda s: s + 1, lambda s: s - s, lambda s: s / 2, lambda s: s.clip(0, 1)],
    ids=["str+int", "str-str", "str/int", "clip"],
)
def test_string_operations_raise_type_error(fn):
    # no match=: pandas' own error (the oracle); its wording changes between pandas versions
    with pytest.raises(TypeError):
        fn(pd.Series(["x"]))
    with pytest.raises(TypeError, match="str"):
        fn(Series(["x"]))


# -- timestamps --------------------------------------------------------------------------


def test_timestamp_arithmetic_and_comparison():
    p = pd.Series(pd.to_datetime(["2024-01-01", "2024-07-01", None]))
    s = Series(p)
    check(s - s.min(), p - p.min())
    check(s - s, p - p)
    check(s >= "2024-06-01", p >= "2024-06-01")
    check(s < "2024-06-01 12:00", p < "2024-06-01 12:00")
    check(s + np.timedelta64(1, "D"), p + np.timedelta64(1, "D"))
    check(s + pd.Timedelta(hours=3), p + pd.Timedelta(hours=3))


def test_timestamp_with_number_raises_type_error():
    p = pd.Series(pd.to_datetime(["2024-01-01"]))
    with pytest.raises(TypeError, match="Addition/subtraction of integers and"):
        p + 1
    with pytest.raises(TypeError, match="unsupported operand"):
        Series(p) + 1


# -- round ------------------------------------------------------------------------------


@pytest.mark.parametrize("decimals", [0, 1, 2])
def test_round_half_to_even(decimals):
    p = pd.Series([2.5, 0.125, 3.5, -2.5, 0.375, 1.005, None])
    check(Series(p).round(decimals), p.round(decimals))


# -- reductions ---------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["count", "nunique"])
def test_counts_are_int64(how):
    p = pd.Series([1, 2, 2, None])
    got, expected = getattr(Series(p), how)(), getattr(p, how)()
    assert got == expected
    assert isinstance(got, int)


def test_value_counts_are_int64():
    p = pd.Series([1, 2, 2])
    assert str(Series(p).value_counts().dtype) == str(p.value_counts().dtype) == "int64"


@pytest.mark.parametrize("how", ["sum", "prod", "min", "max", "mean", "median", "std", "var"])
@pytest.mark.parametrize("skipna", [True, False])
def test_reductions_with_skipna(how, skipna):
    for values in ([1.0, None, 4.0], [2, 3, 5], [None, None], []):
        p = pd.Series(values, dtype="float64" if None in values or not values else None)
        got = getattr(Series(p), how)(skipna=skipna)
        expected = getattr(p, how)(skipna=skipna)
        if isinstance(expected, float) and math.isnan(expected):
            assert got is not None and math.isnan(got), (values, got)
        else:
            assert got == pytest.approx(expected), (values, got, expected)


@pytest.mark.parametrize("min_count", [0, 1, 2, 3])
def test_sum_min_count(min_count):
    p = pd.Series([1.0, None, 2.0])
    got, expected = Series(p).sum(min_count=min_count), p.sum(min_count=min_count)
    assert (math.isnan(got) and math.isnan(expected)) or got == expected


@pytest.mark.parametrize("q", [-0.1, 2.0])
def test_quantile_outside_unit_interval_raises(q):
    with pytest.raises(ValueError, match="interval"):
        pd.Series([1.0]).quantile(q)
    with pytest.raises(ValueError, match="interval"):
        Series([1.0]).quantile(q)


def test_reduction_of_strings_raises_type_error():
    with pytest.raises(TypeError, match="mean"):
        Series(["a", "b"]).mean()


# -- missing values and alignment --------------------------------------------------------


def test_alignment_on_labels_matches_pandas():
    a = pd.Series([1.0, 2.0, 3.0], index=[3, 1, 2], name="v")
    b = pd.Series([10.0, 20.0], index=[2, 5], name="v")
    check(Series(a) + Series(b), a + b)
    assert (Series(a) + Series(b)).name == "v"
    check(Series(a).add(Series(b), fill_value=0), a.add(b, fill_value=0))
    check(Series(a).lt(Series(b), fill_value=2.5), a.lt(b, fill_value=2.5))


def test_alignment_of_string_labels_and_slices():
    a = pd.Series([1, 2, 3, 4], index=list("dcba"))
    b = pd.Series([5, 6, 7], index=list("abz"))
    check(Series(a).iloc[1:] * Series(b), a.iloc[1:] * b)


def test_alignment_with_duplicate_labels_raises():
    a = Series(pd.Series([1, 2], index=[0, 0]))
    b = Series(pd.Series([1, 2], index=[0, 1]))
    with pytest.raises(ValueError, match="duplicate"):
        a + b


finite = st.floats(allow_nan=False, allow_infinity=False, width=64, min_value=-1e6, max_value=1e6)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), finite), max_size=30),
    st.lists(st.one_of(st.none(), finite), max_size=30),
    st.sampled_from(["add", "sub", "mul", "truediv", "floordiv", "mod", "eq", "lt", "ge"]),
    st.integers(0, 3),
)
def test_float_operators_match_pandas(left, right, name, offset):
    op = getattr(operator, name)
    n = min(len(left), len(right))
    p, q = pd.Series(left[:n], dtype="float64"), pd.Series(right[:n], dtype="float64")
    s = Series(pd.Series(left[:n] + [0.0] * offset, dtype="float64")).iloc[:n]
    t = Series(q)
    check(op(s.reset_index(drop=True), t), op(p, q))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-50, 50)), max_size=30),
    st.lists(st.integers(-5, 5), max_size=30),
    st.sampled_from(["add", "sub", "mul", "floordiv", "mod", "truediv"]),
)
def test_integer_operators_match_pandas(left, right, name):
    op = getattr(operator, name)  # the operators (pandas' flex // keeps int64, see above)
    n = min(len(left), len(right))
    p = pd.Series(left[:n], dtype="Int64").astype("float64")
    if p.notna().all():
        p = p.astype("int64")
    q = pd.Series(right[:n], dtype="int64")
    check(op(Series(p), Series(q)), op(p, q))


@pytest.mark.parametrize("scalar", [np.inf, -np.inf, 0, 0.0, 2, -1.5, 1e308])
@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "rtruediv", "rsub", "mod"])
def test_float_column_with_scalars_nan_is_missing(op, scalar):
    p = pd.Series([np.inf, -np.inf, 0.0, 1.0, -2.5, None], dtype="float64")
    got = getattr(Series(p), op)(scalar)
    expected = getattr(p, op)(scalar)
    check(got, expected)
    assert got.isna().tolist() == expected.isna().tolist()


def test_numpy_nan_is_missing_on_input():
    values = np.array([1.0, np.nan, 3.0])
    assert Series(values).isna().tolist() == pd.Series(values).isna().tolist()
    assert Series(values).count() == 2
    df = ferrodf.DataFrame({"a": values})
    assert df["a"].isna().tolist() == [False, True, False]
