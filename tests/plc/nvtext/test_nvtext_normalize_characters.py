"""plc.nvtext.normalize.normalize_characters / CharacterNormalizer against a plain Python
reference loop (unicode_helpers.ref_normalize) written from libcudf's documented rules
with ``unicodedata``, plus libcudf's own documented examples."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import TEXT, col, sliced, texts, values
from unicode_helpers import ref_normalize

import ferrodf.plc as plc

NM = plc.nvtext.normalize
TOKENS = ["[CLS]", "[SEP]", "[MASK]", "[UNK]", "[PAD]", "[BOS]", "[EOS]"]

ROWS = [
    *TEXT,
    "éâîô\teaio",
    "ĂĆĖÑÜ",
    "ACENU",
    "$24.08",
    "[a,bb]",
    "Hello, World! (test) «quote» — dash…",
    "日本語の文章、句読点。",
    "control\x00\x07\x1b\x7f chars\u200b\u200d\u2060\ufeff",
    "space\u00a0\u2003\u3000kinds\r\n\x0b\x0c",
    "İstanbul ΣΑΣ ǅ ß ẞ ﬁ",
    "e\u0301\u0300 marks \u0301 alone",
    "😀 emoji👍🏽 👨‍👩‍👧",
    "[CLS] a [SEP] b [MASK][UNK]",
    "[cls][sep] lower tokens",
    "[CLS [LONGER] ]] [[CLS]]",
    "x[Cl]y",
]
POOL = [*"aB ,.[]()$", "[CLS]", "[SEP]", "é", "Ü", "日", "😀", "\x01", "\u3000", "\t", "\u0301"]
RANDOM = texts(21, n=150, pool=POOL, longest=12)
ALL = [*ROWS, *RANDOM]


def normalizer(lower, tokens=()):
    return NM.CharacterNormalizer(lower, col(list(tokens)))


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("tokens", [[], TOKENS])
def test_matches_reference(lower, tokens):
    got = values(NM.normalize_characters(col(ALL), normalizer(lower, tokens)))
    assert got == [ref_normalize(s, lower, tokens) for s in ALL]


def test_libcudf_documented_examples():
    s = ["éâîô\teaio", "ĂĆĖÑÜ", "ACENU", "$24.08", "[a,bb]"]
    got = values(NM.normalize_characters(col(s), normalizer(True)))
    assert got == ["eaio eaio", "acenu", "acenu", " $ 24 . 08", " [ a , bb ] "]
    got = values(NM.normalize_characters(col(s), normalizer(False)))
    assert got == ["éâîô eaio", "ĂĆĖÑÜ", "ACENU", " $ 24 . 08", " [ a , bb ] "]


def test_special_tokens():
    n = normalizer(True, TOKENS)
    got = values(NM.normalize_characters(col(["[CLS]Hello[SEP]", "[cls] [Mask]", "[NOPE]"]), n))
    assert got == [" [CLS] hello [SEP] ", " [CLS]   [MASK] ", " [ nope ] "]
    # without lower-casing the text must match the tokens as they are
    n = normalizer(False, TOKENS)
    got = values(NM.normalize_characters(col(["[CLS]x", "[cls]x"]), n))
    assert got == [" [CLS] x", " [ cls ] x"]
    assert NM.CharacterNormalizer(True, col(TOKENS)).do_lower_case is True


@pytest.mark.parametrize("lower", [True, False])
def test_sliced_nulls_and_empty(lower):
    n = normalizer(lower, TOKENS)
    got = values(NM.normalize_characters(sliced(ALL, 5, 60), n))
    assert got == [ref_normalize(s, lower, TOKENS) for s in ALL[5:60]]
    e = NM.normalize_characters(col([]), n)
    assert e.size() == 0
    assert e.type().id() == plc.TypeId.STRING
    assert values(NM.normalize_characters(col([None, "", None]), n)) == [None, "", None]


# Characters assigned in Python's Unicode version (unassigned ones may be assigned, with
# other properties, in the newer Unicode of the Rust crates).
CHARS = st.characters(blacklist_categories=("Cs", "Cn"))
ROW = st.one_of(
    st.none(),
    st.text(CHARS, max_size=10),
    st.lists(st.sampled_from(["[CLS]", "[sep]", "[", "]", "é", " ", "A"]), max_size=6).map("".join),
)


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(ROW, max_size=20), lower=st.booleans(), start=st.integers(0, 3))
def test_property(rows, lower, start):
    start = min(start, len(rows))
    c = sliced(rows, start, len(rows)) if rows else col([])
    got = values(NM.normalize_characters(c, normalizer(lower, ["[CLS]", "[SEP]"])))
    assert got == [ref_normalize(s, lower, ["[CLS]", "[SEP]"]) for s in rows[start:]]


def test_bad_arguments():
    n = normalizer(True)
    with pytest.raises(TypeError, match="normalizer must be a CharacterNormalizer"):
        NM.normalize_characters(col(["a"]), None)
    with pytest.raises(TypeError, match="normalizer must be a CharacterNormalizer"):
        NM.normalize_characters(col(["a"]), True)
    with pytest.raises(TypeError, match="input must be a STRING column"):
        NM.normalize_characters(col([1], pa.int32()), n)
    with pytest.raises(TypeError, match="do_lower_case must be a bool"):
        NM.CharacterNormalizer("yes", col([]))
    with pytest.raises(TypeError, match=r"special_tokens must be a ferrodf\.plc\.Column"):
        NM.CharacterNormalizer(True, ["[CLS]"])
    with pytest.raises(TypeError, match=r"special_tokens must be a ferrodf\.plc\.Column"):
        NM.CharacterNormalizer(True, None)
    with pytest.raises(TypeError, match="special_tokens must be a STRING column"):
        NM.CharacterNormalizer(True, col([1], pa.int32()))
    with pytest.raises(ValueError, match="special tokens should not have nulls"):
        NM.CharacterNormalizer(True, col(["[CLS]", None]))
