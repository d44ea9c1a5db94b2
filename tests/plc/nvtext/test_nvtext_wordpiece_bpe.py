"""plc.nvtext.wordpiece_tokenize and plc.nvtext.byte_pair_encode against oracles.

WordPiece: HuggingFace ``tokenizers``' ``models.WordPiece`` (greedy longest-match-first,
``##`` continuations) on the words libcudf splits (runs of characters other than ``' '``),
with libcudf's rules around it: words of 200 bytes or more are unknown, the unknown id is
``[UNK]``'s, else ``[unk]``'s, else -1.

Byte-pair encoding: a plain Python loop written from libcudf's documented semantics
(``byte_pair_encoding.hpp``: merge the minimum-ranked adjacent pair until no ranked pair is
left, then join the pieces with the separator), since no library implements libcudf's
variant (spaces are ordinary characters, no word splitting, no byte-level alphabet). The
merge tables are built the way training builds them (each merge makes a new piece out of
existing ones); on such tables libcudf's parallel schedule and the loop agree.
"""

from __future__ import annotations

import random

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import TEXT, col, sc, sliced, texts, values
from tokenizers.models import WordPiece

import ferrodf.plc as plc

WP = plc.nvtext.wordpiece_tokenize
BPE = plc.nvtext.byte_pair_encode
ROWS = [*TEXT, *texts(21), "straße  straßen ##ß", "日本語日本 本日", "😀😀😀 😀"]

# ---- WordPiece ----------------------------------------------------------------------

MAX_WORD_BYTES = 200


class WordPieceOracle:
    """HuggingFace's WordPiece model with libcudf's unknown id and word-length rule."""

    def __init__(self, vocab: list[str]):
        ids: dict[str, int] = {}
        for i, v in enumerate(vocab):
            ids.setdefault(v, i)
        self.unk = ids.get("[UNK]", ids.get("[unk]", -1))
        # HF needs its unknown token in the vocabulary: a stand-in that no word holds
        # (mapped back to -1) when the vocabulary has neither
        sentinel = "\x00unk"
        unk_token = next((u for u in ("[UNK]", "[unk]") if u in ids), sentinel)
        hf_vocab = dict(ids)
        if unk_token == sentinel:
            hf_vocab[sentinel] = len(vocab) + 10
        self.model = WordPiece(hf_vocab, unk_token=unk_token, max_input_chars_per_word=10**6)
        self.sentinel_id = hf_vocab.get(sentinel)

    def word(self, w: str) -> list[int]:
        if len(w.encode()) >= MAX_WORD_BYTES:
            return [self.unk]
        got = [t.id for t in self.model.tokenize(w)]
        return [-1 if i == self.sentinel_id else i for i in got]

    def rows(self, rows, max_words: int = 0) -> list:
        out = []
        for s in rows:
            if s is None:
                out.append(None)
                continue
            words = [w for w in s.split(" ") if w]
            if max_words:
                words = words[:max_words]
            out.append([i for w in words for i in self.word(w)])
        return out


VOCAB = [
    "[UNK]", "the", "quick", "brown", "fox", "##s", "##ß", "stra", "##ße", "straße", "##n",
    "日本", "##語", "##日本", "本", "##本", "日", "😀", "##😀", "a", "##b", "b", "##c", "c",
    "hello", "world", "##d", "##e", "e", "t", "##t", "##a", "lead", "##ing", "and", "trail",
    ",", "##,", "x", "é", "##é", "tab", "\tsep", "##\t", "ctl", "##\x01",
]  # fmt: skip


def test_libcudf_examples():
    v = WP.WordPieceVocabulary(col(["[UNK]", "a", "have", "I", "new", "GP", "##U", "!"]))
    rows = ["I have a new GPU now !"]
    assert values(WP.wordpiece_tokenize(col(rows), v, 0)) == [[3, 2, 1, 4, 5, 6, 0, 7]]
    rows = ["I have  a new GPU now !"]
    assert values(WP.wordpiece_tokenize(col(rows), v, 4)) == [[3, 2, 1, 4]]
    assert values(WP.wordpiece_tokenize(col(rows), v, 5)) == [[3, 2, 1, 4, 5, 6]]
    oracle = WordPieceOracle(["[UNK]", "a", "have", "I", "new", "GP", "##U", "!"])
    assert oracle.rows(rows, 5) == [[3, 2, 1, 4, 5, 6]]


@pytest.mark.parametrize("max_words", [0, 1, 2, 5])
def test_wordpiece_against_huggingface(max_words):
    v = WP.WordPieceVocabulary(col(VOCAB))
    oracle = WordPieceOracle(VOCAB)
    got = WP.wordpiece_tokenize(col(ROWS), v, max_words)
    assert got.type().id() == plc.TypeId.LIST
    assert got.child(1).type().id() == plc.TypeId.INT32
    assert values(got) == oracle.rows(ROWS, max_words)
    # sliced input (offset != 0)
    got = values(WP.wordpiece_tokenize(sliced(ROWS, 3, 70), v, max_words))
    assert got == oracle.rows(ROWS[3:70], max_words)


def test_wordpiece_nulls_empty_rows_and_empty_columns():
    v = WP.WordPieceVocabulary(col(VOCAB))
    c = WP.wordpiece_tokenize(col([None, "", "   ", "the", None]), v, 0)
    assert values(c) == [None, [], [], [1], None]
    assert c.null_count() == 2
    assert WP.wordpiece_tokenize(col([]), v, 0).size() == 0
    assert values(WP.wordpiece_tokenize(col([None, None]), v, 3)) == [None, None]


def test_wordpiece_unknown_id_and_long_words():
    # no [UNK]: -1; [unk] serves when [UNK] is missing
    for vocab, unk in [(["a", "##b"], -1), (["a", "[unk]", "##b"], 1)]:
        v = WP.WordPieceVocabulary(col(vocab))
        assert values(WP.wordpiece_tokenize(col(["ab z abz"]), v, 0)) == [
            [0, vocab.index("##b"), unk, unk]
        ]
        assert WordPieceOracle(vocab).rows(["ab z abz"]) == [[0, vocab.index("##b"), unk, unk]]
    v = WP.WordPieceVocabulary(col(["[UNK]", "a", "##a", "é", "##é"]))
    oracle = WordPieceOracle(["[UNK]", "a", "##a", "é", "##é"])
    rows = ["a" * 199, "a" * 200, "é" * 99 + "a", "é" * 100, "a" * 300 + " a"]
    got = values(WP.wordpiece_tokenize(col(rows), v, 0))
    assert got == oracle.rows(rows)
    assert got[0] == [1] + [2] * 198
    assert got[1] == [0] and got[3] == [0] and got[4] == [0, 1]


def test_wordpiece_words_split_on_spaces_only():
    v = WP.WordPieceVocabulary(col(["[UNK]", "a", "##\tb", "b"]))
    assert values(WP.wordpiece_tokenize(col(["a\tb b", " a  b "]), v, 0)) == [[1, 2, 3], [1, 3]]


def test_wordpiece_errors():
    with pytest.raises(ValueError, match="vocabulary must not be empty"):
        WP.WordPieceVocabulary(col([]))
    with pytest.raises(ValueError, match="vocabulary must not contain nulls"):
        WP.WordPieceVocabulary(col(["a", None]))
    with pytest.raises(TypeError, match="vocabulary must be a STRING column"):
        WP.WordPieceVocabulary(col([1], pa.int8()))
    v = WP.WordPieceVocabulary(col(["a"]))
    with pytest.raises(TypeError, match="vocabulary must be a WordPieceVocabulary"):
        WP.wordpiece_tokenize(col(["a"]), col(["a"]), 0)
    with pytest.raises(TypeError, match="input must be a STRING column"):
        WP.wordpiece_tokenize(col([1], pa.int32()), v, 0)
    with pytest.raises(ValueError, match="max_words_per_row must not be negative"):
        WP.wordpiece_tokenize(col(["a"]), v, -1)
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        WP.wordpiece_tokenize(col(["a"]), v, 1.5)


def test_wordpiece_vocabulary_takes_stream_and_mr():
    v = WP.WordPieceVocabulary(col(["b", "a"]), stream=None, mr=None)
    assert values(WP.wordpiece_tokenize(col(["a b c"]), v, 0, stream=None)) == [[1, 0, -1]]


PIECES = st.sampled_from(["a", "b", "ab", "é", "日", "本", "😀", "\t", "x"])
WORD = st.lists(PIECES, min_size=1, max_size=4).map("".join)
VOCABS = st.lists(
    st.one_of(WORD, WORD.map(lambda w: "##" + w), st.just("[UNK]")),
    min_size=1,
    max_size=20,
    unique=True,
)
ROW = st.lists(st.one_of(WORD, st.just(" "), st.just("##")), max_size=10).map("".join)


@settings(max_examples=60, deadline=None)
@given(VOCABS, st.lists(st.one_of(st.none(), ROW), max_size=15), st.integers(0, 3))
def test_wordpiece_property(vocab, rows, max_words):
    v = WP.WordPieceVocabulary(col(vocab))
    got = values(WP.wordpiece_tokenize(col(rows, pa.string()), v, max_words))
    assert got == WordPieceOracle(vocab).rows(rows, max_words)


# ---- byte-pair encoding -------------------------------------------------------------


def bpe_oracle(rows, pairs: list[str], sep: str = " ") -> list:
    """libcudf's documented algorithm: start from the characters, merge the leftmost
    adjacent pair of the smallest rank (row of "left right", split at the first space)
    until no adjacent pair is ranked, join the pieces with `sep`. Null rows stay null."""
    ranks: dict[tuple[str, str], int] = {}
    for i, p in enumerate(pairs):
        left, right = p.split(" ", 1)
        ranks.setdefault((left, right), i)
    out = []
    for s in rows:
        if s is None:
            out.append(None)
            continue
        pieces = list(s)
        while True:
            best = min(
                range(len(pieces) - 1),
                key=lambda k: (ranks.get((pieces[k], pieces[k + 1]), 1 << 62), k),
                default=None,
            )
            if best is None or (pieces[best], pieces[best + 1]) not in ranks:
                break
            pieces[best : best + 2] = [pieces[best] + pieces[best + 1]]
        out.append(sep.join(pieces))
    return out


def trained_pairs(rows, rng: random.Random, merges: int) -> list[str]:
    """A merge table ordered as training orders one: each merge joins two adjacent pieces
    of the (already merged) rows into a piece not seen before. A left piece never holds a
    space (the merge-pairs rows split at their first space)."""
    pieces = [list(s) for s in rows if s]
    known = {c for p in pieces for c in p}
    table = []
    for _ in range(merges):
        cands = sorted(
            {
                (p[k], p[k + 1])
                for p in pieces
                for k in range(len(p) - 1)
                if " " not in p[k] and p[k] + p[k + 1] not in known
            }
        )
        if not cands:
            break
        left, right = rng.choice(cands)
        table.append(f"{left} {right}")
        known.add(left + right)
        for p in pieces:
            k = 0
            while k < len(p) - 1:
                if p[k] == left and p[k + 1] == right:
                    p[k : k + 2] = [left + right]
                k += 1
    return table


LIBCUDF_PAIRS = ["e n", "i t", "i s", "e s", "en t", "c e", "es t", "en ce", "t est", "s ent"]


@pytest.mark.parametrize(
    ("sep", "want"),
    [
        (None, ["test   sent ence", "t h is is   test"]),
        ("e", ["teste esenteence", "teheiseise etest"]),
    ],
)
def test_bpe_libcudf_examples(sep, want):
    mp = BPE.BPEMergePairs(col(LIBCUDF_PAIRS))
    rows = ["test sentence", "thisis test"]
    got = values(BPE.byte_pair_encoding(col(rows), mp, None if sep is None else sc(sep)))
    assert got == want == bpe_oracle(rows, LIBCUDF_PAIRS, sep or " ")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bpe_against_the_reference(seed):
    rng = random.Random(seed)
    table = trained_pairs(ROWS, rng, 60)
    mp = BPE.BPEMergePairs(col(table))
    got = values(BPE.byte_pair_encoding(col(ROWS), mp))
    assert got == bpe_oracle(ROWS, table)
    got = values(BPE.byte_pair_encoding(sliced(ROWS, 5, 80), mp, sc("|")))
    assert got == bpe_oracle(ROWS[5:80], table, "|")


def test_bpe_nulls_empty_rows_and_empty_columns():
    mp = BPE.BPEMergePairs(col(LIBCUDF_PAIRS))
    c = BPE.byte_pair_encoding(col([None, "", "test", None, "ab"]), mp)
    assert values(c) == [None, "", "test", None, "a b"]
    assert c.null_count() == 2
    assert BPE.byte_pair_encoding(col([]), mp).size() == 0
    # libcudf returns no rows when the input has no characters at all; ferrodf keeps them
    assert values(BPE.byte_pair_encoding(col(["", None]), mp)) == ["", None]


def test_bpe_unicode_and_spaces_in_pairs():
    table = ["日 本", "日本 語", "é  ", "😀 😀", "😀😀 😀😀"]
    rows = ["日本語 日本", "é x", "😀😀😀😀😀", "語日本"]
    mp = BPE.BPEMergePairs(col(table))
    got = values(BPE.byte_pair_encoding(col(rows), mp))
    assert got == bpe_oracle(rows, table) == ["日本語   日本", "é  x", "😀😀😀😀 😀", "語 日本"]


def test_bpe_errors():
    with pytest.raises(ValueError, match="merge_pairs must not be empty"):
        BPE.BPEMergePairs(col([]))
    with pytest.raises(ValueError, match="merge_pairs must not contain nulls"):
        BPE.BPEMergePairs(col(["a b", None]))
    with pytest.raises(ValueError, match="is not two strings separated by a space"):
        BPE.BPEMergePairs(col(["a b", "ab"]))
    with pytest.raises(TypeError, match="merge_pairs must be a STRING column"):
        BPE.BPEMergePairs(col([1], pa.int8()))
    mp = BPE.BPEMergePairs(col(["a b"]))
    with pytest.raises(TypeError, match="merge_pairs must be a BPEMergePairs"):
        BPE.byte_pair_encoding(col(["ab"]), col(["a b"]))
    with pytest.raises(TypeError, match="input must be a STRING column"):
        BPE.byte_pair_encoding(col([1], pa.int32()), mp)
    with pytest.raises(ValueError, match="single-byte character"):
        BPE.byte_pair_encoding(col(["ab"]), mp, sc("日"))
    with pytest.raises(ValueError, match="single-byte character"):
        BPE.byte_pair_encoding(col(["ab"]), mp, sc(""))
    with pytest.raises(ValueError, match="separator must be a valid"):
        BPE.byte_pair_encoding(col(["ab"]), mp, sc(None))
    with pytest.raises(TypeError, match=r"separator must be a ferrodf\.plc\.Scalar"):
        BPE.byte_pair_encoding(col(["ab"]), mp, "-")
    with pytest.raises(TypeError, match="separator must be a STRING scalar"):
        BPE.byte_pair_encoding(col(["ab"]), mp, plc.Scalar.from_arrow(pa.scalar(1)))


def test_bpe_merge_pairs_take_stream_and_mr():
    mp = BPE.BPEMergePairs(col(["a b", "ab c"]), stream=None, mr=None)
    assert values(BPE.byte_pair_encoding(col(["abcab"]), mp, stream=None)) == ["abc ab"]


CHARS = st.sampled_from(["a", "b", "c", " ", "é", "日", "😀"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text(CHARS, max_size=12)), max_size=12),
    st.integers(0, 2**16),
    st.integers(1, 30),
)
def test_bpe_property(rows, seed, merges):
    table = trained_pairs(rows, random.Random(seed), merges) or ["a b"]
    mp = BPE.BPEMergePairs(col(table))
    got = values(BPE.byte_pair_encoding(col(rows, pa.string()), mp, sc("|")))
    assert got == bpe_oracle(rows, table, "|")
