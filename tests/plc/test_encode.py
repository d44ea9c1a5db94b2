"""plc.transform.encode and one_hot_encode. Oracles: pandas.factorize(sort=True) (nulls
last, as one key) and NumPy / Python equality per category (pandas.get_dummies)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import assert_column_eq, assert_table_eq, make_array, type_id
from hypothesis import given, settings
from hypothesis import strategies as st

import ferrodf.plc as plc


def factorized(values: list) -> tuple[list, list]:
    """Sorted distinct values (null last) and each value's index, from pandas.factorize."""
    codes, uniques = pd.factorize(pd.Series(values, dtype=object), sort=True, use_na_sentinel=True)
    keys = list(uniques)
    has_null = any(v is None for v in values)
    null_code = len(keys)
    codes = [null_code if c == -1 else int(c) for c in codes]
    return keys + ([None] if has_null else []), codes


@pytest.mark.parametrize(
    "t", [pa.int32(), pa.int64(), pa.uint8(), pa.float64(), pa.string()], ids=type_id
)
@pytest.mark.parametrize("offset", [0, 4])
def test_encode_one_column(t, offset):
    arr = make_array(t, 60, seed=3).slice(offset)
    arr = pa.concat_arrays([arr, arr.slice(0, 10)])  # repeats
    keys, indices = plc.transform.encode(plc.Table([plc.Column.from_arrow(arr)]))
    want_keys, want_codes = factorized(arr.to_pylist())
    assert_table_eq(keys, pa.table({"k": pa.array(want_keys, arr.type)}))
    assert_column_eq(indices, pa.array(want_codes, pa.int32()))


def test_encode_two_columns_and_empty():
    a = pa.array([2, 1, 2, None, 1, 2], pa.int32())
    b = pa.array(["x", "y", "x", "z", "y", "w"])
    keys, indices = plc.transform.encode(
        plc.Table([plc.Column.from_arrow(a), plc.Column.from_arrow(b)])
    )
    rows = list(zip(a.to_pylist(), b.to_pylist(), strict=True))
    # sorted distinct rows, nulls last: (1, y), (2, w), (2, x), (None, z)
    distinct = sorted(set(rows), key=lambda r: (r[0] is None, r[0] or 0, r[1]))
    assert_table_eq(
        keys,
        pa.table(
            {"a": pa.array([r[0] for r in distinct], pa.int32()), "b": [r[1] for r in distinct]}
        ),
    )
    assert indices.to_arrow().to_pylist() == [distinct.index(r) for r in rows]
    keys, indices = plc.transform.encode(
        plc.Table([plc.Column.from_arrow(pa.array([], pa.int8()))])
    )
    assert keys.num_rows() == 0
    assert indices.size() == 0
    with pytest.raises(ValueError, match="at least one column"):
        plc.transform.encode(plc.Table([]))


def one_hot(values: list, categories: list) -> dict:
    return {
        str(k): pa.array([v == c for v in values], pa.bool_()) for k, c in enumerate(categories)
    }


@pytest.mark.parametrize(
    "t", [pa.int16(), pa.float32(), pa.string(), pa.timestamp("us")], ids=type_id
)
def test_one_hot_encode(t):
    arr = make_array(t, 40, seed=5).slice(3)
    cats = pa.concat_arrays([arr.slice(0, 3).drop_null(), pa.array([None], arr.type)])
    got = plc.transform.one_hot_encode(plc.Column.from_arrow(arr), plc.Column.from_arrow(cats))
    assert_table_eq(got, pa.table(one_hot(arr.to_pylist(), cats.to_pylist())))
    for c in got.columns():
        assert c.null_count() == 0


def test_one_hot_encode_matches_get_dummies():
    values = np.random.default_rng(1).integers(0, 5, 30)
    cats = [0, 1, 2, 3, 4]
    got = plc.transform.one_hot_encode(
        plc.Column.from_arrow(pa.array(values)), plc.Column.from_arrow(pa.array(cats))
    )
    dummies = pd.get_dummies(pd.Categorical(values, categories=cats))
    for k, c in enumerate(got.columns()):
        assert c.to_arrow().to_pylist() == dummies[cats[k]].tolist()


def test_one_hot_encode_empty_and_errors():
    got = plc.transform.one_hot_encode(
        plc.Column.from_arrow(pa.array([1, 2])), plc.Column.from_arrow(pa.array([], pa.int64()))
    )
    assert got.num_columns() == 0
    got = plc.transform.one_hot_encode(
        plc.Column.from_arrow(pa.array([], pa.int64())), plc.Column.from_arrow(pa.array([1, 2]))
    )
    assert [c.size() for c in got.columns()] == [0, 0]
    with pytest.raises(TypeError, match="must have the same type"):
        plc.transform.one_hot_encode(
            plc.Column.from_arrow(pa.array([1], pa.int32())),
            plc.Column.from_arrow(pa.array([1], pa.int64())),
        )


@settings(max_examples=50, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-5, 5)), max_size=30))
def test_encode_property(values):
    col = plc.Column.from_arrow(pa.array(values, pa.int64()))
    keys, indices = plc.transform.encode(plc.Table([col]))
    k = keys.columns()[0].to_arrow().to_pylist()
    # keys sorted, distinct, nulls last; gathering the keys by the indices gives the input
    assert k == sorted({v for v in values if v is not None}) + ([None] if None in values else [])
    assert [k[i] for i in indices.to_arrow().to_pylist()] == values
    onehot = plc.transform.one_hot_encode(col, keys.columns()[0])
    rows = np.array([c.to_arrow().to_pylist() for c in onehot.columns()]).reshape(
        len(k), len(values)
    )
    assert (rows.sum(axis=0) == 1).all()
