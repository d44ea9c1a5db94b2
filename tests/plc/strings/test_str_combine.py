"""plc.strings.combine.concatenate against pyarrow.compute.binary_join_element_wise."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXTS, check, col, sc, sliced

import ferrodf.plc as plc

CB = plc.strings.combine
A = ["a", None, "", "日本", "x", None, "😀"]
B = ["b", "c", None, "語", "", None, "é"]
C = ["1", "2", "3", None, "5", None, "7"]


def table(*cols):
    return plc.Table([col(c) for c in cols])


def join(cols, sep, **kw):
    return pc.binary_join_element_wise(*[pa.array(c, pa.string()) for c in cols], sep, **kw)


def test_no_narep_gives_null():
    expected = join([A, B, C], "-").to_pylist()
    check(CB.concatenate(table(A, B, C), sc("-")), expected, pa.string())


def test_narep_replaces():
    expected = join([A, B, C], "::", null_handling="replace", null_replacement="?").to_pylist()
    check(CB.concatenate(table(A, B, C), sc("::"), sc("?")), expected, pa.string())


def test_separate_nulls_no_skips():
    # pyarrow 26's null_handling="skip" drops rows whose entries are all null (its output
    # is shorter than its inputs), so the oracle is Python here.
    expected = [",".join(v for v in row if v is not None) for row in zip(A, B, C, strict=True)]
    rows = list(zip(A, B, C, strict=True))
    rows_with_a_value = [i for i, row in enumerate(rows) if any(v is not None for v in row)]
    assert join([A, B, C], ",", null_handling="skip").to_pylist() == [
        expected[i] for i in rows_with_a_value
    ]
    got = CB.concatenate(table(A, B, C), sc(","), sc(""), None, CB.SeparatorOnNulls.NO)
    check(got, expected, pa.string())


def test_null_narep_scalar_is_no_narep():
    expected = join([A, B], "-").to_pylist()
    check(CB.concatenate(table(A, B), sc("-"), sc(None)), expected, pa.string())


def test_column_separator():
    seps = ["+", None, "--", "", "é", "+", None]
    got = CB.concatenate(table(A, B), col(seps), sc("~"), sc("N"))
    expected = []
    for a, b, s in zip(A, B, seps, strict=True):
        s = "~" if s is None else s
        expected.append(s.join(["N" if v is None else v for v in (a, b)]))
    check(got, expected, pa.string())
    # Without replacements, a null separator or entry makes the row null.
    got = CB.concatenate(table(A, B), col(seps))
    expected = [
        None if None in (a, b, s) else s.join([a, b]) for a, b, s in zip(A, B, seps, strict=True)
    ]
    check(got, expected, pa.string())


def test_single_column_sliced_and_empty():
    got = CB.concatenate(plc.Table([sliced(A, 1, 5)]), sc("-"), sc("?"))
    check(got, ["?", "", "日本", "x"], pa.string())
    check(CB.concatenate(table([], []), sc("-")), [], pa.string())


def test_errors():
    with pytest.raises(TypeError, match="STRING"):
        CB.concatenate(plc.Table([plc.Column.from_arrow(pa.array([1]))]), sc("-"))
    with pytest.raises(TypeError, match="Table"):
        CB.concatenate([col(["a"])], sc("-"))
    with pytest.raises(ValueError, match="valid"):
        CB.concatenate(table(["a"]), sc(None))
    with pytest.raises(ValueError, match="col_narep"):
        CB.concatenate(table(["a"]), sc("-"), sc("x"), sc("y"))
    with pytest.raises(ValueError, match="rows"):
        CB.concatenate(table(["a", "b"]), col(["-"]))


@given(st.integers(1, 4).flatmap(lambda k: st.lists(TEXTS, min_size=k, max_size=k)), st.data())
def test_concatenate_property(cols, data):
    n = min(len(c) for c in cols)
    cols = [c[:n] for c in cols]
    sep = data.draw(st.sampled_from(["", "-", "日", "😀"]))
    narep = data.draw(st.one_of(st.none(), st.sampled_from(["", "NA"])))
    if narep is None:
        expected = join(cols, sep).to_pylist()
    else:
        expected = join(cols, sep, null_handling="replace", null_replacement=narep).to_pylist()
    got = CB.concatenate(
        plc.Table([col(c) for c in cols]), sc(sep), None if narep is None else sc(narep)
    )
    assert got.to_arrow().to_pylist() == expected
