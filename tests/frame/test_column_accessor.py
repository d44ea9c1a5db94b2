"""ColumnAccessor against pandas' column selection semantics and the seed document's
examples (docs: ../shared/seeds/cudf-internals.md with cudf replaced by ferrodf)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ferrodf.core.column import NumericalColumn, StringColumn
from ferrodf.core.column_accessor import ColumnAccessor


def names(ca):
    return list(ca.names)


def values(ca):
    return {k: v.to_pylist() for k, v in ca.items()}


@pytest.fixture
def flat():
    return ColumnAccessor({"x": [1, 2, 3], "y": ["a", "b", "c"], "z": [4, 5, 6]})


@pytest.fixture
def tree():
    return ColumnAccessor(
        {("a", "b"): [1, 2, 3], ("a", "c"): [2, 3, 4], ("d", "b"): [4, 5, 6]}, multiindex=True
    )


def pandas_frame(ca):
    data = {k: v.to_pylist() for k, v in ca.items()}
    df = pd.DataFrame(data)
    df.columns = ca.to_pandas_index()
    return df


# -- the seed's examples ------------------------------------------------------------------
def test_seed_values_are_coerced_to_column_classes():
    ca = ColumnAccessor({"x": [1, 2, 3], "y": ["a", "b", "c"]})
    assert isinstance(ca["x"], NumericalColumn)
    assert isinstance(ca["y"], StringColumn)
    popped = ca.pop("x")
    assert isinstance(popped, NumericalColumn) and popped.to_pylist() == [1, 2, 3]
    assert re.fullmatch(
        r"ColumnAccessor\(OrderedColumnDict\(\[\('y', "
        r"<ferrodf\.core\.column\.string\.StringColumn object at 0x[0-9a-f]+>\)\]\), "
        r"multiindex=False, level_names=\(None,\)\)",
        repr(ca),
    )


def test_seed_insert_at_location():
    ca = ColumnAccessor({"x": [1, 2, 3], "y": ["a", "b", "c"]})
    ca.insert("z", [3, 4, 5], loc=1)
    assert names(ca) == ["x", "z", "y"]
    assert ca["z"].to_pylist() == [3, 4, 5]


def test_seed_select_by_index(flat):
    assert names(flat.select_by_index(1)) == ["y"]
    assert names(flat.select_by_index([0, 1])) == ["x", "y"]
    assert names(flat.select_by_index(slice(1, 3))) == ["y", "z"]


def test_seed_select_by_label(flat):
    assert names(flat.select_by_label(["y", "z"])) == ["y", "z"]
    assert names(flat.select_by_label(slice("x", "y"))) == ["x", "y"]


def test_seed_hierarchical():
    ca = ColumnAccessor(
        {("a", "b"): [1, 2, 3], ("a", "c"): [2, 3, 4], "b": [4, 5, 6]}, multiindex=True
    )
    a = ca.select_by_label("a")
    assert names(a) == ["b", "c"] and not a.multiindex and a.level_names == (None,)
    ab = ca.select_by_label(("a", "b"))
    assert names(ab) == [("a", "b")] and not ab.multiindex


def test_seed_wildcard_and_pandas_index(tree):
    sel = tree.select_by_label((slice(None), "b"))
    assert names(sel) == [("a", "b"), ("d", "b")]
    assert sel.multiindex and sel.level_names == (None, None)
    expected = pd.MultiIndex.from_tuples([("a", "b"), ("a", "c"), ("d", "b")])
    pd.testing.assert_index_equal(tree.to_pandas_index(), expected)


# -- against pandas -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    ["a", ("a", "b"), ["a", "d"], [("a", "c"), ("d", "b")], (slice(None), "b")],
)
def test_multiindex_selection_matches_pandas(tree, key):
    expected = pandas_frame(tree).loc[:, key]
    got = tree.select_by_label(key)
    if isinstance(expected, pd.Series):
        assert names(got) == [key] and got.columns[0].to_pylist() == expected.tolist()
        return
    assert [tuple(k) if isinstance(k, tuple) else k for k in expected.columns] == names(got)
    for k, v in got.items():
        assert v.to_pylist() == expected[k].tolist()


@pytest.mark.parametrize(
    "key",
    ["x", ["z", "x"], slice("y", None), slice(None, "y"), slice("x", "z"), [True, False, True]],
)
def test_flat_selection_matches_pandas(flat, key):
    expected = pandas_frame(flat).loc[:, key]
    got = flat.select_by_label(key)
    exp_names = [expected.name] if isinstance(expected, pd.Series) else list(expected.columns)
    assert names(got) == exp_names


@pytest.mark.parametrize(
    "key", [0, -1, [2, 0], slice(None, None, -1), slice(-2, None), [True, False, True], slice(5, 9)]
)
def test_select_by_index_matches_iloc(flat, key):
    expected = pandas_frame(flat).iloc[:, key]
    exp_names = [expected.name] if isinstance(expected, pd.Series) else list(expected.columns)
    assert names(flat.select_by_index(key)) == exp_names


def test_droplevel_to_duplicate_labels_raises(tree):
    # pandas allows duplicate column labels; a ColumnAccessor's labels are unique
    with pytest.raises(KeyError, match="appears twice"):
        tree.droplevel(0)


def test_droplevel_swaplevel_rename():
    ca = ColumnAccessor(
        {("a", "b", 1): [1], ("a", "c", 2): [2], ("d", "b", 3): [3]},
        multiindex=True,
        level_names=["u", "v", "w"],
    )
    pdf = pandas_frame(ca)
    s = ca.swaplevel(0, 2)
    assert names(s) == list(pdf.columns.swaplevel(0, 2)) and s.level_names == ("w", "v", "u")
    r = ca.rename_levels({"a": "A"}, level=0)
    assert names(r) == [("A", "b", 1), ("A", "c", 2), ("d", "b", 3)]
    r2 = ca.rename_levels(lambda v: v * 2 if isinstance(v, int) else v)
    assert names(r2)[0] == ("a", "b", 2)
    # droplevel changes the accessor in place and returns None, as cuDF's does
    assert ca.droplevel(0) is None
    assert names(ca) == list(pdf.columns.droplevel(0)) and ca.level_names == ("v", "w")


def test_insert_pads_short_keys_as_pandas(tree):
    pdf = pandas_frame(tree)
    pdf["e"] = [0, 0, 0]
    tree.insert("e", [0, 0, 0])
    assert names(tree) == list(pdf.columns)


def test_errors(flat, tree):
    with pytest.raises(KeyError, match="did you mean 'x'"):
        flat["xx"]
    with pytest.raises(KeyError, match="already exists"):
        flat.insert("x", [1, 2, 3])
    with pytest.raises(ValueError, match="rows"):
        flat.insert("w", [1, 2])
    with pytest.raises(IndexError, match="column position 3 is out of range for 3 columns"):
        flat.select_by_index(3)
    with pytest.raises(IndexError, match="boolean mask of length 2 for 3 columns: give one"):
        flat.select_by_label([True, False])
    with pytest.raises(TypeError, match="step"):
        flat.select_by_label(slice("x", "z", 2))
    with pytest.raises(ValueError, match="duplicate"):
        flat.select_by_index([0, 0])
    with pytest.raises(KeyError, match="'q' not found; the labels are"):
        tree.select_by_label("q")
    ints = ColumnAccessor({1: [1]})
    with pytest.raises(KeyError, match="already exists"):
        ints.insert(1.0, [2])  # 1 and 1.0 are one label, as in a dict
    with pytest.raises(ValueError, match="cannot drop the only"):
        flat.droplevel(0)


def test_copy_is_independent(flat):
    shallow = flat.copy()
    deep = flat.copy(deep=True)
    shallow.pop("x")
    assert "x" in flat and "x" in deep
    assert deep == flat


def test_slices_of_columns_keep_offset():
    ca = ColumnAccessor({"x": np.arange(10)})
    from ferrodf import plc

    sliced = plc.copying.slice(ca["x"].plc_column, [2, 5])[0]
    ca2 = ColumnAccessor({"s": sliced})
    assert ca2["s"].offset == 2 and ca2["s"].to_pylist() == [2, 3, 4]
    assert ca2.nrows == 3


@given(
    st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=4, unique=True), st.data()
)
def test_label_lists_property(labels, data):
    ca = ColumnAccessor({k: [i] for i, k in enumerate(labels)})
    key = data.draw(st.lists(st.sampled_from(labels), unique=True, min_size=1))
    assert names(ca.select_by_label(key)) == list(pandas_frame(ca).loc[:, key].columns)
