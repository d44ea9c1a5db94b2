"""Arrow interop: Column, Table, Scalar and DataType to and from pyarrow (and polars,
NumPy and Python objects) for every supported type."""

from __future__ import annotations

import datetime
import decimal
import pickle

import numpy as np
import pyarrow as pa
import pytest
from conftest import (
    ALL_TYPES,
    DECIMAL_TYPES,
    HAS_SMALL_DECIMALS,
    NESTED_TYPES,
    NUMERIC_DTYPE_NAMES,
    STRUCT_TYPE,
    TIMESTAMP_TYPES,
    assert_arrow_eq,
    assert_column_eq,
    assert_table_eq,
    expected_arrow_type,
    make_array,
    normalize,
    type_id,
)

import ferrodf.plc as plc
from ferrodf.plc.interop import ColumnMetadata

T = plc.TypeId

# Slices as (offset, length); offsets that are not multiples of 8 move the validity bits.
SLICES = [(1, 20), (3, 30), (8, 16), (13, 5), (36, 1), (5, 0), (37, 0)]


@pytest.fixture(scope="module", params=ALL_TYPES, ids=type_id)
def pa_type(request) -> pa.DataType:
    return request.param


@pytest.fixture(scope="module")
def pa_array(pa_type, has_nulls) -> pa.Array:
    return make_array(pa_type, 37, nulls=has_nulls)


@pytest.fixture(scope="module")
def column(pa_array) -> plc.Column:
    return plc.Column.from_arrow(pa_array)


# ---------------------------------------------------------------------------------------
# Column <-> pyarrow
# ---------------------------------------------------------------------------------------


def test_column_roundtrip(pa_array, column):
    assert column.size() == len(pa_array)
    assert column.null_count() == pa_array.null_count
    assert len(column) == len(pa_array)
    assert_column_eq(column, pa_array)


def test_column_type(pa_type, column):
    assert column.type() == plc.DataType.from_arrow(pa_type)


def test_interop_module_dispatch(pa_array, column):
    assert plc.interop.to_arrow(column).equals(column.to_arrow())
    assert_column_eq(plc.interop.from_arrow(pa_array), pa_array)


@pytest.mark.parametrize("offset,length", SLICES)
def test_column_roundtrip_sliced(pa_array, offset, length):
    sliced = pa_array.slice(offset, length)
    col = plc.Column.from_arrow(sliced)
    assert col.size() == length
    assert col.null_count() == sliced.null_count
    assert_column_eq(col, sliced)


def test_column_roundtrip_empty(pa_type):
    arr = make_array(pa_type, 0)
    col = plc.Column.from_arrow(arr)
    assert col.size() == 0
    assert col.null_count() == 0
    assert_column_eq(col, arr)


def test_column_roundtrip_all_null(pa_type):
    arr = pa.nulls(11, pa_type)
    col = plc.Column.from_arrow(arr)
    assert col.null_count() == 11
    assert_column_eq(col, arr)


def test_column_roundtrip_chunked(pa_array):
    chunked = pa.chunked_array(
        [pa_array.slice(0, 5), pa_array.slice(5, 0), pa_array.slice(5, 19), pa_array.slice(24)]
    )
    col = plc.Column.from_arrow(chunked)
    assert_column_eq(col, pa_array)


def test_column_roundtrip_chunked_no_chunks(pa_type):
    chunked = pa.chunked_array([], type=pa_type)
    col = plc.Column.from_arrow(chunked)
    assert col.size() == 0
    assert_column_eq(col, pa.array([], pa_type))


def test_column_roundtrip_of_roundtrip(column):
    """Arrow data that came out of ferrodf goes back in and out unchanged."""
    first = column.to_arrow()
    assert_column_eq(plc.Column.from_arrow(first), first, normalize_expected=False)


def test_column_sliced_export_of_sliced_export(pa_array):
    """Slicing the exported array (bit offsets included) and importing it again."""
    exported = plc.Column.from_arrow(pa_array.slice(3)).to_arrow()
    again = exported.slice(5, 17)
    assert_column_eq(plc.Column.from_arrow(again), again, normalize_expected=False)


def test_pyarrow_array_from_column(pa_array, column):
    """pyarrow.array(col) goes through __arrow_c_array__."""
    assert_arrow_eq(pa.array(column), normalize(pa_array))


def test_pyarrow_chunked_array_from_column(pa_array, column):
    """pyarrow.chunked_array(col) goes through __arrow_c_stream__."""
    assert_arrow_eq(pa.chunked_array(column), normalize(pa_array))


def test_arrow_c_schema_of_column(pa_array, column):
    assert (
        pa.DataType._import_from_c_capsule(column.__arrow_c_schema__()) == normalize(pa_array).type
    )


def positional_names(t: pa.DataType) -> pa.DataType:
    """t with each struct field named by its position, at every depth (to_pylist's keys)."""
    if pa.types.is_struct(t):
        return pa.struct([(str(i), positional_names(t.field(i).type)) for i in range(t.num_fields)])
    if pa.types.is_list(t):
        return pa.list_(pa.field("item", positional_names(t.value_type)))
    return t


def test_to_pylist(pa_array, column):
    want = normalize(pa_array)
    assert column.to_pylist() == want.view(positional_names(want.type)).to_pylist()


@pytest.mark.parametrize("arrow_type", TIMESTAMP_TYPES, ids=type_id)
def test_timestamp_values_kept_tz_dropped(arrow_type):
    arr = make_array(arrow_type)
    got = plc.Column.from_arrow(arr).to_arrow()
    assert got.type == pa.timestamp(arrow_type.unit)
    assert got.cast(pa.int64()).equals(arr.cast(pa.int64()))


def test_date64_becomes_timestamp_ms():
    arr = pa.array([datetime.date(2024, 2, 29), None, datetime.date(1969, 12, 31)], pa.date64())
    col = plc.Column.from_arrow(arr)
    assert col.type() == plc.DataType(T.TIMESTAMP_MILLISECONDS)
    got = col.to_arrow()
    assert got.type == pa.timestamp("ms")
    assert got.to_pylist() == [
        datetime.datetime(2024, 2, 29),
        None,
        datetime.datetime(1969, 12, 31),
    ]


def test_date32_is_timestamp_days():
    arr = pa.array([datetime.date(2024, 2, 29), None], pa.date32())
    col = plc.Column.from_arrow(arr)
    assert col.type() == plc.DataType(T.TIMESTAMP_DAYS)
    assert col.to_arrow().equals(arr)


@pytest.mark.parametrize("arrow_type", DECIMAL_TYPES, ids=type_id)
def test_decimal_values_and_precision(arrow_type):
    arr = make_array(arrow_type)
    col = plc.Column.from_arrow(arr)
    assert col.type().scale() == -arrow_type.scale
    got = col.to_arrow()
    max_precision = {4: 9, 8: 18, 16: 38}[arrow_type.byte_width]
    assert got.type.precision == max_precision
    assert got.type.scale == arrow_type.scale
    assert got.to_pylist() == arr.to_pylist()


@pytest.mark.parametrize(
    "arrow_type", [pa.string(), pa.large_string(), pa.string_view()], ids=type_id
)
def test_string_types(arrow_type):
    arr = pa.array(["", None, "ß", "a" * 100, "🦀"], arrow_type)
    col = plc.Column.from_arrow(arr)
    assert col.type() == plc.DataType(T.STRING)
    got = col.to_arrow()
    assert got.type == (pa.large_string() if arrow_type == pa.large_string() else pa.string())
    assert got.to_pylist() == arr.to_pylist()


def test_string_view_with_long_strings_and_buffers():
    """Views that point into several data buffers (strings longer than 12 bytes)."""
    values = [f"long string number {i} " * (i % 4) for i in range(50)]
    values[7] = None
    arr = pa.array(values, pa.string_view())
    assert_column_eq(plc.Column.from_arrow(arr), arr.cast(pa.string()))


def test_column_children_layout():
    strings = plc.Column.from_arrow(pa.array(["ab", None, "c"]))
    assert strings.num_children() == 1
    assert strings.child(0).type() == plc.DataType(T.INT32)
    assert strings.child(0).to_pylist() == [0, 2, 2, 3]

    lists = plc.Column.from_arrow(pa.array([[1, 2], None, [3]], pa.large_list(pa.int8())))
    assert lists.num_children() == 2
    assert lists.child(0).type() == plc.DataType(T.INT64)
    assert lists.child(1).to_pylist() == [1, 2, 3]

    structs = plc.Column.from_arrow(make_array(STRUCT_TYPE))
    assert structs.num_children() == STRUCT_TYPE.num_fields
    assert [c.type().id() for c in structs.children()] == [T.INT32, T.STRING, T.LIST]

    dictionary = plc.Column.from_arrow(pa.array(["x", "y", None, "x"]).dictionary_encode())
    assert dictionary.type() == plc.DataType(T.DICTIONARY32)
    assert dictionary.num_children() == 2
    assert dictionary.child(1).to_pylist() == ["x", "y"]


# ---------------------------------------------------------------------------------------
# Names of nested fields through ColumnMetadata
# ---------------------------------------------------------------------------------------


def test_struct_names_through_metadata():
    arr = make_array(STRUCT_TYPE)
    col = plc.Column.from_arrow(arr)
    meta = ColumnMetadata(
        "s",
        [ColumnMetadata("a"), ColumnMetadata("b"), ColumnMetadata("c", [ColumnMetadata("item")])],
    )
    got = col.to_arrow(meta)
    assert got.type == STRUCT_TYPE
    assert got.equals(arr)


def test_struct_names_default_to_empty():
    col = plc.Column.from_arrow(make_array(STRUCT_TYPE))
    assert [f.name for f in col.to_arrow().type] == ["", "", ""]


def test_list_value_field_name_through_metadata():
    arr = pa.array([[1], None, [2, 3]], pa.list_(pa.field("element", pa.int64())))
    col = plc.Column.from_arrow(arr)
    assert col.to_arrow().type == pa.list_(pa.int64())
    got = col.to_arrow(ColumnMetadata("", [ColumnMetadata("element")]))
    assert got.type == arr.type
    assert got.equals(arr)


def test_list_of_struct_names_through_metadata():
    t = pa.list_(pa.struct([("x", pa.int64()), ("y", pa.bool_())]))
    arr = make_array(t)
    meta = ColumnMetadata("", [ColumnMetadata("item", [ColumnMetadata("x"), ColumnMetadata("y")])])
    got = plc.Column.from_arrow(arr).to_arrow(meta)
    assert got.equals(arr)
    assert got.to_pylist() == arr.to_pylist()


def test_sliced_struct_through_metadata():
    arr = make_array(STRUCT_TYPE).slice(5, 19)
    meta = ColumnMetadata("", [ColumnMetadata("a"), ColumnMetadata("b"), ColumnMetadata("c")])
    got = plc.Column.from_arrow(arr).to_arrow(meta)
    assert got.to_pylist() == arr.to_pylist()


def test_metadata_with_fewer_children_names_the_first_fields():
    arr = make_array(STRUCT_TYPE)
    got = plc.Column.from_arrow(arr).to_arrow(ColumnMetadata("", [ColumnMetadata("a")]))
    assert [f.name for f in got.type] == ["a", "", ""]


# ---------------------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pa_table() -> pa.Table:
    types = [
        pa.int64(),
        pa.float32(),
        pa.bool_(),
        pa.string(),
        pa.timestamp("ns"),
        pa.list_(pa.int64()),
        STRUCT_TYPE,
        pa.decimal128(20, 3),
    ]
    return pa.table({f"c{i}": make_array(t, 29, seed=i) for i, t in enumerate(types)})


def test_table_roundtrip(pa_table):
    tbl = plc.Table.from_arrow(pa_table)
    assert tbl.num_rows() == pa_table.num_rows
    assert tbl.num_columns() == pa_table.num_columns
    assert tbl.shape() == (pa_table.num_rows, pa_table.num_columns)
    assert_table_eq(tbl, pa_table)
    got = tbl.to_arrow()
    assert got.column_names == [str(i) for i in range(pa_table.num_columns)]


def test_table_roundtrip_with_metadata(pa_table):
    tbl = plc.Table.from_arrow(pa_table)
    meta = [ColumnMetadata(name) for name in pa_table.column_names]
    meta[6] = ColumnMetadata("c6", [ColumnMetadata("a"), ColumnMetadata("b"), ColumnMetadata("c")])
    got = tbl.to_arrow(meta)
    assert got.column_names == pa_table.column_names
    assert got.column(6).type == STRUCT_TYPE
    assert got.column(6).equals(pa_table.column(6))
    for i, (g, e) in enumerate(zip(got.columns, pa_table.columns, strict=True)):
        if i != 6:
            assert_arrow_eq(g, normalize(e))


def test_table_to_arrow_with_plain_names(pa_table):
    tbl = plc.Table.from_arrow(pa_table.select([0, 1]))
    assert tbl.to_arrow(["x", "y"]).column_names == ["x", "y"]


def test_table_columns_are_columns(pa_table):
    tbl = plc.Table.from_arrow(pa_table)
    for col, expected in zip(tbl.columns(), pa_table.columns, strict=True):
        assert_column_eq(col, expected)


def test_table_from_record_batch(pa_table):
    batch = pa_table.to_batches()[0]
    assert_table_eq(plc.Table.from_arrow(batch), pa_table)


def test_table_from_chunked_table(pa_table):
    chunked = pa.concat_tables([pa_table.slice(0, 10), pa_table.slice(10, 3), pa_table.slice(13)])
    assert chunked.column(0).num_chunks == 3
    assert_table_eq(plc.Table.from_arrow(chunked), pa_table)


def test_table_from_sliced_table(pa_table):
    sliced = pa_table.slice(3, 21)
    assert_table_eq(plc.Table.from_arrow(sliced), sliced)


def test_table_empty_rows(pa_table):
    empty = pa_table.slice(0, 0)
    tbl = plc.Table.from_arrow(empty)
    assert tbl.shape() == (0, pa_table.num_columns)
    assert_table_eq(tbl, empty)


def test_table_without_columns():
    tbl = plc.Table([])
    assert tbl.shape() == (0, 0)
    assert tbl.columns() == []
    assert plc.Table([], 4).num_rows() == 4


def test_table_from_columns(pa_table):
    cols = [plc.Column.from_arrow(c) for c in pa_table.columns]
    tbl = plc.Table(cols)
    assert tbl.num_rows() == pa_table.num_rows
    assert_table_eq(tbl, pa_table)


def test_pyarrow_table_from_table(pa_table):
    tbl = plc.Table.from_arrow(pa_table)
    got = pa.table(tbl)
    assert got.num_rows == pa_table.num_rows
    assert got.column_names == [str(i) for i in range(pa_table.num_columns)]
    for g, e in zip(got.columns, pa_table.columns, strict=True):
        assert_arrow_eq(g, normalize(e))


def test_pyarrow_record_batch_from_table(pa_table):
    tbl = plc.Table.from_arrow(pa_table.select([0, 3]))
    got = pa.record_batch(tbl)
    assert got.num_rows == pa_table.num_rows
    assert_arrow_eq(got.column(1), pa_table.column(3).combine_chunks())


def test_table_copy_is_equal(pa_table):
    tbl = plc.Table.from_arrow(pa_table)
    assert_table_eq(tbl.copy(), pa_table)


# ---------------------------------------------------------------------------------------
# polars
# ---------------------------------------------------------------------------------------

POLARS_TYPES = [
    pa.int8(),
    pa.uint64(),
    pa.float32(),
    pa.float64(),
    pa.bool_(),
    pa.string(),
    pa.date32(),
    pa.timestamp("us"),
    pa.duration("ms"),
    pa.decimal128(20, 4),
    pa.list_(pa.int32()),
]


@pytest.mark.parametrize("arrow_type", POLARS_TYPES, ids=type_id)
def test_polars_series_roundtrip(arrow_type):
    pl = pytest.importorskip("polars")
    arr = make_array(arrow_type).slice(2)
    col = plc.Column.from_arrow(arr)
    series = pl.Series(col)
    assert series.len() == len(arr)
    assert series.null_count() == arr.null_count
    assert series.to_list() == pl.from_arrow(arr).to_list()
    back = plc.Column.from_arrow(series)
    assert back.to_pylist() == arr.to_pylist()


def test_polars_struct_with_metadata():
    pl = pytest.importorskip("polars")
    arr = make_array(STRUCT_TYPE)
    meta = ColumnMetadata("", [ColumnMetadata("a"), ColumnMetadata("b"), ColumnMetadata("c")])
    series = pl.from_arrow(plc.Column.from_arrow(arr).to_arrow(meta))
    assert series.to_list() == arr.to_pylist()


def test_polars_dataframe_roundtrip():
    pl = pytest.importorskip("polars")
    pytest.importorskip("polars.testing")
    df = pl.DataFrame({"a": [1, None, 3], "b": ["x", "y", None], "c": [1.5, None, float("nan")]})
    tbl = plc.Table.from_arrow(df)
    assert tbl.shape() == (3, 3)
    assert tbl.columns()[1].type() == plc.DataType(T.STRING)
    back = pl.DataFrame(tbl)
    assert back.columns == ["0", "1", "2"]
    pl.testing.assert_frame_equal(back.rename(dict(zip(back.columns, df.columns, strict=True))), df)


# ---------------------------------------------------------------------------------------
# Column constructor, copy, with_mask
# ---------------------------------------------------------------------------------------


def _rebuild(col: plc.Column) -> plc.Column:
    return plc.Column(
        col.type(),
        col.size(),
        col.data(),
        col.null_mask(),
        col.null_count(),
        col.offset(),
        [_rebuild(c) for c in col.children()],
    )


@pytest.mark.parametrize("offset,length", [(0, 37), (3, 21), (9, 0)])
def test_column_constructor_from_parts(pa_array, offset, length):
    arr = pa_array.slice(offset, length)
    col = plc.Column.from_arrow(arr)
    rebuilt = _rebuild(col)
    assert rebuilt.type() == col.type()
    assert rebuilt.size() == col.size()
    assert rebuilt.offset() == col.offset()
    assert rebuilt.null_count() == col.null_count()
    assert_column_eq(rebuilt, arr)


def test_column_constructor_with_offset():
    base = plc.Column.from_arrow(
        pa.array([10, None, 30, 40, None, 60, 70, 80, 90, 100], pa.int32())
    )
    col = plc.Column(base.type(), 5, base.data(), base.null_mask(), 1, 3, [])
    assert col.offset() == 3
    assert col.to_pylist() == [40, None, 60, 70, 80]


def test_column_constructor_reinterprets_data():
    """A column over another column's bytes with another type of the same width."""
    ints = plc.Column.from_arrow(pa.array([0, 1, 86400], pa.int64()))
    ts = plc.Column(plc.DataType(T.TIMESTAMP_SECONDS), 3, ints.data(), None, 0, 0, [])
    assert ts.to_arrow().equals(pa.array([0, 1, 86400], pa.int64()).cast(pa.timestamp("s")))


def test_column_constructor_null_count_is_computed_from_mask():
    base = plc.Column.from_arrow(pa.array([1, None, None, 4], pa.int16()))
    col = plc.Column(base.type(), 4, base.data(), base.null_mask(), 2, 0, [])
    assert col.null_count() == 2
    assert col.to_pylist() == [1, None, None, 4]


def test_empty_type_column():
    col = plc.Column(plc.DataType(T.EMPTY), 4, None, None, 4, 0, [])
    assert col.null_count() == 4
    assert col.to_arrow().equals(pa.nulls(4))


def test_copy(pa_array, column):
    copied = column.copy()
    assert copied.type() == column.type()
    assert copied.null_count() == column.null_count()
    assert_column_eq(copied, pa_array)


def test_copy_of_sliced(pa_array):
    arr = pa_array.slice(5, 20)
    assert_column_eq(plc.Column.from_arrow(arr).copy(), arr)


def test_with_mask():
    values = plc.Column.from_arrow(pa.array(list(range(10)), pa.int64()))
    masked = plc.Column.from_arrow(pa.array([None if i % 4 == 0 else i for i in range(10)]))
    col = values.with_mask(masked.null_mask(), masked.null_count())
    assert col.null_count() == 3
    assert col.to_pylist() == [None if i % 4 == 0 else i for i in range(10)]
    # the original column is unchanged
    assert values.null_count() == 0
    assert values.to_pylist() == list(range(10))
    cleared = col.with_mask(None, 0)
    assert cleared.null_count() == 0
    assert cleared.to_pylist() == list(range(10))


def test_data_and_mask_views():
    arr = np.arange(5, dtype=np.int64)
    col = plc.Column.from_array(arr)
    view = col.data()
    assert view.nbytes == arr.nbytes == len(view)
    assert view.tobytes() == arr.tobytes()
    assert col.null_mask() is None
    nullable = plc.Column.from_arrow(pa.array([1, None, 3] * 3, pa.int8()))
    mask = nullable.null_mask()
    assert mask.nbytes >= 2
    bits = np.unpackbits(np.frombuffer(mask.tobytes(), np.uint8), bitorder="little")[:9]
    assert bits.tolist() == [1, 0, 1] * 3
    assert view.byte_slice(slice(8, 24)).tobytes() == arr[1:3].tobytes()


# ---------------------------------------------------------------------------------------
# NumPy and Python objects
# ---------------------------------------------------------------------------------------

NUMPY_DTYPES = [
    *NUMERIC_DTYPE_NAMES,
    "datetime64[s]",
    "datetime64[ms]",
    "datetime64[us]",
    "datetime64[ns]",
    "timedelta64[s]",
    "timedelta64[ms]",
    "timedelta64[us]",
    "timedelta64[ns]",
]


def _numpy_array(dtype: str, n: int = 23) -> np.ndarray:
    rng = np.random.default_rng(1)
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    if dt.kind == "f":
        return rng.normal(0, 100, n).astype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    return rng.integers(-(10**12), 10**12, n).astype(dt)


@pytest.mark.parametrize("dtype", NUMPY_DTYPES)
def test_from_numpy(dtype):
    arr = _numpy_array(dtype)
    col = plc.Column.from_array(arr)
    assert col.null_count() == 0
    assert col.type() == plc.DataType.from_arrow(pa.from_numpy_dtype(arr.dtype))
    assert_column_eq(col, pa.array(arr))


@pytest.mark.parametrize("dtype", ["int32", "float64", "bool"])
def test_from_numpy_copies(dtype):
    arr = _numpy_array(dtype)
    expected = pa.array(arr.copy())
    col = plc.Column.from_array(arr)
    arr[:] = arr[::-1].copy()
    arr[0] = arr[1]
    assert_column_eq(col, expected)


def test_from_numpy_non_contiguous():
    arr = np.arange(20, dtype=np.int16)
    assert plc.Column.from_array(arr[::3]).to_pylist() == arr[::3].tolist()
    assert plc.Column.from_array(arr[5:9]).to_pylist() == [5, 6, 7, 8]


@pytest.mark.parametrize("dtype", ["int8", "bool", "int32", "float32", "float64", "datetime64[ns]"])
def test_from_numpy_empty(dtype):
    arr = np.array([], dtype=dtype)
    col = plc.Column.from_array(arr)
    assert col.size() == 0
    assert_column_eq(col, pa.array(arr))


@pytest.mark.parametrize(
    "values,dtype,expected_type",
    [
        ([1, None, -3], None, pa.int64()),
        ([1.5, None, float("inf")], None, pa.float64()),
        ([True, None, False], None, pa.bool_()),
        (["a", None, ""], None, pa.string()),
        ([[1, 2], None, []], None, pa.list_(pa.int64())),
        ([[["a"]], [[], None]], None, pa.list_(pa.list_(pa.string()))),
        ([datetime.datetime(2020, 1, 1, 12), None], None, pa.timestamp("us")),
        ([datetime.timedelta(seconds=3), None], None, pa.duration("us")),
        ([decimal.Decimal("1.25"), None], None, pa.decimal128(3, 2)),
        ([None, None], None, pa.null()),
        ([1, None, 127], plc.DataType(T.INT8), pa.int8()),
        ([1, 2], plc.DataType(T.FLOAT32), pa.float32()),
        ([1, 0, None], plc.DataType(T.UINT64), pa.uint64()),
        (["x", None], plc.DataType(T.STRING), pa.string()),
    ],
)
def test_from_iterable_of_py(values, dtype, expected_type):
    col = plc.Column.from_iterable_of_py(values, dtype)
    if dtype is not None:
        assert col.type() == dtype
    assert_column_eq(col, pa.array(values, expected_type))


def test_from_iterable_of_py_generator():
    col = plc.Column.from_iterable_of_py(i * i for i in range(5))
    assert col.to_pylist() == [0, 1, 4, 9, 16]


# ---------------------------------------------------------------------------------------
# Scalar
# ---------------------------------------------------------------------------------------


def test_scalar_roundtrip(pa_type, pa_array):
    valid = [i for i in range(len(pa_array)) if pa_array[i].is_valid]
    if not valid:
        pytest.skip("no valid value of this type")
    pa_scalar = pa_array[valid[-1]]
    s = plc.Scalar.from_arrow(pa_scalar)
    assert s.is_valid()
    assert s.type() == plc.DataType.from_arrow(pa_type)
    got = s.to_arrow()
    assert isinstance(got, pa.Scalar)
    expected = normalize(pa.array([pa_scalar], pa_type))[0]
    assert got.type == expected.type
    assert got.equals(expected)


def test_null_scalar_roundtrip(pa_type):
    s = plc.Scalar.from_arrow(pa.scalar(None, pa_type))
    assert not s.is_valid()
    assert s.type() == plc.DataType.from_arrow(pa_type)
    got = s.to_arrow()
    assert not got.is_valid
    assert got.type == expected_arrow_type(pa_type)
    if not pa.types.is_struct(pa_type):
        assert s.to_py() is None


@pytest.mark.parametrize(
    "value,dtype,expected_type",
    [
        (42, None, pa.int64()),
        (-(2**63), None, pa.int64()),
        (2.5, None, pa.float64()),
        (True, None, pa.bool_()),
        ("héllo", None, pa.string()),
        (datetime.datetime(2001, 2, 3, 4, 5, 6), None, pa.timestamp("us")),
        (datetime.timedelta(days=1, microseconds=7), None, pa.duration("us")),
        (decimal.Decimal("-12.345"), None, pa.decimal128(5, 3)),
        ([1, None, 3], None, pa.list_(pa.int64())),
        (7, plc.DataType(T.INT8), pa.int8()),
        (7, plc.DataType(T.UINT16), pa.uint16()),
        (1.25, plc.DataType(T.FLOAT32), pa.float32()),
        (None, plc.DataType(T.INT32), pa.int32()),
        (None, plc.DataType(T.STRING), pa.string()),
    ],
)
def test_scalar_from_py(value, dtype, expected_type):
    s = plc.Scalar.from_py(value, dtype)
    assert s.type() == plc.DataType.from_arrow(expected_type)
    if dtype is not None:
        assert s.type() == dtype
    assert s.is_valid() == (value is not None)
    assert s.to_py() == value
    got = s.to_arrow()
    assert got.equals(normalize(pa.array([value], expected_type))[0])


@pytest.mark.parametrize(
    "np_value,type_id",
    [
        (np.int8(-5), T.INT8),
        (np.int16(300), T.INT16),
        (np.int32(-70000), T.INT32),
        (np.int64(2**40), T.INT64),
        (np.uint8(255), T.UINT8),
        (np.uint32(2**31), T.UINT32),
        (np.uint64(2**64 - 1), T.UINT64),
        (np.float32(1.5), T.FLOAT32),
        (np.float64(-0.25), T.FLOAT64),
        (np.bool_(True), T.BOOL8),
        (np.datetime64(5, "ms"), T.TIMESTAMP_MILLISECONDS),
        (np.timedelta64(-7, "ns"), T.DURATION_NANOSECONDS),
    ],
)
def test_scalar_from_numpy(np_value, type_id):
    s = plc.Scalar.from_numpy(np_value)
    assert s.type() == plc.DataType(type_id)
    assert s.is_valid()
    assert s.to_arrow().equals(pa.array(np.array([np_value]))[0])


# ---------------------------------------------------------------------------------------
# DataType
# ---------------------------------------------------------------------------------------

#: pyarrow's time units and the TypeId suffix each has in libcudf.
TIME_UNITS = {"s": "SECONDS", "ms": "MILLISECONDS", "us": "MICROSECONDS", "ns": "NANOSECONDS"}

#: The numbers have the same names in pyarrow and libcudf; the times differ in the unit.
INTEGER_TYPES = [f"{sign}int{bits}" for sign in ("", "u") for bits in (8, 16, 32, 64)]
FLAT_TYPE_PAIRS = [
    *((getattr(pa, name)(), T[name.upper()]) for name in [*INTEGER_TYPES, "float32", "float64"]),
    (pa.bool_(), T.BOOL8),
    (pa.date32(), T.TIMESTAMP_DAYS),
    *((pa.timestamp(unit), T[f"TIMESTAMP_{name}"]) for unit, name in TIME_UNITS.items()),
    *((pa.duration(unit), T[f"DURATION_{name}"]) for unit, name in TIME_UNITS.items()),
    (pa.string(), T.STRING),
    (pa.null(), T.EMPTY),
]


@pytest.mark.parametrize(
    "pa_type,tid", FLAT_TYPE_PAIRS, ids=lambda x: type_id(x) if isinstance(x, pa.DataType) else ""
)
def test_datatype_arrow_roundtrip(pa_type, tid):
    dt = plc.DataType.from_arrow(pa_type)
    assert dt.id() == tid
    assert isinstance(dt.id(), plc.TypeId)
    assert dt.scale() == 0
    assert dt == plc.DataType(tid)
    assert dt.to_arrow() == pa_type
    assert plc.interop.from_arrow(pa_type) == dt
    assert plc.interop.to_arrow(dt) == pa_type


@pytest.mark.parametrize(
    "arrow_type", [*NESTED_TYPES, pa.large_string(), pa.string_view(), pa.date64()], ids=type_id
)
def test_datatype_from_arrow_outer_type(arrow_type):
    expected = {
        "list": T.LIST,
        "large_list": T.LIST,
        "struct": T.STRUCT,
        "dictionary": T.DICTIONARY32,
        "large_string": T.STRING,
        "string_view": T.STRING,
        "date64": T.TIMESTAMP_MILLISECONDS,
    }
    key = next(k for k in sorted(expected, key=len, reverse=True) if str(arrow_type).startswith(k))
    assert plc.DataType.from_arrow(arrow_type).id() == expected[key]


@pytest.mark.parametrize(
    "pa_type,tid",
    [
        *(
            [(pa.decimal32(9, 2), T.DECIMAL32), (pa.decimal64(18, -3), T.DECIMAL64)]
            if HAS_SMALL_DECIMALS
            else []
        ),
        (pa.decimal128(38, 10), T.DECIMAL128),
    ],
)
def test_datatype_decimal(pa_type, tid):
    dt = plc.DataType.from_arrow(pa_type)
    assert dt == plc.DataType(tid, -pa_type.scale)
    assert dt.scale() == -pa_type.scale
    assert dt.to_arrow() == pa_type
    assert dt != plc.DataType(tid, -pa_type.scale + 1)


def test_datatype_equality_hash_pickle():
    a = plc.DataType(T.DECIMAL64, -3)
    b = plc.DataType(T.DECIMAL64, -3)
    assert a == b and hash(a) == hash(b)
    assert a != plc.DataType(T.DECIMAL64, 3)
    assert a != plc.DataType(T.INT64)
    assert len({a, b, plc.DataType(T.INT64), plc.DataType(T.INT64)}) == 2
    for dt in [a, plc.DataType(T.STRING), plc.DataType(T.EMPTY)]:
        back = pickle.loads(pickle.dumps(dt))
        assert back == dt and back.scale() == dt.scale()
    # the scale of a non-decimal type is ignored, as in libcudf
    assert plc.DataType(T.INT32, 5) == plc.DataType(T.INT32)
    assert plc.DataType(T.INT32, 5).scale() == 0
    assert plc.DataType(3) == plc.DataType(T.INT32)


@pytest.mark.parametrize(
    "tid,size",
    [
        (T.INT8, 1),
        (T.UINT8, 1),
        (T.BOOL8, 1),
        (T.INT16, 2),
        (T.UINT16, 2),
        (T.INT32, 4),
        (T.FLOAT32, 4),
        (T.TIMESTAMP_DAYS, 4),
        (T.DURATION_DAYS, 4),
        (T.DECIMAL32, 4),
        (T.INT64, 8),
        (T.UINT64, 8),
        (T.FLOAT64, 8),
        (T.TIMESTAMP_NANOSECONDS, 8),
        (T.DURATION_SECONDS, 8),
        (T.DECIMAL64, 8),
        (T.DECIMAL128, 16),
    ],
)
def test_size_of(tid, size):
    assert plc.types.size_of(plc.DataType(tid)) == size


def test_string_export_checks_utf8_until_it_passed():
    """Export to arrow checks a STRING column's bytes once; invalid UTF-8 never passes, and
    slices of a checked column export without a new check but with the same values."""
    offsets = pa.py_buffer(np.array([0, 1, 3, 4], np.int32).tobytes())
    bad = pa.Array.from_buffers(pa.string(), 3, [None, offsets, pa.py_buffer(b"a\xff\xfeb")])
    try:
        c = plc.Column.from_arrow(bad)
    except ValueError:
        return  # rejected at import: nothing invalid can reach the export
    for _ in range(2):
        with pytest.raises(ValueError, match=r"Invalid UTF8 sequence at string index 1 \(1\.\.3\)"):
            c.to_arrow()
    good = pa.array(["x", "é", None, "日本", ""] * 50)
    g = plc.Column.from_arrow(good)
    assert g.to_arrow().equals(good) and g.to_arrow().equals(good)
    s = plc.copying.slice(g, [3, 120])[0]
    assert s.to_arrow().equals(good.slice(3, 117))
