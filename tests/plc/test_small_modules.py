"""pylibcudf's small modules and newer Column members in ferrodf.plc: context (the kernel
cache), prefetch, experimental.join_streams, utilities, utils, span, typing,
table_equality.tables_equal, copying.reverse, strings.find_multiple.contains_multiple,
types.NullAware, and Column.to_scalar / all_null_like / device_buffer_size /
struct_from_children / from_array_interface / from_rmm_buffer / struct_view.

Oracles: pyarrow (tables, reversal, substring search), NumPy for arrays, Python's own
comparisons of Arrow tables for equality.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf
import ferrodf.plc as plc

GPU = ferrodf.gpu_info() is not None


def table(**cols) -> plc.Table:
    return plc.Table.from_arrow(pa.table(cols))


def arrow(t: plc.Table) -> list:
    return [c.to_arrow().to_pylist() for c in t.columns()]


# --- context, prefetch, utilities, experimental --------------------------------------


def test_jit_cache_switches(tmp_path, monkeypatch):
    plc.context.enable_jit_cache(False)
    plc.context.enable_jit_cache(True)
    monkeypatch.setenv("FERRODF_KERNEL_CACHE", str(tmp_path / "cache"))
    (tmp_path / "cache" / "sm_90").mkdir(parents=True)
    (tmp_path / "cache" / "sm_90" / "x.ptx").write_text("// ptx")
    plc.context.clear_jit_cache()
    assert not (tmp_path / "cache").exists()
    plc.context.clear_jit_cache()  # an absent cache is not an error
    # Kernels still run after the caches were emptied.
    col = plc.Column.from_arrow(pa.array([1, -2, None]))
    assert plc.unary.unary_operation(col, plc.unary.UnaryOperator.ABS).to_arrow() == pc.abs(
        pa.array([1, -2, None])
    )


def test_prefetch_switches_are_recorded():
    plc.prefetch.disable()
    assert not plc.prefetch.is_enabled()
    plc.prefetch.enable()
    plc.prefetch.enable_debugging()
    assert plc.prefetch.is_enabled() and plc.prefetch.is_debugging()
    plc.prefetch.disable()
    plc.prefetch.disable_debugging()
    assert not plc.prefetch.is_enabled() and not plc.prefetch.is_debugging()


def test_is_ptds_enabled():
    assert plc.utilities.is_ptds_enabled() is False


class LegacyStream:
    def __cuda_stream__(self):
        return (0, 0)


def test_join_streams():
    plc.experimental.join_streams([LegacyStream(), LegacyStream()], LegacyStream())
    plc.experimental.join_streams([], LegacyStream())
    with pytest.raises(TypeError, match="stream must be a CUDA stream object"):
        plc.experimental.join_streams([1], LegacyStream())
    with pytest.raises(TypeError, match="stream must be a CUDA stream object"):
        plc.experimental.join_streams([LegacyStream()], "s")
    if GPU:
        a, b = ferrodf.Stream(), ferrodf.Stream()
        plc.experimental.join_streams([a, ferrodf.Stream.ferrodf()], b)
        b.synchronize()


# --- utils, typing, span ---------------------------------------------------------------


def test_protocols():
    assert isinstance(LegacyStream(), plc.utils.HasCudaStream)
    assert not isinstance(object(), plc.utils.HasCudaStream)
    assert isinstance(np.zeros(2), plc.typing.SupportsArrayInterface)
    assert not isinstance(np.zeros(2), plc.typing.SupportsCudaArrayInterface)
    assert set(plc.typing.ArrayInterfaceBase.__annotations__) == {
        "shape",
        "typestr",
        "data",
        "version",
        "strides",
        "descr",
    }

    class Range:
        ptr, size, element_type = 0, 4, "int32"

    assert plc.span.is_span(Range()) and isinstance(Range(), plc.span.Span)
    assert not plc.span.is_span(np.zeros(1))


def test_null_aware_and_mask_state():
    assert [m.name for m in plc.types.NullAware] == ["NO", "YES"]
    assert plc.MaskState is plc.types.MaskState


# --- table_equality ----------------------------------------------------------------


def arrow_equal(a: pa.Table, b: pa.Table, nulls_equal: bool) -> bool:
    """The oracle: same shape and types, equal rows; NaN equals NaN; with unequal nulls,
    any null makes the tables unequal."""
    if a.num_columns != b.num_columns or a.num_rows != b.num_rows:
        return False
    for x, y in zip(a.columns, b.columns, strict=True):
        if x.type != y.type:
            return False
        if not nulls_equal and (x.null_count or y.null_count):
            return False
        for u, v in zip(x.to_pylist(), y.to_pylist(), strict=True):
            both_nan = isinstance(u, float) and isinstance(v, float) and u != u and v != v
            if not (u == v or both_nan):
                return False
    return True


CASES = {
    "same": (
        {"a": [1, None, 3], "s": ["x", None, "z"]},
        {"a": [1, None, 3], "s": ["x", None, "z"]},
    ),
    "value": ({"a": [1, 2, 3]}, {"a": [1, 2, 4]}),
    "null vs value": ({"a": [1, None]}, {"a": [1, 2]}),
    "rows": ({"a": [1, 2]}, {"a": [1, 2, 3]}),
    "columns": ({"a": [1], "b": [2]}, {"a": [1]}),
    "types": ({"a": pa.array([1], pa.int32())}, {"a": pa.array([1], pa.int64())}),
    "nan": ({"f": [1.0, float("nan")]}, {"f": [1.0, float("nan")]}),
    "strings": ({"s": ["a", "b"]}, {"s": ["a", "c"]}),
    "lists": ({"l": [[1], None, []]}, {"l": [[1], None, []]}),
    "lists differ": ({"l": [[1], [2]]}, {"l": [[1], [3]]}),
    "empty": ({"a": pa.array([], pa.int8())}, {"a": pa.array([], pa.int8())}),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("nulls", [plc.types.NullEquality.EQUAL, plc.types.NullEquality.UNEQUAL])
def test_tables_equal(case, nulls, host_fallback):
    left, right = (pa.table(c) for c in CASES[case])
    got = plc.table_equality.tables_equal(
        plc.Table.from_arrow(left), plc.Table.from_arrow(right), nulls
    )
    assert got == arrow_equal(left, right, nulls == plc.types.NullEquality.EQUAL)


@pytest.mark.skipif(not GPU, reason="gpu mode needs a GPU")
def test_tables_equal_of_lists_is_refused_in_gpu_mode():
    t = plc.Table.from_arrow(pa.table({"l": [[1], [2]]}))
    with (
        ferrodf.option_context(device="gpu"),
        pytest.raises(NotImplementedError, match="tables_equal"),
    ):
        plc.table_equality.tables_equal(t, t)


def test_tables_equal_on_slices():
    base = pa.table({"a": [9, 1, 2, 3, 9], "s": ["q", "a", None, "c", "q"]})
    left = plc.Table.from_arrow(base.slice(1, 3))
    right = plc.Table.from_arrow(pa.table({"a": [1, 2, 3], "s": ["a", None, "c"]}))
    assert plc.table_equality.tables_equal(left, right)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.integers(-3, 3)), max_size=12),
    st.lists(st.one_of(st.none(), st.integers(-3, 3)), max_size=12),
)
def test_tables_equal_property(xs, ys):
    a, b = pa.table({"v": pa.array(xs, pa.int64())}), pa.table({"v": pa.array(ys, pa.int64())})
    got = plc.table_equality.tables_equal(plc.Table.from_arrow(a), plc.Table.from_arrow(b))
    assert got == arrow_equal(a, b, True)


# --- copying.reverse, contains_multiple ------------------------------------------------


@pytest.mark.parametrize("offset", [0, 2])
def test_reverse(offset):
    t = pa.table({"a": [1, None, 3, 4, 5], "s": ["a", "b", None, "d", "e"]}).slice(offset)
    got = plc.copying.reverse(plc.Table.from_arrow(t))
    assert arrow(got) == [c.to_pylist()[::-1] for c in t.columns]
    col = plc.copying.reverse(plc.Column.from_arrow(t.column("a").combine_chunks()))
    assert col.to_arrow().to_pylist() == t.column("a").to_pylist()[::-1]
    assert plc.copying.reverse(plc.Table.from_arrow(t.slice(0, 0))).num_rows() == 0
    with pytest.raises(TypeError, match="reverse takes a Table or a Column"):
        plc.copying.reverse([1, 2])


def test_contains_multiple():
    words = pa.array(["apple", None, "banana", "", "cherry pie"]).slice(0)
    targets = ["an", "pie", "", "zz"]
    got = plc.strings.find_multiple.contains_multiple(
        plc.Column.from_arrow(words), plc.Column.from_arrow(pa.array(targets))
    )
    expected = [pc.match_substring(words, t).to_pylist() for t in targets]
    assert arrow(got) == expected
    sliced = words.slice(2)
    got = plc.strings.find_multiple.contains_multiple(
        plc.Column.from_arrow(sliced), plc.Column.from_arrow(pa.array(["e"]))
    )
    assert arrow(got) == [pc.match_substring(sliced, "e").to_pylist()]
    with pytest.raises(ValueError, match="must not contain nulls"):
        plc.strings.find_multiple.contains_multiple(
            plc.Column.from_arrow(words), plc.Column.from_arrow(pa.array(["a", None]))
        )
    with pytest.raises(TypeError, match="targets must be a STRING column"):
        plc.strings.find_multiple.contains_multiple(
            plc.Column.from_arrow(words), plc.Column.from_arrow(pa.array([1]))
        )


# --- Column members ------------------------------------------------------------------


def test_to_scalar():
    for arr in (pa.array([7]), pa.array(["x"]), pa.array([None], pa.float64())):
        s = plc.Column.from_arrow(arr).to_scalar()
        assert s.to_py() == arr[0].as_py()
    assert plc.Column.from_arrow(pa.array([5, 6, 7]).slice(1, 1)).to_scalar().to_py() == 6
    with pytest.raises(ValueError, match="exactly one row"):
        plc.Column.from_arrow(pa.array([1, 2])).to_scalar()


LIKES = [
    pa.array([1.5, 2.5]),
    pa.array([1, 2], pa.int8()),
    pa.array(["a", "bc"]),
    pa.array(["a", "bc"], pa.large_string()),
    pa.array([[1], [2, 3]]),
    pa.array([{"x": 1, "y": "a"}]),
    pa.array([None, None], pa.null()),
]


@pytest.mark.parametrize("like", LIKES, ids=lambda a: str(a.type))
@pytest.mark.parametrize("size", [0, 1, 5])
def test_all_null_like(like, size):
    got = plc.Column.all_null_like(plc.Column.from_arrow(like), size)
    assert got.size() == size and got.null_count() == size
    assert got.type() == plc.Column.from_arrow(like).type()
    assert got.to_arrow() == pa.nulls(size, got.to_arrow().type)


def test_all_null_like_bad_size():
    with pytest.raises(ValueError, match="must not be negative"):
        plc.Column.all_null_like(plc.Column.from_arrow(pa.array([1])), -1)


def test_device_buffer_size():
    arr = pa.array(np.arange(100, dtype=np.int64))
    assert plc.Column.from_arrow(arr).device_buffer_size() == 800
    with_nulls = plc.Column.from_arrow(pa.array([1, None, 3], pa.int32()))
    assert with_nulls.device_buffer_size() >= 12 + 1


def test_struct_from_children_and_view():
    a = plc.Column.from_arrow(pa.array([1, 2, 3, 4]))
    b = plc.Column.from_arrow(pa.array(["w", "x", None, "z"]))
    s = plc.Column.struct_from_children([a, b])
    assert s.type().id() == plc.TypeId.STRUCT and s.size() == 4 and s.null_count() == 0
    assert s.to_arrow().field(0).to_pylist() == [1, 2, 3, 4]
    view = plc.copying.slice(s, [1, 3])[0].struct_view()
    assert view.num_children() == 2
    assert view.get_sliced_child(1).to_arrow().to_pylist() == ["x", None]
    with pytest.raises(IndexError, match="child 2 does not exist"):
        view.get_sliced_child(2)
    with pytest.raises(TypeError, match="needs a STRUCT column"):
        a.struct_view()
    with pytest.raises(ValueError, match="every child must have 4 rows"):
        plc.Column.struct_from_children([a, plc.Column.from_arrow(pa.array([1]))])
    assert plc.Column.struct_from_children([]).size() == 0


def test_from_array_interfaces():
    values = np.array([3.5, -1.0, 2.25])
    col = plc.Column.from_array_interface(values)
    assert col.to_arrow().to_pylist() == values.tolist()
    with pytest.raises(TypeError, match="needs an object with __array_interface__"):
        plc.Column.from_array_interface([1, 2])
    with pytest.raises(TypeError, match="needs an object with __cuda_array_interface__"):
        plc.Column.from_cuda_array_interface(values)


def test_from_rmm_buffer_takes_a_device_view():
    src = plc.Column.from_arrow(pa.array([4, 5, 6], pa.int32()))
    col = plc.Column.from_rmm_buffer(src.data(), plc.DataType(plc.TypeId.INT32), 3, [])
    assert col.to_arrow().to_pylist() == [4, 5, 6]
    with pytest.raises(TypeError, match="buff must be a gpumemoryview"):
        plc.Column.from_rmm_buffer(b"abc", plc.DataType(plc.TypeId.INT8), 3, [])


def test_list_column_view_alias():
    assert plc.column.ListColumnView is plc.column.ListsColumnView
