"""Expected exceptions: unsupported types, bad arguments and invalid layouts raise the
documented Python exception with a helpful message, and leave their inputs unchanged."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import ferrodf
import ferrodf.plc as plc

T = plc.TypeId
B = plc.binaryop.BinaryOperator


@pytest.fixture(scope="module")
def int_col() -> plc.Column:
    return plc.Column.from_arrow(pa.array([1, None, 3], pa.int64()))


@pytest.fixture(scope="module")
def short_col() -> plc.Column:
    return plc.Column.from_arrow(pa.array([1, 2], pa.int64()))


@pytest.fixture(scope="module")
def str_col() -> plc.Column:
    return plc.Column.from_arrow(pa.array(["a", None, "c"]))


# ---------------------------------------------------------------------------------------
# Unsupported Arrow types
# ---------------------------------------------------------------------------------------

UNSUPPORTED_TYPES = [
    (pa.float16(), "Float16"),
    (pa.binary(), "Binary"),
    (pa.large_binary(), "LargeBinary"),
    (pa.binary(4), "FixedSizeBinary"),
    (pa.time32("s"), "Time32"),
    (pa.time64("ns"), "Time64"),
    (pa.map_(pa.string(), pa.int32()), "Map"),
    (pa.list_(pa.int8(), 2), "FixedSizeList"),
    (pa.decimal256(50, 3), "Decimal256"),
    (pa.month_day_nano_interval(), "Interval"),
]


@pytest.mark.parametrize("pa_type,name", UNSUPPORTED_TYPES, ids=[n for _, n in UNSUPPORTED_TYPES])
def test_unsupported_arrow_type_column(pa_type, name):
    arr = pa.array([None, None], pa_type)
    with pytest.raises(TypeError, match=f"{name}.*not supported.*[Cc]ast"):
        plc.Column.from_arrow(arr)


@pytest.mark.parametrize("pa_type,name", UNSUPPORTED_TYPES, ids=[n for _, n in UNSUPPORTED_TYPES])
def test_unsupported_arrow_type_datatype(pa_type, name):
    with pytest.raises(TypeError, match=f"{name}.*not supported"):
        plc.DataType.from_arrow(pa_type)


@pytest.mark.parametrize(
    "arr",
    [
        pa.ListArray.from_arrays([0, 1], pa.array(np.array([1.0], np.float16))),
        pa.array([{"a": b"x"}], pa.struct([("a", pa.binary())])),
        pa.DictionaryArray.from_arrays(
            pa.array([0, 0], pa.int32()), pa.array(np.array([1.0], np.float16))
        ),
        pa.UnionArray.from_sparse(
            pa.array([0, 1], pa.int8()), [pa.array([1, 2]), pa.array(["a", "b"])]
        ),
    ],
    ids=["list<float16>", "struct<binary>", "dictionary<float16>", "sparse_union"],
)
def test_unsupported_nested_arrow_type(arr):
    with pytest.raises(TypeError, match="not supported"):
        plc.Column.from_arrow(arr)


def test_unsupported_type_in_table():
    tbl = pa.table({"ok": [1, 2], "bad": pa.array([b"a", b"b"], pa.binary())})
    with pytest.raises(TypeError, match=r"Binary.*not supported"):
        plc.Table.from_arrow(tbl)


def test_unsupported_type_in_scalar():
    with pytest.raises(TypeError, match="not supported"):
        plc.Scalar.from_arrow(pa.scalar(b"x", pa.binary()))


# ---------------------------------------------------------------------------------------
# Wrong argument types
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("obj", [42, [1, 2, 3], "abc", None, np.arange(3)])
def test_column_from_arrow_rejects_non_arrow(obj):
    with pytest.raises(TypeError, match="Arrow"):
        plc.Column.from_arrow(obj)


def test_column_from_arrow_dtype_mismatch():
    with pytest.raises(TypeError, match=r"INT64.*INT32"):
        plc.Column.from_arrow(pa.array([1, 2]), plc.DataType(T.INT32))


def test_column_from_arrow_matching_dtype_is_accepted():
    col = plc.Column.from_arrow(pa.array([1, 2], pa.int32()), plc.DataType(T.INT32))
    assert col.to_pylist() == [1, 2]


@pytest.mark.parametrize("obj", [42, [1, 2], "x", None])
def test_table_from_arrow_rejects_non_arrow(obj):
    with pytest.raises(TypeError, match=r"Table\.from_arrow needs a pyarrow"):
        plc.Table.from_arrow(obj)


@pytest.mark.parametrize("columns", [[1, 2], 5, ["a"], [pa.array([1])]])
def test_table_rejects_non_columns(columns):
    with pytest.raises(TypeError, match="Column"):
        plc.Table(columns)


@pytest.mark.parametrize("arg", ["x", 1.5, None, pa.int64()])
def test_datatype_rejects_non_typeid(arg):
    with pytest.raises(TypeError, match=r"expected a TypeId \(or its integer value\), got"):
        plc.DataType(arg)


@pytest.mark.parametrize("value", [-1, 29, 99, 2**31])
def test_datatype_rejects_invalid_typeid(value):
    with pytest.raises(ValueError, match="is not a valid TypeId"):
        plc.DataType(value)


def test_datatype_rejects_num_type_ids():
    with pytest.raises(ValueError, match="not a valid TypeId"):
        plc.DataType(T.NUM_TYPE_IDS)


def test_reduce_argument_types(int_col):
    i64 = plc.DataType(T.INT64)
    with pytest.raises(TypeError, match="'str' object is not an instance of 'Aggregation'"):
        plc.reduce.reduce(int_col, "sum", i64)
    with pytest.raises(TypeError, match="'str' object is not an instance of 'DataType'"):
        plc.reduce.reduce(int_col, plc.aggregation.sum(), "int64")
    with pytest.raises(TypeError, match="'Int64Array' object is not an instance of 'Column'"):
        plc.reduce.reduce(pa.array([1]), plc.aggregation.sum(), i64)
    with pytest.raises(TypeError, match="'Scalar' object is not an instance of 'Column'"):
        plc.reduce.reduce(plc.Scalar.from_py(1), plc.aggregation.sum(), i64)


def test_binary_operation_argument_types(int_col):
    i64 = plc.DataType(T.INT64)
    with pytest.raises(TypeError, match="rhs"):
        plc.binaryop.binary_operation(int_col, 1, B.ADD, i64)
    with pytest.raises(TypeError, match="lhs"):
        plc.binaryop.binary_operation(pa.array([1, 2, 3]), int_col, B.ADD, i64)
    with pytest.raises(TypeError, match=r"expected a BinaryOperator \(or its integer value\)"):
        plc.binaryop.binary_operation(int_col, int_col, "ADD", i64)
    with pytest.raises(TypeError, match="'str' object is not an instance of 'DataType'"):
        plc.binaryop.binary_operation(int_col, int_col, B.ADD, "int64")
    s = plc.Scalar.from_py(1)
    with pytest.raises(TypeError, match="column"):
        plc.binaryop.binary_operation(s, s, B.ADD, i64)


@pytest.mark.parametrize("op", [-1, 35, 999, 2**40])
def test_binary_operation_invalid_operator_value(int_col, op):
    with pytest.raises(ValueError, match="BinaryOperator"):
        plc.binaryop.binary_operation(int_col, int_col, op, plc.DataType(T.INT64))
    with pytest.raises(ValueError, match="BinaryOperator"):
        plc.binaryop.is_supported_operation(
            plc.DataType(T.INT64), plc.DataType(T.INT64), plc.DataType(T.INT64), op
        )


def test_interop_to_arrow_rejects_other_objects():
    with pytest.raises(TypeError, match="Column, Table, Scalar or DataType"):
        plc.interop.to_arrow(42)


def test_to_arrow_bad_metadata(int_col):
    with pytest.raises(TypeError, match="metadata"):
        int_col.to_arrow(42)
    with pytest.raises(ValueError, match="metadata for 2 columns"):
        plc.Table([int_col]).to_arrow(["a", "b"])


def test_gpumemoryview_needs_cuda_array_interface():
    with pytest.raises(TypeError, match="__cuda_array_interface__"):
        plc.gpumemoryview(np.zeros(3))


def test_size_of_non_fixed_width():
    for tid in (T.STRING, T.LIST, T.STRUCT, T.DICTIONARY32, T.EMPTY):
        with pytest.raises(TypeError, match="fixed-width"):
            plc.types.size_of(plc.DataType(tid))


@pytest.mark.parametrize("tid", [T.LIST, T.STRUCT, T.DICTIONARY32])
def test_nested_datatype_to_arrow(tid):
    with pytest.raises(TypeError, match="children"):
        plc.DataType(tid).to_arrow()


def test_aggregation_bad_null_policy():
    with pytest.raises(ValueError, match="NullPolicy"):
        plc.aggregation.count(5)


# ---------------------------------------------------------------------------------------
# Table and Column layouts
# ---------------------------------------------------------------------------------------


def test_table_unequal_lengths(int_col, short_col):
    with pytest.raises(ValueError, match="same length"):
        plc.Table([int_col, short_col])
    with pytest.raises(ValueError, match="same length"):
        plc.Table([short_col, int_col, int_col])


def test_table_num_rows_mismatch(int_col):
    with pytest.raises(ValueError, match="num_rows"):
        plc.Table([int_col], 5)


@pytest.fixture(scope="module")
def i32() -> plc.Column:
    return plc.Column.from_arrow(pa.array([1, 2, 3], pa.int32()))


def test_constructor_data_too_small(i32):
    with pytest.raises(ValueError, match="data buffer"):
        plc.Column(plc.DataType(T.INT64), 3, i32.data(), None, 0, 0, [])
    with pytest.raises(ValueError, match="data buffer"):
        plc.Column(plc.DataType(T.INT32), 3, i32.data(), None, 0, 1, [])
    with pytest.raises(ValueError, match="data buffer"):
        plc.Column(plc.DataType(T.INT32), 3, None, None, 0, 0, [])


def test_constructor_mask_too_small():
    small = plc.Column.from_arrow(pa.array([1, None, 3]))
    big = plc.Column.from_arrow(pa.array(list(range(20)), pa.int8()))
    with pytest.raises(ValueError, match="null mask"):
        plc.Column(big.type(), 20, big.data(), small.null_mask(), 1, 0, [])
    with pytest.raises(ValueError, match="null mask"):
        big.with_mask(small.null_mask(), 1)


def test_constructor_bad_null_count(i32):
    with pytest.raises(ValueError, match="null_count"):
        plc.Column(plc.DataType(T.INT32), 3, i32.data(), None, 4, 0, [])
    with pytest.raises(ValueError, match="null_count"):
        plc.Column(plc.DataType(T.INT32), 3, i32.data(), None, 1, 0, [])


def test_constructor_bad_children(i32):
    with pytest.raises(ValueError, match="child"):
        plc.Column(plc.DataType(T.LIST), 3, None, None, 0, 0, [])
    with pytest.raises(ValueError, match="child"):
        plc.Column(plc.DataType(T.INT32), 3, i32.data(), None, 0, 0, [i32])
    floats = plc.Column.from_arrow(pa.array([0.0, 1.0, 2.0, 3.0]))
    values = plc.Column.from_arrow(pa.array([1, 2, 3]))
    with pytest.raises(TypeError, match="offsets"):
        plc.Column(plc.DataType(T.LIST), 3, None, None, 0, 0, [floats, values])
    short_offsets = plc.Column.from_arrow(pa.array([0, 1], pa.int32()))
    with pytest.raises(ValueError, match="offsets"):
        plc.Column(plc.DataType(T.LIST), 3, None, None, 0, 0, [short_offsets, values])
    with pytest.raises(ValueError, match="struct field"):
        plc.Column(plc.DataType(T.STRUCT), 4, None, None, 0, 0, [i32])


@pytest.mark.parametrize("data", [42, "abc", np.zeros(3, np.int32)])
def test_constructor_data_wrong_type(data):
    with pytest.raises(TypeError, match="gpumemoryview"):
        plc.Column(plc.DataType(T.INT32), 3, data, None, 0, 0, [])


def test_child_index_out_of_range(int_col, str_col):
    with pytest.raises(IndexError, match="child 0 does not exist; the column has 0 children"):
        int_col.child(0)
    with pytest.raises(IndexError, match="child 1 does not exist; the column has 1 children"):
        str_col.child(1)


def test_duration_days_to_arrow(i32):
    col = plc.Column(plc.DataType(T.DURATION_DAYS), 3, i32.data(), None, 0, 0, [])
    assert col.type().id() == T.DURATION_DAYS
    with pytest.raises(NotImplementedError, match="DURATION_SECONDS"):
        col.to_arrow()
    with pytest.raises(
        NotImplementedError, match="Arrow has no duration in days; cast the column to"
    ):
        plc.DataType(T.DURATION_DAYS).to_arrow()


# ---------------------------------------------------------------------------------------
# NumPy, Python objects and Scalars
# ---------------------------------------------------------------------------------------


def test_from_array_errors():
    with pytest.raises(TypeError, match="NumPy"):
        plc.Column.from_array([1, 2, 3])
    with pytest.raises(NotImplementedError, match="1-D"):
        plc.Column.from_array(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="big-endian"):
        plc.Column.from_array(np.zeros(2, ">i4"))
    for dtype in (complex, np.float16, "U3", object, "M8[D]", "m8[h]"):
        with pytest.raises(TypeError, match="not supported"):
            plc.Column.from_array(np.zeros(2, dtype))


def test_from_iterable_of_py_errors():
    with pytest.raises(TypeError, match="'int' object is not iterable"):
        plc.Column.from_iterable_of_py(42)
    with pytest.raises(NotImplementedError, match="dtype"):
        plc.Column.from_iterable_of_py([[1]], plc.DataType(T.LIST))
    with pytest.raises(
        (TypeError, ValueError), match="cannot make a column of these Python values"
    ):
        plc.Column.from_iterable_of_py([1, "a"])


def test_scalar_errors():
    with pytest.raises(ValueError, match="dtype"):
        plc.Scalar.from_py(None)
    with pytest.raises(
        (OverflowError, ValueError), match="cannot make a column of these Python values"
    ):
        plc.Scalar.from_py(300, plc.DataType(T.INT8))
    with pytest.raises(ValueError, match="one row"):
        plc.Scalar.from_arrow(pa.array([1, 2]))
    with pytest.raises(TypeError, match="NumPy scalar"):
        plc.Scalar.from_numpy(3)
    with pytest.raises(TypeError, match="dtype"):
        plc.Scalar.from_arrow(pa.scalar(1, pa.int64()), plc.DataType(T.INT8))


# ---------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------


def test_set_option_errors():
    before = ferrodf.get_option("device")
    with pytest.raises(ValueError, match="bogus"):
        ferrodf.set_option("device", "bogus")
    with pytest.raises(TypeError, match="option 'device' takes 'auto', 'gpu' or 'cpu', got"):
        ferrodf.set_option("device", 3)
    with pytest.raises(KeyError, match="unknown option 'nope'; known options"):
        ferrodf.set_option("nope", "cpu")
    with pytest.raises(KeyError, match="unknown option 'nope'; known options"):
        ferrodf.get_option("nope")
    assert ferrodf.get_option("device") == before


# ---------------------------------------------------------------------------------------
# Inputs are unchanged after a failed call
# ---------------------------------------------------------------------------------------


def test_inputs_unchanged_after_failed_binary_operation(int_col, short_col):
    before = (int_col.to_arrow(), short_col.to_arrow())
    with pytest.raises(ValueError, match="equal length"):
        plc.binaryop.binary_operation(int_col, short_col, B.ADD, plc.DataType(T.INT64))
    with pytest.raises(TypeError, match="binary_operation Add cannot produce STRING; pass"):
        plc.binaryop.binary_operation(int_col, int_col, B.ADD, plc.DataType(T.STRING))
    assert int_col.to_arrow().equals(before[0])
    assert short_col.to_arrow().equals(before[1])
    assert int_col.null_count() == 1


def test_inputs_unchanged_after_failed_reduce(int_col):
    before = int_col.to_arrow()
    with pytest.raises(TypeError, match="reduce with MEAN of INT64 cannot produce INT64"):
        plc.reduce.reduce(int_col, plc.aggregation.mean(), plc.DataType(T.INT64))
    with pytest.raises(NotImplementedError, match="reduce with NTH_ELEMENT is not implemented yet"):
        plc.reduce.reduce(int_col, plc.aggregation.nth_element(0), plc.DataType(T.INT64))
    assert int_col.to_arrow().equals(before)


def test_inputs_unchanged_after_failed_table(int_col, short_col):
    with pytest.raises(ValueError, match="all columns of a table must have the same length"):
        plc.Table([int_col, short_col])
    assert int_col.size() == 3 and short_col.size() == 2
    assert int_col.to_pylist() == [1, None, 3]


def test_input_arrow_unchanged_after_failed_import():
    tbl = pa.table({"a": [1, 2], "b": pa.array([b"x", b"y"])})
    with pytest.raises(TypeError, match="Arrow type Binary is not supported by ferrodf"):
        plc.Table.from_arrow(tbl)
    assert tbl.column("a").to_pylist() == [1, 2]
    # the same table works once the bad column is dropped
    assert plc.Table.from_arrow(tbl.drop_columns(["b"])).num_rows() == 2


def test_column_unchanged_after_failed_constructor(i32):
    with pytest.raises(ValueError, match="the data buffer has 12 bytes but 3 INT64 values"):
        plc.Column(plc.DataType(T.INT64), 3, i32.data(), None, 0, 0, [])
    assert i32.to_pylist() == [1, 2, 3]
