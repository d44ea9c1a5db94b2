"""plc.strings.attributes against pyarrow.compute (utf8_length, binary_length)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from str_helpers import TEXT, TEXTS, check, col, sliced

import ferrodf.plc as plc

A = plc.strings.attributes


@pytest.mark.parametrize("t", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
def test_count_characters(t):
    got = A.count_characters(col(TEXT, t))
    check(got, pc.utf8_length(pa.array(TEXT)).cast(pa.int32()).to_pylist(), pa.int32())


def test_count_bytes():
    got = A.count_bytes(col(TEXT))
    check(got, pc.binary_length(pa.array(TEXT)).to_pylist(), pa.int32())


def test_non_ascii_lengths():
    got = A.count_characters(col(["é", "ß", "😀", "日本", "e\u0301"]))
    assert got.to_arrow().to_pylist() == [1, 1, 1, 2, 2]
    assert A.count_bytes(col(["é", "😀", "日本"])).to_arrow().to_pylist() == [2, 4, 6]


def test_sliced_input():
    got = A.count_characters(sliced(TEXT, 3, 12))
    assert got.to_arrow().to_pylist() == [None if s is None else len(s) for s in TEXT[3:12]]


def test_empty_and_all_null():
    check(A.count_characters(col([])), [], pa.int32())
    check(A.count_bytes(col([None, None])), [None, None], pa.int32())


def test_wrong_type():
    with pytest.raises(TypeError, match="STRING"):
        A.count_characters(plc.Column.from_arrow(pa.array([1, 2])))
    with pytest.raises(TypeError, match="'str' object is not an instance of 'Column'"):
        A.count_bytes("abc")


@given(TEXTS)
def test_lengths_property(texts):
    arr = pa.array(texts, pa.string())
    assert A.count_characters(col(texts)).to_arrow().to_pylist() == pc.utf8_length(arr).to_pylist()
    assert A.count_bytes(col(texts)).to_arrow().to_pylist() == pc.binary_length(arr).to_pylist()
