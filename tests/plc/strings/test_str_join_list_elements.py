"""plc.strings.combine.join_list_elements against pyarrow.compute.binary_join (no null
replacement) and Python's str.join over libcudf's null rules."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import col, sc, values

import ferrodf.plc as plc

C = plc.strings.combine
YES, NO = C.SeparatorOnNulls.YES, C.SeparatorOnNulls.NO
EMPTY, NULL = C.OutputIfEmptyList.EMPTY_STRING, C.OutputIfEmptyList.NULL_ELEMENT
LISTS = [
    ["aa", "bb", "cc"],
    None,
    ["", "dd"],
    ["ee", None],
    [None, "ff"],
    [None, None],
    [],
    ["日本", "😀", "é"],
    [""],
    ["x", None, None, "y"],
]


def lists(rows=LISTS):
    return plc.Column.from_arrow(pa.array(rows, pa.list_(pa.string())))


def py_join(row, sep, narep, separate, empty_null):
    """libcudf's rules: a null list, a null separator, a null element without narep give
    None; a list without a valid element gives "" (or None); with separate_nulls NO a
    replaced null element gets no separator before it and asks for none after it."""
    if row is None or sep is None or (None in row and narep is None):
        return None
    if all(x is None for x in row):
        return None if empty_null else ""
    out, want = "", False
    for x in row:
        if want and (separate or x is not None):
            out += sep
            want = False
        out += narep if x is None else x
        want = want or separate or x is not None
    return out


@pytest.mark.parametrize("sep", ["", "-", "日本"])
def test_scalar_separator_vs_binary_join(sep):
    got = C.join_list_elements(lists(), sc(sep), sc(None), sc(None), YES, EMPTY)
    assert values(got) == pc.binary_join(pa.array(LISTS, pa.list_(pa.string())), sep).to_pylist()


@pytest.mark.parametrize("separate", [YES, NO])
@pytest.mark.parametrize("policy", [EMPTY, NULL])
@pytest.mark.parametrize("narep", [None, "", "?"])
def test_scalar_separator(separate, policy, narep):
    got = C.join_list_elements(lists(), sc(":"), sc(narep), sc("ignored"), separate, policy)
    want = [py_join(r, ":", narep, separate == YES, policy == NULL) for r in LISTS]
    assert values(got) == want


@pytest.mark.parametrize("separate", [YES, NO])
@pytest.mark.parametrize("policy", [EMPTY, NULL])
@pytest.mark.parametrize(("sep_narep", "narep"), [(None, None), ("+", None), (None, "_"), ("", "")])
def test_column_separator(separate, policy, sep_narep, narep):
    seps = ["::", "%", None, "*", "日", "", "-", None, "~", "|"]
    got = C.join_list_elements(lists(), col(seps), sc(sep_narep), sc(narep), separate, policy)
    want = [
        py_join(r, sep_narep if s is None else s, narep, separate == YES, policy == NULL)
        for r, s in zip(LISTS, seps, strict=True)
    ]
    assert values(got) == want


def test_sliced_and_empty():
    whole = lists()
    part = plc.copying.slice(whole, [3, 9])[0]
    got = C.join_list_elements(part, sc(","), sc("N"), sc(None), YES, EMPTY)
    assert values(got) == [py_join(r, ",", "N", True, False) for r in LISTS[3:9]]
    got = C.join_list_elements(part, col(list("abcdef")), sc(None), sc("N"), NO, NULL)
    assert values(got) == [
        py_join(r, s, "N", False, True) for r, s in zip(LISTS[3:9], "abcdef", strict=True)
    ]
    assert C.join_list_elements(lists([]), sc(","), sc(None), sc(None), YES, EMPTY).size() == 0


def test_errors():
    with pytest.raises(
        ValueError,
        match=r"join_list_elements: separator must be a valid \(non-null\) string scalar",
    ):
        C.join_list_elements(lists(), sc(None), sc(None), sc(None), YES, EMPTY)
    with pytest.raises(ValueError, match="join_list_elements: separator has 1 rows, the lists 10"):
        C.join_list_elements(lists(), col(["a"]), sc(None), sc(None), YES, EMPTY)
    with pytest.raises(
        TypeError, match="join_list_elements: lists_strings_column must be a LIST<STRING> column"
    ):
        C.join_list_elements(col(["a"]), sc(","), sc(None), sc(None), YES, EMPTY)
    ints = plc.Column.from_arrow(pa.array([[1]], pa.list_(pa.int32())))
    with pytest.raises(
        TypeError, match="join_list_elements: lists_strings_column must be a LIST<STRING> column"
    ):
        C.join_list_elements(ints, sc(","), sc(None), sc(None), YES, EMPTY)
