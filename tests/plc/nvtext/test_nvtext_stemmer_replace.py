"""plc.nvtext.stemmer (Porter measure and letter test computed in Python) and
plc.nvtext.replace (token replacement and filtering) against plain Python oracles."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from nvtext_helpers import (
    TEXT,
    col,
    consonant,
    edit_tokens,
    porter_measure,
    sc,
    sliced,
    texts,
    values,
)

import ferrodf.plc as plc

ST = plc.nvtext.stemmer
RP = plc.nvtext.replace
WORDS = [
    "tr", "ee", "tree", "y", "by", "trouble", "oats", "trees", "ivy", "troubles",
    "private", "oaten", "orrery", "syzygy", "toy", "yellow", "", None, "ÉCOLE", "naïve",
    "日本", "crYpt", "sky", "played",
]  # fmt: skip
LETTERS = "aeiouybcdsyz日é"
RANDOM = texts(5, n=150, pool=list(LETTERS), longest=12)
ROWS = [*WORDS, *RANDOM]


def test_porter_stemmer_measure():
    got = values(ST.porter_stemmer_measure(col(ROWS)))
    assert got == [None if s is None else porter_measure(s) for s in ROWS]
    got = values(ST.porter_stemmer_measure(sliced(ROWS, 3, 100)))
    assert got == [None if s is None else porter_measure(s) for s in ROWS[3:100]]
    # Porter's own examples
    m = values(ST.porter_stemmer_measure(col(WORDS[:14])))
    assert m == [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    c = ST.porter_stemmer_measure(col([]))
    assert c.size() == 0
    assert c.type().id() == plc.TypeId.INT32
    with pytest.raises(TypeError, match="porter_stemmer_measure: input must be a STRING"):
        ST.porter_stemmer_measure(col([1], pa.int32()))


def letter(s, vowel, k):
    if s is None:
        return None
    n = len(s)
    if n == 0 or k >= n or k < -n:
        return False
    return consonant(s, (k + n) % n) != vowel


@pytest.mark.parametrize("vowel", [True, False])
@pytest.mark.parametrize("k", [0, 1, 2, -1, -2, 7, -30])
def test_is_letter_scalar_index(vowel, k):
    got = values(ST.is_letter(col(ROWS), vowel, k))
    assert got == [letter(s, vowel, k) for s in ROWS]
    got = values(ST.is_letter(sliced(ROWS, 5, 90), vowel, k))
    assert got == [letter(s, vowel, k) for s in ROWS[5:90]]


@pytest.mark.parametrize("t", [pa.int8(), pa.int32(), pa.int64(), pa.uint16()])
def test_is_letter_index_column(t):
    rng = np.random.default_rng(6)
    lo = 0 if pa.types.is_unsigned_integer(t) else -6
    idx = [int(x) for x in rng.integers(lo, 6, len(ROWS))]
    for vowel in (True, False):
        got = values(ST.is_letter(col(ROWS), vowel, col(idx, t)))
        assert got == [letter(s, vowel, k) for s, k in zip(ROWS, idx, strict=True)]
        got = values(ST.is_letter(sliced(ROWS, 2, 60), vowel, sliced(idx, 2, 60, t)))
        assert got == [letter(s, vowel, k) for s, k in zip(ROWS[2:60], idx[2:60], strict=True)]


def test_is_letter_errors_and_enum():
    assert ST.LetterType.CONSONANT == 0
    assert ST.LetterType.VOWEL == 1
    c = ST.is_letter(col([]), True, 0)
    assert c.size() == 0
    assert c.type().id() == plc.TypeId.BOOL8
    with pytest.raises(ValueError, match="indices has 1 rows"):
        ST.is_letter(col(["a", "b"]), True, col([0], pa.int32()))
    with pytest.raises(ValueError, match="indices must not contain nulls"):
        ST.is_letter(col(["a", "b"]), True, col([0, None], pa.int32()))
    with pytest.raises(TypeError, match="indices must be an integer column"):
        ST.is_letter(col(["a"]), True, col([0.5], pa.float64()))
    with pytest.raises(TypeError, match="indices must be an int or"):
        ST.is_letter(col(["a"]), True, "0")
    with pytest.raises(TypeError, match="input must be a STRING column"):
        ST.is_letter(col([1], pa.int32()), True, 0)


# ---- replace ------------------------------------------------------------------------

TEXTS = [*TEXT, *texts(7, n=120, pool=[*"ab cd  ef,", "日", "é", "\t"])]


@pytest.mark.parametrize("delim", [None, " ", ",é"])
def test_replace_tokens(delim):
    targets = ["ab", "cd", "the", "日", "é", "ab"]
    reps = ["X", "", "THE", "本本", "e", "ignored"]
    d = None if delim is None else sc(delim)
    table = {}
    for t, r in zip(targets, reps, strict=True):
        table.setdefault(t, r)
    got = values(RP.replace_tokens(col(TEXTS), col(targets), col(reps), d))
    assert got == [edit_tokens(s, delim or "", table.get) for s in TEXTS]
    got = values(RP.replace_tokens(sliced(TEXTS, 3, 70), col(targets), col(reps), d))
    assert got == [edit_tokens(s, delim or "", table.get) for s in TEXTS[3:70]]
    # one replacement for every target
    got = values(RP.replace_tokens(col(TEXTS), col(targets), col(["_"]), d))
    assert got == [
        edit_tokens(s, delim or "", lambda t: "_" if t in targets else None) for s in TEXTS
    ]


def test_replace_tokens_example_and_errors():
    got = values(RP.replace_tokens(col(["this is me", "theme", "this\tis"]), col(["is", "me"]),
                                   col(["X", "Y"])))  # fmt: skip
    assert got == ["this X Y", "theme", "this\tX"]
    assert RP.replace_tokens(col([]), col(["a"]), col(["b"])).size() == 0
    with pytest.raises(ValueError, match="replacements has 2 rows"):
        RP.replace_tokens(col(["a"]), col(["a", "b", "c"]), col(["x", "y"]))
    with pytest.raises(ValueError, match="targets must not contain nulls"):
        RP.replace_tokens(col(["a"]), col(["a", None]), col(["x"]))
    with pytest.raises(ValueError, match="replacements must not contain nulls"):
        RP.replace_tokens(col(["a"]), col(["a"]), col([None], pa.string()))
    with pytest.raises(ValueError, match="delimiter must be a valid"):
        RP.replace_tokens(col(["a"]), col(["a"]), col(["x"]), sc(None))
    with pytest.raises(TypeError, match="targets must be a STRING column"):
        RP.replace_tokens(col(["a"]), col([1], pa.int32()), col(["x"]))


@pytest.mark.parametrize("min_len", [0, 1, 2, 3, 5])
@pytest.mark.parametrize(("rep", "delim"), [(None, None), ("_", None), ("日本", ",é")])
def test_filter_tokens(min_len, rep, delim):
    r = None if rep is None else sc(rep)
    d = None if delim is None else sc(delim)

    def f(t):
        return (rep or "") if len(t) < min_len else None

    got = values(RP.filter_tokens(col(TEXTS), min_len, r, d))
    assert got == [edit_tokens(s, delim or "", f) for s in TEXTS]
    got = values(RP.filter_tokens(sliced(TEXTS, 9, 99), min_len, r, d))
    assert got == [edit_tokens(s, delim or "", f) for s in TEXTS[9:99]]


def test_filter_tokens_errors():
    assert values(RP.filter_tokens(col(["one two three"]), 4)) == ["  three"]
    assert RP.filter_tokens(col([]), 2).size() == 0
    with pytest.raises(ValueError, match="replacement must be a valid"):
        RP.filter_tokens(col(["a"]), 2, sc(None))
    with pytest.raises(TypeError, match="replacement must be a STRING scalar"):
        RP.filter_tokens(col(["a"]), 2, sc(1, pa.int32()))
    with pytest.raises(TypeError, match="input must be a STRING column"):
        RP.filter_tokens(col([1], pa.int32()), 2)
