"""plc.nvtext.generate_ngrams against plain Python oracles (nvtext_helpers)."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given, settings
from nvtext_helpers import TEXT, TEXTS, char_ngrams, col, murmur3_32, sc, sliced, texts, values

import ferrodf.plc as plc

G = plc.nvtext.generate_ngrams
ROWS = [*TEXT, *texts(2)]


def ngrams_oracle(rows, n, sep):
    toks = [s for s in rows if s]
    return [sep.join(toks[i : i + n]) for i in range(len(toks) - n + 1)]


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("sep", ["_", "", "日😀"])
def test_generate_ngrams(n, sep):
    assert values(G.generate_ngrams(col(ROWS), n, sc(sep))) == ngrams_oracle(ROWS, n, sep)
    got = values(G.generate_ngrams(sliced(ROWS, 6, 70), n, sc(sep)))
    assert got == ngrams_oracle(ROWS[6:70], n, sep)


def test_generate_ngrams_libcudf_example_and_errors():
    assert values(G.generate_ngrams(col(["a", "bb", "ccc"]), 2, sc("_"))) == ["a_bb", "bb_ccc"]
    assert values(G.generate_ngrams(col(["a", "bb", "ccc"]), 3, sc("_"))) == ["a_bb_ccc"]
    assert G.generate_ngrams(col([]), 2, sc("_")).size() == 0
    assert G.generate_ngrams(col([None, ""]), 2, sc("_")).size() == 0
    with pytest.raises(ValueError, match="not enough for 3-grams"):
        G.generate_ngrams(col(["a", None, "b"]), 3, sc("_"))
    with pytest.raises(ValueError, match="ngrams must be at least 2"):
        G.generate_ngrams(col(["a", "b"]), 1, sc("_"))
    with pytest.raises(ValueError, match="separator must be a valid"):
        G.generate_ngrams(col(["a", "b"]), 2, sc(None))
    with pytest.raises(TypeError, match="separator must be a ferrodf\\.plc\\.Scalar"):
        G.generate_ngrams(col(["a", "b"]), 2, "_")
    with pytest.raises(TypeError, match="input must be a STRING column"):
        G.generate_ngrams(col([1, 2], pa.int32()), 2, sc("_"))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_generate_character_ngrams(n):
    got = values(G.generate_character_ngrams(col(ROWS), n))
    assert got == [[] if s is None else char_ngrams(s, n) for s in ROWS]
    got = values(G.generate_character_ngrams(sliced(ROWS, 2, 50), n))
    assert got == [[] if s is None else char_ngrams(s, n) for s in ROWS[2:50]]
    c = G.generate_character_ngrams(col(ROWS), n)
    assert c.null_count() == 0


def murmur(s: str, seed: int) -> int:
    return murmur3_32(s.encode(), seed)


def test_murmur_oracle_reference_vectors():
    assert murmur3_32(b"", 1) == 0x514E28B7
    assert murmur3_32(b"\x21\x43\x65", 0) == 0x7E4A8634
    assert murmur3_32(b"Hello, world!", 1234) == 0xFAF6CDB3


@pytest.mark.parametrize(("n", "seed"), [(2, 0), (5, 0), (3, 42)])
def test_hash_character_ngrams(n, seed):
    rows = ["abcdefg", None, "é日😀ab", "ab", "", "the quick brown fox"]
    got = values(G.hash_character_ngrams(col(rows), n, seed))
    want = [[] if s is None else [murmur(g, seed) for g in char_ngrams(s, n)] for s in rows]
    assert got == want
    c = G.hash_character_ngrams(sliced(rows, 2, 6), n, seed)
    assert c.to_arrow().type == pa.list_(pa.uint32())
    assert values(c) == want[2:6]


def test_character_ngrams_defaults_and_errors():
    assert values(G.generate_character_ngrams(col(["ab", "cde", "fgh"]))) == [
        ["ab"],
        ["cd", "de"],
        ["fg", "gh"],
    ]
    assert len(values(G.hash_character_ngrams(col(["abcdefg"])))[0]) == 3  # ngrams=5
    assert G.generate_character_ngrams(col([])).size() == 0
    assert G.hash_character_ngrams(col([])).size() == 0
    with pytest.raises(ValueError, match="ngrams must be at least 2"):
        G.generate_character_ngrams(col(["abc"]), 1)
    with pytest.raises(ValueError, match="ngrams must be at least 2"):
        G.hash_character_ngrams(col(["abc"]), 0)
    with pytest.raises(ValueError, match="no row has enough characters for 4-grams"):
        G.generate_character_ngrams(col(["abc", None, ""]), 4)
    with pytest.raises(ValueError, match="no row has enough characters"):
        G.hash_character_ngrams(col(["abc"]), 5)
    with pytest.raises(OverflowError, match="out of range integral type conversion"):
        G.hash_character_ngrams(col(["abcdef"]), 5, -1)


@settings(max_examples=60, deadline=None)
@given(TEXTS)
def test_ngrams_property(rows):
    toks = [s for s in rows if s]
    if not toks or len(toks) >= 2:
        assert values(G.generate_ngrams(col(rows), 2, sc("-"))) == ngrams_oracle(rows, 2, "-")
    if any(s is not None and len(s) >= 2 for s in rows):
        got = values(G.generate_character_ngrams(col(rows), 2))
        assert got == [[] if s is None else char_ngrams(s, 2) for s in rows]
