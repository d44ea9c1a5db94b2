"""plc.strings.split.split (split, rsplit, split_record, rsplit_record) against
pyarrow.compute.split_pattern and, for the whitespace split, Python's str.split() and
str.rsplit() (lists padded with nulls into columns, as libcudf's tables)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import TEXT, TEXTS, col, sc, sliced, values

import ferrodf.plc as plc

SP = plc.strings.split.split
DATA = [*TEXT, "a b  c ", "  lead", "日 本\u3000語", "a,b,c,d,e"]


def oracle_lists(data, delim, maxsplit, rev=False):
    arr = pa.array(data, pa.string())
    ms = None if maxsplit <= 0 else maxsplit
    if delim == "":
        # Python's str.split() (and libcudf's): runs of whitespace, no empty tokens.
        # pyarrow's utf8_split_whitespace keeps empty tokens at the ends.
        f = str.rsplit if rev else str.split
        return [None if s is None else f(s, None, -1 if ms is None else ms) for s in data]
    return pc.split_pattern(arr, delim, max_splits=ms, reverse=rev).to_pylist()


def as_columns(lists):
    ncols = max([len(x) for x in lists if x is not None] + [1])
    return [[x[j] if x is not None and j < len(x) else None for x in lists] for j in range(ncols)]


@pytest.mark.parametrize("rev", [False, True], ids=["split", "rsplit"])
@pytest.mark.parametrize("delim", [",", "", " ", "日", "ab", ",,"])
@pytest.mark.parametrize("maxsplit", [-1, 0, 1, 2])
def test_split_table(delim, maxsplit, rev):
    lists = oracle_lists(DATA, delim, maxsplit, rev)
    f = SP.rsplit if rev else SP.split
    got = f(col(DATA), sc(delim), maxsplit)
    assert isinstance(got, plc.Table)
    assert [values(c) for c in got.columns()] == as_columns(lists)


@pytest.mark.parametrize("rev", [False, True], ids=["split", "rsplit"])
@pytest.mark.parametrize("delim", [",", "", "日"])
@pytest.mark.parametrize("maxsplit", [-1, 1])
def test_split_record(delim, maxsplit, rev):
    f = SP.rsplit_record if rev else SP.split_record
    got = f(col(DATA), sc(delim), maxsplit)
    assert got.type().id() == plc.TypeId.LIST
    assert values(got) == oracle_lists(DATA, delim, maxsplit, rev)


def test_rsplit_overlapping_delimiter():
    # The last occurrences win: "aaa".rsplit("aa") is ["a", ""], "aaa".split("aa") ["", "a"].
    assert values(SP.rsplit_record(col(["aaa"]), sc("aa"), -1)) == [["a", ""]]
    assert values(SP.split_record(col(["aaa"]), sc("aa"), -1)) == [["", "a"]]
    got = SP.rsplit(col(["  a b  c ", "x"]), sc(""), 1)
    assert [values(c) for c in got.columns()] == [["  a b", "x"], ["c", None]]


def test_sliced_empty_and_all_null():
    got = SP.split(sliced(DATA, 9, 14), sc(","), -1)
    assert [values(c) for c in got.columns()] == as_columns(oracle_lists(DATA[9:14], ",", -1))
    got = SP.split(col([]), sc(","), -1)
    assert got.num_columns() == 1
    assert values(got.columns()[0]) == []
    got = SP.split(col([None, None]), sc(","), -1)
    assert [values(c) for c in got.columns()] == [[None, None]]
    assert values(SP.split_record(col([]), sc(","), -1)) == []


def test_errors():
    with pytest.raises(TypeError, match="STRING"):
        SP.split(plc.Column.from_arrow(pa.array([1])), sc(","), -1)
    with pytest.raises(ValueError, match="valid"):
        SP.split(col(["a"]), sc(None), -1)
    with pytest.raises(TypeError, match="Scalar"):
        SP.split_record(col(["a"]), ",", -1)


@given(TEXTS, st.sampled_from([",", "", " ", "ß", ",,"]), st.integers(-1, 3), st.booleans())
def test_split_property(texts, delim, maxsplit, rev):
    lists = oracle_lists(texts, delim, maxsplit, rev)
    f, fr = (SP.rsplit, SP.rsplit_record) if rev else (SP.split, SP.split_record)
    got = f(col(texts), sc(delim), maxsplit)
    assert [c.to_arrow().to_pylist() for c in got.columns()] == as_columns(lists)
    assert fr(col(texts), sc(delim), maxsplit).to_arrow().to_pylist() == lists
