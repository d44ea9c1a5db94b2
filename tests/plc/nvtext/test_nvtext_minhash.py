"""plc.nvtext.minhash against a plain-Python oracle of libcudf's permuted minhash (with
plain-Python MurmurHash3_x86_32 / x64_128, checked on reference vectors)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import (
    ALPHABET,
    TEXT,
    col,
    minhash,
    murmur3_32,
    murmur3_x64_128_h1,
    sliced,
    texts,
    values,
)

import ferrodf.plc as plc

MH = plc.nvtext.minhash
ROWS = [*TEXT, *texts(9, n=80)]


def params(k, wide, seed=0):
    rng = np.random.default_rng(seed)
    hi = 2**64 - 1 if wide else 2**32 - 1
    t = pa.uint64() if wide else pa.uint32()
    a = [int(x) for x in rng.integers(1, hi, k, dtype=np.uint64)]
    b = [int(x) for x in rng.integers(0, hi, k, dtype=np.uint64)]
    return a, b, col(a, t), col(b, t)


def test_murmur128_oracle_reference_vectors():
    assert murmur3_x64_128_h1(b"", 0) == 0
    assert murmur3_x64_128_h1(b"hello", 0) == 0xCBD8A7B341BD9B02


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize(("k", "width", "seed"), [(1, 2, 0), (4, 3, 7), (7, 5, 2**31 + 5)])
def test_minhash(wide, k, width, seed):
    f = MH.minhash64 if wide else MH.minhash
    a, b, ca, cb = params(k, wide, seed=k)
    got = values(f(col(ROWS), seed, ca, cb, width))
    assert got == [minhash(s, seed, a, b, width, wide) for s in ROWS]
    got = values(f(sliced(ROWS, 6, 60), seed, ca, cb, width))
    assert got == [minhash(s, seed, a, b, width, wide) for s in ROWS[6:60]]
    # sliced parameters (offset != 0)
    if k > 1:
        t = pa.uint64() if wide else pa.uint32()
        got = values(f(col(ROWS[:20]), seed, sliced(a, 1, k, t), sliced(b, 1, k, t), width))
        assert got == [minhash(s, seed, a[1:], b[1:], width, wide) for s in ROWS[:20]]


def test_minhash_types_nulls_and_long_rows():
    a, b, ca, cb = params(3, False)
    c = MH.minhash(col([None, "", "x" * 100 + "日本"]), 0, ca, cb, 4)
    arr = c.to_arrow()
    assert arr.type == pa.list_(pa.uint32())
    assert arr.null_count == 1
    assert values(c)[1] == [0, 0, 0]
    assert values(c)[2] == minhash("x" * 100 + "日本", 0, a, b, 4)
    a, b, ca, cb = params(2, True)
    assert MH.minhash64(col(["ab"]), 1, ca, cb, 2).to_arrow().type == pa.list_(pa.uint64())
    assert MH.minhash(col([]), 0, *params(2, False)[2:], 2).size() == 0


def test_minhash_errors():
    _, _, ca, cb = params(2, False)
    _, _, wa, _ = params(2, True)
    with pytest.raises(ValueError, match="width must be at least 2"):
        MH.minhash(col(["abc"]), 0, ca, cb, 1)
    with pytest.raises(TypeError, match="a must be a UINT32 column"):
        MH.minhash(col(["abc"]), 0, wa, cb, 2)
    with pytest.raises(TypeError, match="b must be a UINT64 column"):
        MH.minhash64(col(["abc"]), 0, wa, cb, 2)
    with pytest.raises(ValueError, match="must not be empty"):
        MH.minhash(col(["abc"]), 0, col([], pa.uint32()), col([], pa.uint32()), 2)
    with pytest.raises(ValueError, match="a has 2 values, b 1"):
        MH.minhash(col(["abc"]), 0, ca, col([1], pa.uint32()), 2)
    with pytest.raises(ValueError, match="a must not contain nulls"):
        MH.minhash(col(["abc"]), 0, col([1, None], pa.uint32()), cb, 2)
    with pytest.raises(TypeError, match="input must be a STRING column"):
        MH.minhash(col([1], pa.int32()), 0, ca, cb, 2)
    with pytest.raises(OverflowError, match="out of range integral type conversion"):
        MH.minhash(col(["abc"]), -1, ca, cb, 2)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), st.text(ALPHABET, max_size=10)), max_size=10))
def test_minhash_property(rows):
    a, b, ca, cb = params(3, False, seed=1)
    assert values(MH.minhash(col(rows), 3, ca, cb, 3)) == [minhash(s, 3, a, b, 3) for s in rows]


def minhash_ngrams_oracle(row, ngrams, seed, a, b, wide):
    """libcudf's minhash of a LIST<STRING> row: windows of `ngrams` consecutive strings,
    hashed as their bytes one after the other (null strings have no bytes), the whole row
    when it is shorter; an empty list gives zeros."""
    if row is None:
        return None
    if not row:
        return [0] * len(a)
    width = min(ngrams, len(row))
    grams = ["".join(x or "" for x in row[j : j + width]) for j in range(len(row) - width + 1)]
    out = []
    for ka, kb in zip(a, b, strict=True):
        best = None
        for g in grams:
            if wide:
                hv = max(murmur3_x64_128_h1(g.encode(), seed), 1)
                pv = ((hv * ka + kb) & ((1 << 64) - 1)) % ((1 << 61) - 1)
            else:
                hv = max(murmur3_32(g.encode(), seed), 1)
                pv = (hv * ka + kb) & 0xFFFFFFFF
            best = pv if best is None else min(best, pv)
        out.append(best)
    return out


LIST_ROWS = [
    ["the", "quick", "brown", "fox"],
    ["日本", "語", "😀"],
    ["one"],
    [],
    None,
    ["", "", ""],
    ["a", None, "b", "c"],
    [w for w in TEXT if w is not None],
    *[[w for w in ROWS[k : k + 7] if w is not None] for k in range(0, 70, 7)],
]


def lcol(rows):
    return plc.Column.from_arrow(pa.array(rows, pa.list_(pa.string())))


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize(("k", "ngrams", "seed"), [(1, 2, 0), (4, 3, 7), (5, 5, 2**31 + 5)])
def test_minhash_ngrams(wide, k, ngrams, seed):
    f = MH.minhash64_ngrams if wide else MH.minhash_ngrams
    a, b, ca, cb = params(k, wide, seed=k)
    got = f(lcol(LIST_ROWS), ngrams, seed, ca, cb)
    assert got.to_arrow().type == pa.list_(pa.uint64() if wide else pa.uint32())
    want = [minhash_ngrams_oracle(r, ngrams, seed, a, b, wide) for r in LIST_ROWS]
    assert values(got) == want
    part = plc.copying.slice(lcol(LIST_ROWS), [2, 9])[0]
    assert values(f(part, ngrams, seed, ca, cb)) == want[2:9]
    assert f(lcol([]), ngrams, seed, ca, cb).size() == 0


def test_minhash_ngrams_errors():
    _, _, ca, cb = params(2, False)
    _, _, wa, wb = params(2, True)
    with pytest.raises(ValueError, match="ngrams must be at least 2"):
        MH.minhash_ngrams(lcol([["a"]]), 1, 0, ca, cb)
    with pytest.raises(TypeError, match="LIST<STRING>"):
        MH.minhash_ngrams(col(["abc"]), 2, 0, ca, cb)
    with pytest.raises(TypeError, match="LIST<STRING>"):
        ints = plc.Column.from_arrow(pa.array([[1]], pa.list_(pa.int32())))
        MH.minhash64_ngrams(ints, 2, 0, wa, wb)
    with pytest.raises(TypeError, match="a must be a UINT64 column"):
        MH.minhash64_ngrams(lcol([["a"]]), 2, 0, ca, cb)
    with pytest.raises(ValueError, match="a has 2 values, b 1"):
        MH.minhash_ngrams(lcol([["a"]]), 2, 0, ca, col([1], pa.uint32()))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.lists(st.one_of(st.none(), st.text(ALPHABET, max_size=5)))),
        max_size=8,
    ),
    st.integers(2, 4),
)
def test_minhash_ngrams_property(rows, ngrams):
    a, b, ca, cb = params(3, True, seed=2)
    got = values(MH.minhash64_ngrams(lcol(rows), ngrams, 5, ca, cb))
    assert got == [minhash_ngrams_oracle(r, ngrams, 5, a, b, True) for r in rows]
