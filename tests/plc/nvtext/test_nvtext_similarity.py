"""plc.nvtext.edit_distance and plc.nvtext.jaccard against plain Python oracles (a
Python Levenshtein, set-based Jaccard over character n-grams as libcudf defines it)."""

from __future__ import annotations

import math

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import ALPHABET, TEXT, col, jaccard, levenshtein, sliced, texts, values

import ferrodf.plc as plc

ED = plc.nvtext.edit_distance
J = plc.nvtext.jaccard
ROWS = [*TEXT, *texts(3, n=120)]
OTHER = [*reversed(TEXT), *texts(4, n=120)]


def lev(a, b):
    return levenshtein(a or "", b or "")


def test_edit_distance():
    got = values(ED.edit_distance(col(ROWS), col(OTHER)))
    assert got == [lev(a, b) for a, b in zip(ROWS, OTHER, strict=True)]
    got = values(ED.edit_distance(sliced(ROWS, 7, 90), sliced(OTHER, 3, 86)))
    assert got == [lev(a, b) for a, b in zip(ROWS[7:90], OTHER[3:86], strict=True)]
    # one target for every row
    got = values(ED.edit_distance(col(ROWS), col(["hello wörld"])))
    assert got == [lev(a, "hello wörld") for a in ROWS]
    got = values(ED.edit_distance(sliced(ROWS, 5, 60), sliced(OTHER, 9, 10)))
    assert got == [lev(a, OTHER[9]) for a in ROWS[5:60]]


def test_edit_distance_libcudf_example_and_types():
    c = ED.edit_distance(col(["hello", "", "world"]), col(["hallo", "goodbye", "world"]))
    assert values(c) == [1, 7, 0]
    assert c.type().id() == plc.TypeId.INT32
    assert ED.edit_distance(col([None, "ab"]), col(["abc", None])).null_count() == 0
    assert values(ED.edit_distance(col([None, "ab"]), col(["abc", None]))) == [3, 2]
    assert ED.edit_distance(col([]), col([])).size() == 0


def test_edit_distance_errors():
    with pytest.raises(ValueError, match="targets has 2 rows"):
        ED.edit_distance(col(["a", "b", "c"]), col(["a", "b"]))
    with pytest.raises(ValueError, match="single target must not be null"):
        ED.edit_distance(col(["a", "b"]), col([None]))
    with pytest.raises(TypeError, match="targets must be a STRING column"):
        ED.edit_distance(col(["a"]), col([1], pa.int32()))
    with pytest.raises(TypeError, match="'str' object is not an instance of 'Column'"):
        ED.edit_distance(col(["a"]), "a")


def test_edit_distance_matrix():
    rows = ROWS[:40]
    got = values(ED.edit_distance_matrix(col(rows)))
    assert got == [[lev(a, b) for b in rows] for a in rows]
    got = values(ED.edit_distance_matrix(sliced(rows, 3, 20)))
    assert got == [[lev(a, b) for b in rows[3:20]] for a in rows[3:20]]
    assert ED.edit_distance_matrix(col([])).size() == 0
    with pytest.raises(ValueError, match="more than one row"):
        ED.edit_distance_matrix(col(["a"]))
    with pytest.raises(TypeError, match="input must be a STRING column"):
        ED.edit_distance_matrix(col([1, 2], pa.int16()))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.text(ALPHABET, max_size=12), st.text(ALPHABET, max_size=12))))
def test_edit_distance_property(pairs):
    a, b = [p[0] for p in pairs], [p[1] for p in pairs]
    assert values(ED.edit_distance(col(a), col(b))) == [levenshtein(x, y) for x, y in pairs]


# ---- jaccard ------------------------------------------------------------------------


def close(got, want):
    return all(
        (g is None and w is None) or (g is not None and math.isclose(g, w, rel_tol=1e-6))
        for g, w in zip(got, want, strict=True)
    )


@pytest.mark.parametrize("width", [2, 3, 5, 10])
def test_jaccard_index(width):
    got = values(J.jaccard_index(col(ROWS), col(OTHER), width))
    want = [
        None if a is None or b is None else jaccard(a, b, width)
        for a, b in zip(ROWS, OTHER, strict=True)
    ]
    assert close(got, want)
    got = values(J.jaccard_index(sliced(ROWS, 4, 80), sliced(OTHER, 10, 86), width))
    want = [
        None if a is None or b is None else jaccard(a, b, width)
        for a, b in zip(ROWS[4:80], OTHER[10:86], strict=True)
    ]
    assert close(got, want)


def test_jaccard_libcudf_examples_and_errors():
    a = col(["the fuzzy dog", "little piggy", "funny bunny", "chatty parrot"])
    b = col(["the fuzzy cat", "bitty piggy", "funny bunny", "silent partner"])
    c = J.jaccard_index(a, b, 5)
    assert c.type().id() == plc.TypeId.FLOAT32
    assert close(values(c), [0.5, 0.15384616, 1.0, 0.0])
    got = values(
        J.jaccard_index(
            col(["the brown dog", "jumped about"]), col(["the black cat", "jumped around"]), 5
        )
    )
    assert close(got, [0.058824, 0.307692]) or close(got, [1 / 17, 4 / 13])
    assert values(J.jaccard_index(col(["", "ab", None]), col(["", "abc", "x"]), 5)) == [
        0.0,
        0.0,
        None,
    ]
    assert J.jaccard_index(col([]), col([]), 2).size() == 0
    with pytest.raises(ValueError, match="width must be at least 2"):
        J.jaccard_index(col(["a"]), col(["a"]), 1)
    with pytest.raises(ValueError, match="input1 has 2 rows, input2 1"):
        J.jaccard_index(col(["a", "b"]), col(["a"]), 2)
    with pytest.raises(TypeError, match="input2 must be a STRING column"):
        J.jaccard_index(col(["a"]), col([1], pa.int32()), 2)
