"""plc.concatenate against pyarrow.concat_arrays."""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import NESTED_TYPES, assert_column_eq, make_array, type_id
from movement_helpers import MOVE_TYPES, col, data

import ferrodf.plc as plc

TYPES = MOVE_TYPES + [t for t in NESTED_TYPES if t not in MOVE_TYPES]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("t", TYPES, ids=type_id)
def test_concatenate_columns(t):
    import ferrodf

    parts = [
        make_array(t, 10, seed=1),
        make_array(t, 7, seed=2, nulls=False),
        make_array(t, 0, seed=3),
        make_array(t, 30, seed=4)[5:20],
    ]
    if pa.types.is_dictionary(t) and ferrodf.get_option("device") == "gpu":
        with pytest.raises(NotImplementedError, match=r"GPU|on the device"):
            plc.concatenate.concatenate([col(p) for p in parts])
        return
    got = plc.concatenate.concatenate([col(p) for p in parts])
    if pa.types.is_dictionary(t):
        assert (
            got.to_arrow().to_pylist()
            == pa.concat_arrays([p.dictionary_decode() for p in parts]).to_pylist()
        )
        return
    assert_column_eq(got, pa.concat_arrays(parts))


def test_concatenate_tables():
    a = [data(pa.int64(), 5), data(pa.string(), 5)]
    b = [data(pa.int64(), 3, seed=2), data(pa.string(), 3, seed=2)]
    got = plc.concatenate.concatenate(
        [plc.Table([col(x) for x in a]), plc.Table([col(x) for x in b])]
    )
    assert got.num_rows() == 8
    for k in range(2):
        assert_column_eq(got.columns()[k], pa.concat_arrays([a[k], b[k]]))


def test_concatenate_single_and_errors():
    c = col(data(pa.int32(), 5))
    assert_column_eq(plc.concatenate.concatenate([c]), data(pa.int32(), 5))
    with pytest.raises(ValueError, match="concatenate: the input list may not be empty"):
        plc.concatenate.concatenate([])
    with pytest.raises(TypeError, match="concatenate needs columns of one type, got INT32"):
        plc.concatenate.concatenate([c, col(data(pa.int64(), 2))])
    with pytest.raises(ValueError, match="concatenate needs tables with the same number of"):
        plc.concatenate.concatenate([plc.Table([c]), plc.Table([c, c])])
    with pytest.raises(TypeError, match="concatenate: mix of Column and other objects"):
        plc.concatenate.concatenate([c, plc.Table([c])])
    with pytest.raises(ValueError, match="concatenate takes Columns or Tables, got int"):
        plc.concatenate.concatenate([1, 2])


def test_concatenate_all_null_and_empty_strings():
    parts = [pa.array([None, None], pa.string()), pa.array(["", ""]), pa.array([], pa.string())]
    assert_column_eq(plc.concatenate.concatenate([col(p) for p in parts]), pa.concat_arrays(parts))


def test_concatenate_string_and_large_string():
    # pandas 3 string columns arrive as large_string; mixing them with string must work
    parts = [pa.array(["a", None]), pa.array(["bb", "c"], type=pa.large_string())]
    got = plc.concatenate.concatenate([plc.Column.from_arrow(p) for p in parts])
    assert got.to_pylist() == ["a", None, "bb", "c"]
    filled = plc.replace.replace_nulls(
        plc.Column.from_arrow(parts[1].take([0, 1])), plc.Scalar.from_py("x")
    )
    assert filled.to_pylist() == ["bb", "c"]
    col = plc.Column.from_arrow(pa.array(["q", None], type=pa.large_string()))
    assert plc.replace.replace_nulls(col, plc.Scalar.from_py("x")).to_pylist() == ["q", "x"]


@pytest.mark.parametrize("nulls", [True, False])
def test_concatenate_dictionaries_sharing_their_keys(nulls):
    """Parts of one categorical column (slices, a reversed copy, an empty part) keep their
    keys: the indices are concatenated where the data lives, with no host fallback (a GPU
    path since the fuzzer met `concat([df, df.iloc[::-1]])` with a categorical in gpu mode)."""
    import ferrodf

    whole = make_array(pa.dictionary(pa.int32(), pa.string()), 40, seed=5, nulls=nulls)
    parts = [whole[3:17], whole[::-1], whole[:0], whole[30:]]
    ferrodf.reset_host_fallbacks()
    got = plc.concatenate.concatenate([col(p) for p in parts]).to_arrow()
    want = pa.concat_arrays([p.dictionary_decode() for p in parts])
    assert got.dictionary_decode().to_pylist() == want.to_pylist()
    assert got.dictionary.to_pylist() == whole.dictionary.to_pylist()
    if ferrodf.get_option("device") == "gpu":
        assert sum(ferrodf.host_fallbacks().values()) == 0


@pytest.mark.parametrize(
    "t", [pa.int8(), pa.int16(), pa.float64(), pa.decimal128(20, 2), pa.bool_()], ids=type_id
)
@pytest.mark.parametrize("pieces", [9, 40])
def test_concatenate_many_pieces(t, pieces):
    # More pieces than BATCH_FROM go through one batched copy on the device: odd lengths,
    # offsets that break 16-byte alignment, empty pieces and nulls in some of them.
    parts = []
    for k in range(pieces):
        n = (k * 7) % 23
        a = make_array(t, n + 3, seed=k, nulls=k % 3 == 0)
        parts.append(a[k % 3 : k % 3 + n])
    got = plc.concatenate.concatenate([col(p) for p in parts])
    assert_column_eq(got, pa.concat_arrays(parts))
