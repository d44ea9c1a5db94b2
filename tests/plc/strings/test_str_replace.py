"""plc.strings.replace.replace against pyarrow.compute.replace_substring."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st
from str_helpers import ALPHABET, TEXT, TEXTS, check, col, sc, sliced

import ferrodf.plc as plc

R = plc.strings.replace


@pytest.mark.parametrize("target", ["o", "ß", "😀", "日本", ",", "ll", "nothing"])
@pytest.mark.parametrize("repl", ["", "XY", "é"])
@pytest.mark.parametrize("maxrepl", [-1, 0, 1, 2])
def test_vs_pyarrow(target, repl, maxrepl):
    kw = {} if maxrepl < 0 else {"max_replacements": maxrepl}
    expected = pc.replace_substring(pa.array(TEXT), target, repl, **kw).to_pylist()
    check(R.replace(col(TEXT), sc(target), sc(repl), maxrepl), expected, pa.string())


def test_non_overlapping_left_to_right():
    check(R.replace(col(["aaaa", "aaa"]), sc("aa"), sc("b")), ["bb", "ba"], pa.string())


def test_sliced_and_empty():
    expected = [None if s is None else s.replace("o", "0") for s in TEXT[4:11]]
    check(R.replace(sliced(TEXT, 4, 11), sc("o"), sc("0")), expected, pa.string())
    check(R.replace(col([]), sc("a"), sc("b")), [], pa.string())


def test_errors():
    with pytest.raises(ValueError, match="empty"):
        R.replace(col(["a"]), sc(""), sc("b"))
    with pytest.raises(ValueError, match="valid"):
        R.replace(col(["a"]), sc("a"), sc(None))
    with pytest.raises(TypeError, match="STRING"):
        R.replace(plc.Column.from_arrow(pa.array([1])), sc("a"), sc("b"))
    with pytest.raises(TypeError, match="Scalar"):
        R.replace(col(["a"]), "a", sc("b"))


@given(TEXTS, st.text(ALPHABET, min_size=1, max_size=2), st.text(ALPHABET, max_size=3))
def test_replace_property(texts, target, repl):
    expected = pc.replace_substring(pa.array(texts, pa.string()), target, repl).to_pylist()
    assert R.replace(col(texts), sc(target), sc(repl)).to_arrow().to_pylist() == expected
