"""Regression tests of the bugs the fuzz campaigns found (docs/reliability.md lists them,
read from this file by scripts/fuzz_campaign.py): one test per bug, its docstring the
finding and where it was "Fixed in", pandas (or pyarrow.compute for plc) the oracle. A
bug that needs a Rust fix is a strict xfail whose reason says what is wrong, so the fix
turns it into a pass."""

from __future__ import annotations

import io
import json
import operator

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pajson
import pytest
from fuzz_compare import as_ferrodf_would, assert_same, call

import ferrodf
import ferrodf.plc as plc


@pytest.mark.parametrize("n", [0, 2])
@pytest.mark.parametrize("value", [0, 1.5, "x", True, pd.Timestamp("2024-01-01")])
def test_scalar_assigned_to_an_empty_frame_keeps_its_dtype(value, n):
    """`df[col] = scalar` on a 0-row frame made a column of Arrow's null type (object in
    pandas), and a Timestamp raised TypeError on any frame; pandas gives the scalar's
    dtype. Fixed in DataFrame._broadcast."""
    pdf = pd.DataFrame({"a": pd.Series(range(n), dtype="int64")})
    df = ferrodf.DataFrame(pdf)
    pdf["a"] = value
    df["a"] = value
    pdf["b"] = value
    df["b"] = value
    assert_same(df, pdf, "assigned")


@pytest.mark.parametrize("how", ["apply_boolean_mask", "gather"])
def test_empty_selection_of_a_dictionary_column_keeps_its_keys(how):
    """A filter or gather that keeps no row of a categorical column dropped its categories
    on the host (the frame's `df[df.x > big]` then had `category[]`): arrow-rs makes an
    empty array of the type when nothing is kept. Fixed in ops/gather.rs (host_take) and
    ops/stream_compaction/host.rs (filter_host), which return `empty_like`."""
    arr = pa.DictionaryArray.from_arrays(
        pa.array([0, 2, None], pa.int8()), pa.array(["lo", "mid", "hi"])
    )
    table = plc.Table([plc.Column.from_arrow(arr)])
    if how == "gather":
        empty = pa.array([], pa.int32())
        out = plc.copying.gather(
            table, plc.Column.from_arrow(empty), plc.copying.OutOfBoundsPolicy.DONT_CHECK
        )
        expected = pc.take(arr, empty)
    else:
        mask = pa.array([False, False, False])
        out = plc.stream_compaction.apply_boolean_mask(table, plc.Column.from_arrow(mask))
        expected = pc.filter(arr, mask)
    assert out.columns()[0].to_arrow().dictionary.equals(expected.dictionary)


def test_frame_filter_to_no_row_keeps_the_categories():
    """`df[mask]` keeping no row of a frame with a categorical column: pandas keeps the
    categories in the dtype (test_empty_selection_of_a_dictionary_column_keeps_its_keys)."""
    pdf = pd.DataFrame({"i": [1, 2], "c": pd.Categorical(["lo", "hi"], ["lo", "mid", "hi"])})
    df = ferrodf.DataFrame(pdf)
    got = df[df["i"] > 5].to_pandas()  # not assert_same: it undoes the known bugs
    pd.testing.assert_frame_equal(got, pdf[pdf["i"] > 5], check_index_type=False)


@pytest.mark.parametrize("value", [0, 1.5, "", {"a": "x", "b": 2.5}])
def test_fillna_of_an_all_missing_column(value):
    """`df[c] = None` makes an untyped column; `fillna(v)` raised TypeError ("a empty
    column cannot take a str value") where pandas fills it. Fixed in ferrodf._fill."""
    pdf = pd.DataFrame({"a": [1, 2], "b": [None, 4.0]})
    df = ferrodf.DataFrame(pdf)
    pdf["a"] = None
    df["a"] = None
    if value != "":  # "" into the float column b raises TypeError in ferrodf (frame.md)
        assert_same(df.fillna(value), pdf.fillna(value), "frame")
    if not isinstance(value, dict):
        assert_same(df["a"].fillna(value), pdf["a"].fillna(value), "series")


@pytest.mark.parametrize(
    "call",
    [
        lambda o: o.groupby("a").sum(),
        lambda o: o.sort_values("a"),
        lambda o: o.merge(o, on="a"),
        lambda o: o.merge(o.reset_index(drop=True), left_on="a", right_on="a"),
    ],
    ids=["groupby", "sort_values", "merge", "merge_left_on"],
)
def test_a_key_naming_a_column_and_an_index_level_is_ambiguous(call):
    """After `set_index("a", drop=False)`, `groupby("a")` (and sort_values, merge) took
    the column where pandas raises ValueError: the name is ambiguous. Fixed in
    the frontend's DataFrame::check_unambiguous (groupby, sort_values, merge)."""
    pdf = pd.DataFrame({"a": [1, 1, 2], "b": [1.0, 2.0, 3.0]}).set_index("a", drop=False)
    with pytest.raises(ValueError, match="both an index level and a column label") as pd_err:
        call(pdf)
    with pytest.raises(type(pd_err.value), match="both an index level and a column label"):
        call(ferrodf.DataFrame(pdf))


@pytest.mark.parametrize("value", ["mid", None, ["hi", None]], ids=["category", "missing", "list"])
@pytest.mark.parametrize("how", ["iloc", "loc", "mask"])
def test_setting_a_cell_of_a_categorical_column(how, value):
    """`df.iloc[0, 0] = "mid"` / `df.loc[5, "c"] = None` on a categorical column: pandas
    sets the cell (the value is one of the categories, or missing); ferrodf raised
    TypeError. Fixed in ferrodf::assign (the cells are written into the decoded values
    and encoded again against the same categories, frontend/src/categorical.rs)."""
    pdf = pd.DataFrame({"c": pd.Categorical(["lo", "hi"], ["lo", "mid", "hi"])}, index=[5, 6])
    df = ferrodf.DataFrame(pdf)
    rows = [True, True] if isinstance(value, list) else [True, False]
    for obj in (pdf, df):
        if how == "iloc":
            obj.iloc[0 if rows == [True, False] else [0, 1], 0] = value
        elif how == "loc":
            obj.loc[5 if rows == [True, False] else [5, 6], "c"] = value
        else:
            obj.loc[rows, "c"] = value
    assert_same(df, pdf, "after the assignment")


@pytest.mark.parametrize("value", ["new", 3])
def test_a_new_category_is_refused_as_pandas(value):
    """A value that is not one of the categories: pandas raises TypeError and leaves the
    frame as it was."""
    pdf = pd.DataFrame({"c": pd.Categorical(["lo", "hi"], ["lo", "mid", "hi"])})
    df = ferrodf.DataFrame(pdf)
    # no match=: pandas' own error (the oracle); ferrodf's is matched below
    with pytest.raises(TypeError):
        pdf.loc[0, "c"] = value
    with pytest.raises(TypeError, match=r"new category|cannot be held"):
        df.loc[0, "c"] = value
    assert_same(df, pdf, "after the refused assignment")


BOOLS = pd.DataFrame({"a": [True, False, True], "b": [True, True, False], "x": [1.0, 2.0, 3.0]})


@pytest.mark.parametrize("method", [True, False], ids=["flex", "operator"])
@pytest.mark.parametrize("op", ["truediv", "floordiv", "pow", "rtruediv", "rpow"])
@pytest.mark.parametrize(
    "operands",
    [
        lambda lib: (lib.Series(BOOLS["a"]), lib.Series(BOOLS["b"])),
        lambda lib: (lib.Series(BOOLS["a"]), True),
        lambda lib: (lib.DataFrame(BOOLS), lib.DataFrame(BOOLS)),
        lambda lib: (lib.DataFrame(BOOLS[["a", "b"]]), False),
    ],
    ids=["series", "series_scalar", "frames", "frame_scalar"],
)
def test_bool_true_division_floor_division_and_power(op, operands, method):
    """bool / bool (// and ** too) computed floats or int8 where pandas raises
    NotImplementedError (except its flex method between two Series, which computes).
    Fixed in ferrodf._ops.check_bool_arith."""
    name = op if method else f"__{op}__"
    expected = call(lambda: getattr(operands(pd)[0], name)(operands(pd)[1]))
    got = call(lambda: getattr(operands(ferrodf)[0], name)(operands(ferrodf)[1]))
    if isinstance(expected.error, NotImplementedError):
        assert isinstance(got.error, NotImplementedError), got
        assert "not implemented for bool dtypes" in str(got.error)
    else:
        assert got.error is None, got.error


def test_bool_operands_other_operations_still_compute():
    """The check above refuses only what pandas refuses: bool + bool, bool / int and a frame
    whose bool columns meet no bool column still compute, as in pandas."""
    pdf, df = BOOLS, ferrodf.DataFrame(BOOLS)
    assert_same(df["a"] + df["b"], pdf["a"] + pdf["b"], "bool + bool")
    assert_same(df["a"] / 2, pdf["a"] / 2, "bool / int")
    assert_same(df[["x"]] / df[["a"]], pdf[["x"]] / pdf[["a"]], "float / bool columns")


@pytest.mark.parametrize("op", ["truediv", "floordiv", "mod", "pow"])
def test_scalar_on_the_left_of_a_frame(op):
    """`2 / df` (and //, %, **) raised TypeError: the frame had no reflected operators,
    only its flex methods (`df.rtruediv(2)`). Fixed in ferrodf._ops (FRAME_OPERATORS)."""
    pdf = pd.DataFrame({"a": [1.0, 2.0, None, 4.0], "b": [1, 2, 3, 4]}, index=[3, 1, 2, 0])
    fn = getattr(operator, op)
    assert_same(fn(2, ferrodf.DataFrame(pdf)), as_ferrodf_would(fn(2, pdf)), op)


def test_bool_modulo_by_false():
    """`s % t` of two bool Series where t has False: pandas gives int8 0 (ferrodf gave
    null until the frontend's bool rules; // too)."""
    a, b = BOOLS["a"], BOOLS["b"]
    assert_same(ferrodf.Series(a) % ferrodf.Series(b), a % b, "bool % bool")


@pytest.mark.parametrize("exponent", [0, 1, 2, 3, 127, np.int8(2), 2.0])
def test_bool_power_of_an_int_scalar_dtype(exponent):
    """`s ** 2` of a bool Series: pandas gives int8 (NumPy squares through np.square, which
    keeps the boolean base's int8), ferrodf gave int64; other exponents give int64. Fixed
    in frontend compute/binary.rs (is_integer_two)."""
    s = ferrodf.Series(BOOLS["a"])
    assert_same(s**exponent, BOOLS["a"] ** exponent, f"bool ** {exponent!r}")
    assert_same(s.pow(exponent), BOOLS["a"].pow(exponent), f"bool.pow({exponent!r})")


@pytest.mark.parametrize("value", [None, 7.5])
def test_loc_cell_of_a_multiindex_row(value):
    """`df.loc[("p", 0), "x"] = v` on MultiIndex rows took the whole key for a row label
    and raised TypeError ("a tuple cannot be an operand"); pandas sets the cell. Reading
    `df.loc[("p", 0), "x"]` gives the cell as well. Fixed in dataframe._is_row_label."""
    index = pd.MultiIndex.from_arrays([["p", "q", "p"], [0, 1, 2]], names=["o", "i"])
    pdf = pd.DataFrame({"x": [1.0, 2.0, 3.0], "y": [1, 2, 3]}, index=index)
    df = ferrodf.DataFrame(pdf)
    assert df.loc[("p", 2), "x"] == pdf.loc[("p", 2), "x"]
    pdf.loc[("p", 0), "x"] = value
    df.loc[("p", 0), "x"] = value
    assert_same(df, pdf, "after the assignment")


@pytest.mark.parametrize("char", ["\U00020000", "\U0010ffff"])
def test_json_reader_decodes_escaped_surrogate_pairs(char):
    """Found by test_json.py's round trip cross-checked with Python's json: json.dumps
    writes non-BMP characters as escaped surrogate pairs, and ferrodf's JSON reader turned
    those above U+1FFFF into other characters (arrow-json 59's tape decoder). Fixed in
    core io/json/surrogates.rs, which decodes the pairs before arrow-json reads the text."""
    from ferrodf.plc.io import SourceInfo
    from ferrodf.plc.io.json import JsonReaderOptions, read_json

    data = "".join(json.dumps({"t": c}) + "\n" for c in ["\U0001f980", char]).encode()
    opts = JsonReaderOptions.builder(SourceInfo([data])).lines(True).build()
    got = read_json(opts).to_arrow()
    assert got["t"].to_pylist() == pajson.read_json(io.BytesIO(data))["t"].to_pylist()


@pytest.mark.parametrize("values", [[float("inf")], [1.0, float("inf"), float("inf")]])
def test_median_of_infinite_values(values):
    """Found by the op-chain fuzzer: `Series([inf]).median()` is missing where pandas gives
    inf; plc's quantile and median reduction had the bug (pyarrow.compute is the oracle).
    Fixed in ops/quantiles (interpolate) and quantiles.cu: LINEAR at an exact position
    returns the value itself."""
    arr = pa.array(values)
    col = plc.Column.from_arrow(arr)
    assert plc.quantiles.quantile(col, [0.5]).to_pylist() == pc.quantile(arr, 0.5).to_pylist()
    f64 = plc.DataType(plc.TypeId.FLOAT64)
    assert (
        plc.reduce.reduce(col, plc.aggregation.median(), f64).to_py() == pd.Series(values).median()
    )
    assert ferrodf.Series(values).median() == pd.Series(values).median()


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ([float("inf"), -float("inf"), 2.5], 1),
        ([1.0, -1.0, 0.7, -0.7, 5.0], 0.1),
        ([1.0, -1.0, 0.0, None, 7.5], [0.0, 0.0, 0.0, 2.0, -2.0]),
        ([3.0, -3.0, 2.9, -2.9], [-2.0, 2.0, -0.3, 0.3]),
        ([1e308, -1e-308, 0.5], [1e-10, 3.0, float("inf")]),
        ([], 2.0),
    ],
    ids=["inf", "tenth", "by-zero", "signs", "extremes", "empty"],
)
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_floor_division_of_floats_is_numpys(left, right, dtype):
    """Found by the op-chain fuzzer: `df // 1` with an infinite value gave inf (libcudf's
    floor(a / b)); pandas (NumPy's floor_divide) gives NaN, and `1.0 // 0.1` is 9. Fixed in
    frontend compute/binary.rs (numpy_floor_divide)."""
    s = pd.Series(left, dtype=dtype)
    r = pd.Series(right, dtype=dtype) if isinstance(right, list) else right
    fr = ferrodf.Series(r) if isinstance(r, pd.Series) else r
    assert_same(ferrodf.Series(s) // fr, s // r, f"{left} // {right}")
    if not isinstance(right, list) and len(left):
        assert_same(right // ferrodf.Series(s), right // s, f"{right} // {left}")


@pytest.mark.parametrize(
    "values", [[0.0, None], [None, None], [1.0, None, 0.0], [0.0, 0.0]], ids=str
)
@pytest.mark.parametrize("how", ["any", "all"])
def test_any_all_without_skipping_count_missing_as_true(values, how):
    """Found by the op-chain fuzzer: `s.any(skipna=False)` with a missing value was False;
    pandas (NumPy) counts NaN as true. Fixed in frontend compute/reduce.rs."""
    ps = pd.Series(values, dtype="float64")
    got = getattr(ferrodf.Series(ps), how)(skipna=False)
    assert got == getattr(ps, how)(skipna=False)


@pytest.mark.parametrize("op", ["floordiv", "mod"])
def test_integer_division_of_no_rows_by_zero_keeps_int64(op):
    """Found by the op-chain fuzzer: an empty int64 column `// 0` became float64; pandas'
    `//` converts only where a zero divides a row (its `%` converts whatever the rows).
    Fixed in frontend compute/binary.rs."""
    pdf = pd.DataFrame({"a": pd.Series([], dtype="int64")})
    df = ferrodf.DataFrame(pdf)
    assert_same(getattr(df, op)(0), getattr(pdf, op)(0), f"empty {op} 0")
    assert_same(getattr(df["a"], op)(0), getattr(pdf["a"], op)(0), f"empty Series {op} 0")


@pytest.mark.parametrize("ascending", [False, True])
@pytest.mark.parametrize("na_position", ["first", "last"])
def test_multi_key_sort_places_inf_among_missing_values_as_one_key_sorts_do(ascending, na_position):
    """Found by the op-chain fuzzer, a pandas bug rather than ferrodf's: pandas 3.1's
    multi-key sort misplaces inf among NaN keys (descending, NaN first: inf lands between
    the NaN rows). ferrodf gives the lexicographic order, checked against stable one-key
    sorts chained from the last key (the oracle fuzz_ops._sort uses for several keys)."""
    pdf = pd.DataFrame(
        {"k": [0] * 6, "f": [0.0, 0.0, np.nan, np.nan, np.inf, np.nan]}, index=[1, 2, 3, 4, 5, 6]
    )
    want = pdf
    for key in ["f", "k"]:
        want = want.sort_values(key, ascending=ascending, na_position=na_position, kind="stable")
    got = ferrodf.DataFrame(pdf).sort_values(
        ["k", "f"], ascending=ascending, na_position=na_position
    )
    assert_same(got, want, f"sort by k, f ascending={ascending} na_position={na_position}")


@pytest.mark.parametrize(
    ("base", "exponent"),
    [
        (pd.Series([100, 3, 2, 0, -3], dtype="int64"), None),
        (pd.Series([100, 3, 2, 0, -3], dtype="int64"), 100),
        (pd.Series([200, 3, 17], dtype="uint8"), "self"),
        (pd.Series([100, -7], dtype="int8"), 3),
        (pd.Series([100, -7], dtype="int8"), pd.Series([3, 5], dtype="int64")),
    ],
    ids=["int64 self", "int64 ** 100", "uint8 self", "int8 ** 3", "int8 ** int64"],
)
def test_integer_power_wraps_around_as_numpy_does(base, exponent):
    """Found by the op-chain fuzzer: `s ** s` of int64 100 gave 9223372036854775807 (libcudf's
    POW goes through doubles and saturates) where pandas (np.power) wraps around and gives
    0. Fixed in frontend compute/binary.rs: integer powers use the core's INT_POW."""
    if exponent is None:
        right = base.abs()
    elif isinstance(exponent, str):  # "self"
        right = base
    else:
        right = exponent
    fright = ferrodf.Series(right) if isinstance(right, pd.Series) else right
    assert_same(ferrodf.Series(base) ** fright, base**right, f"{list(base)} ** {right}")


@pytest.mark.parametrize("exponent", [-1, pd.Series([], dtype="int64")], ids=["-1", "empty"])
def test_negative_integer_power_of_no_rows(exponent):
    """Found by make fuzz: an empty int64 column ** -1 raised ValueError ("Integers to
    negative integer powers are not allowed") where pandas gives an empty int64 column:
    NumPy refuses a negative exponent in its loop, which no row reaches. A row still
    raises, as NumPy does. Fixed in frontend compute/binary.rs."""
    base = pd.Series([], dtype="int64")
    fexp = ferrodf.Series(exponent) if isinstance(exponent, pd.Series) else exponent
    assert_same(ferrodf.Series(base) ** fexp, base**exponent, f"[] ** {exponent}")
    with pytest.raises(ValueError, match="negative integer powers"):
        pd.Series([2], dtype="int64") ** -1
    with pytest.raises(ValueError, match="negative integer powers"):
        ferrodf.Series([2]) ** -1
