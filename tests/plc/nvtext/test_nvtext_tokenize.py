"""plc.nvtext.normalize, plc.nvtext.tokenize and plc.nvtext.ngrams_tokenize against plain
Python oracles (nvtext_helpers)."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given, settings
from nvtext_helpers import (
    TEXT,
    TEXTS,
    col,
    multi_tokens,
    sc,
    sliced,
    texts,
    tokens,
    values,
)

import ferrodf.plc as plc

N = plc.nvtext
TK = N.tokenize
ROWS = [*TEXT, *texts(1)]


def flat(rows, f):
    return [t for s in rows if s is not None for t in f(s)]


# ---- normalize_spaces ---------------------------------------------------------------


def test_normalize_spaces():
    got = values(N.normalize.normalize_spaces(col(ROWS)))
    assert got == [None if s is None else " ".join(tokens(s)) for s in ROWS]
    got = values(N.normalize.normalize_spaces(sliced(ROWS, 3, 40)))
    assert got == [None if s is None else " ".join(tokens(s)) for s in ROWS[3:40]]
    assert N.normalize.normalize_spaces(col([])).size() == 0
    # U+3000 and U+00A0 are not whitespace for libcudf
    assert values(N.normalize.normalize_spaces(col(["a\u3000 \u00a0b"]))) == ["a\u3000 \u00a0b"]


def test_normalize_spaces_bad_input():
    with pytest.raises(TypeError, match="normalize_spaces: input must be a STRING column"):
        N.normalize.normalize_spaces(col([1, 2], pa.int32()))


# ---- tokenize / count_tokens --------------------------------------------------------


@pytest.mark.parametrize("delim", [None, "", " ", ",", "a ", "日😀"])
def test_tokenize_scalar(delim):
    d = None if delim is None else sc(delim)
    got = values(TK.tokenize_scalar(col(ROWS), d))
    assert got == flat(ROWS, lambda s: tokens(s, delim or ""))
    got = values(TK.tokenize_scalar(sliced(ROWS, 5, 60), d))
    assert got == flat(ROWS[5:60], lambda s: tokens(s, delim or ""))
    counts = values(TK.count_tokens_scalar(col(ROWS), d))
    assert counts == [0 if s is None else len(tokens(s, delim or "")) for s in ROWS]
    counts = values(TK.count_tokens_scalar(sliced(ROWS, 5, 60), d))
    assert counts == [0 if s is None else len(tokens(s, delim or "")) for s in ROWS[5:60]]


def test_count_tokens_has_no_nulls():
    c = TK.count_tokens_scalar(col([None, "a b", None]))
    assert c.null_count() == 0
    assert c.type().id() == plc.TypeId.INT32
    assert values(c) == [0, 2, 0]


@pytest.mark.parametrize(
    "delims", [[","], [" ", ","], ["ab", "a"], ["日本", "😀", "\t"], ["", ","]]
)
def test_tokenize_column(delims):
    d = col(delims)
    got = values(TK.tokenize_column(col(ROWS), d))
    assert got == flat(ROWS, lambda s: multi_tokens(s, delims))
    got = values(TK.tokenize_column(sliced(ROWS, 2, 30), d))
    assert got == flat(ROWS[2:30], lambda s: multi_tokens(s, delims))
    counts = values(TK.count_tokens_column(col(ROWS), d))
    assert counts == [0 if s is None else len(multi_tokens(s, delims)) for s in ROWS]


def test_libcudf_examples():
    assert values(TK.tokenize_scalar(col(["a", "b c", "d  e f "]))) == list("abcdef")
    got = values(TK.tokenize_column(col(["a", "b c", "d.e:f;"]), col([".", ":", ";"])))
    assert got == ["a", "b c", "d", "e", "f"]
    assert values(TK.count_tokens_scalar(col(["a", "b c", " ", "d e f"]))) == [1, 2, 0, 3]


def test_tokenize_empty_and_errors():
    assert TK.tokenize_scalar(col([])).size() == 0
    assert TK.tokenize_scalar(col([None, "", "  "])).size() == 0
    assert TK.count_tokens_scalar(col([])).size() == 0
    assert TK.tokenize_column(col([]), col([","])).size() == 0
    with pytest.raises(ValueError, match="delimiters must not be empty"):
        TK.tokenize_column(col(["a"]), col([]))
    with pytest.raises(ValueError, match="delimiters must not contain nulls"):
        TK.count_tokens_column(col(["a"]), col([",", None]))
    with pytest.raises(ValueError, match="delimiter must be a valid"):
        TK.tokenize_scalar(col(["a"]), sc(None))
    with pytest.raises(TypeError, match="delimiter must be a STRING scalar"):
        TK.tokenize_scalar(col(["a"]), sc(1, pa.int32()))
    with pytest.raises(TypeError, match="delimiter must be a ferrodf\\.plc\\.Scalar"):
        TK.count_tokens_scalar(col(["a"]), ",")
    with pytest.raises(TypeError, match="input must be a STRING column"):
        TK.tokenize_scalar(col([1], pa.int64()))
    with pytest.raises(TypeError, match="delimiters must be a STRING column"):
        TK.tokenize_column(col(["a"]), col([1], pa.int64()))


@settings(max_examples=60, deadline=None)
@given(TEXTS)
def test_tokenize_property(rows):
    assert values(TK.tokenize_scalar(col(rows))) == flat(rows, tokens)
    assert values(TK.count_tokens_scalar(col(rows))) == [
        0 if s is None else len(tokens(s)) for s in rows
    ]
    assert values(N.normalize.normalize_spaces(col(rows))) == [
        None if s is None else " ".join(tokens(s)) for s in rows
    ]
    got = values(TK.tokenize_column(col(rows), col([",", "é"])))
    assert got == flat(rows, lambda s: multi_tokens(s, [",", "é"]))


# ---- character_tokenize / detokenize ------------------------------------------------


def test_character_tokenize():
    assert values(TK.character_tokenize(col(ROWS))) == flat(ROWS, list)
    assert values(TK.character_tokenize(sliced(ROWS, 4, 50))) == flat(ROWS[4:50], list)
    assert TK.character_tokenize(col([])).size() == 0
    got = values(TK.character_tokenize(col(["hello world", None, "goodbye"])))
    assert got == list("hello worldgoodbye")


def detok_oracle(toks, idx, sep=" "):
    rows = max(idx) + 1 if idx else 0
    out = [[] for _ in range(rows)]
    for t, r in zip(toks, idx, strict=True):
        if t is not None:
            out[r].append(t)
    return [sep.join(x) for x in out]


@pytest.mark.parametrize("sep", [None, "_", "日本", ""])
def test_detokenize(sep):
    toks = ["hello", "world", None, "one", "two", "three", "é😀"]
    idx = [0, 2, 1, 1, 1, 0, 3]
    s = None if sep is None else sc(sep)
    got = values(TK.detokenize(col(toks), col(idx, pa.int32()), s))
    assert got == detok_oracle(toks, idx, " " if sep is None else sep)
    # other integer types, sliced inputs
    got = values(TK.detokenize(sliced(toks, 1, 6), sliced(idx, 1, 6, pa.int64()), s))
    assert got == detok_oracle(toks[1:6], idx[1:6], " " if sep is None else sep)


def test_detokenize_libcudf_examples_and_errors():
    s = col(["hello", "world", "one", "two", "three"])
    r = col([0, 0, 1, 1, 1], pa.int32())
    assert values(TK.detokenize(s, r)) == ["hello world", "one two three"]
    r = col([0, 2, 1, 1, 0], pa.int32())
    assert values(TK.detokenize(s, r)) == ["hello three", "one two", "world"]
    assert TK.detokenize(col([]), col([], pa.int32())).size() == 0
    with pytest.raises(ValueError, match="row_indices has 1 rows"):
        TK.detokenize(s, col([0], pa.int32()))
    with pytest.raises(ValueError, match="row_indices must not contain nulls"):
        TK.detokenize(col(["a", "b"]), col([0, None], pa.int32()))
    with pytest.raises(ValueError, match="must not be negative"):
        TK.detokenize(col(["a", "b"]), col([0, -1], pa.int32()))
    with pytest.raises(TypeError, match="row_indices must be an integer column"):
        TK.detokenize(col(["a"]), col([0.0], pa.float64()))
    with pytest.raises(ValueError, match="separator must be a valid"):
        TK.detokenize(col(["a"]), col([0], pa.int32()), sc(None))


# ---- TokenizeVocabulary / tokenize_with_vocabulary ----------------------------------


def test_tokenize_with_vocabulary():
    vocab = ["hello", "there", "world", "日本", "é"]
    v = TK.TokenizeVocabulary(col(vocab))
    assert len(v) == 5
    rows = ["hello world", "hello there", "there there world", "watch out world", None, "", *ROWS]
    for delim in [" ", "", ","]:
        for default in [-1, 99]:
            got = values(TK.tokenize_with_vocabulary(col(rows), v, sc(delim), default))
            want = [
                None
                if s is None
                else [vocab.index(t) if t in vocab else default for t in tokens(s, delim)]
                for s in rows
            ]
            assert got == want
    got = values(TK.tokenize_with_vocabulary(sliced(rows, 1, 5), v, sc(" ")))
    assert got == [[0, 1], [1, 1, 2], [-1, -1, 2], None]
    assert TK.tokenize_with_vocabulary(col([]), v, sc(" ")).size() == 0


def test_vocabulary_errors():
    with pytest.raises(ValueError, match="must not be empty or contain nulls"):
        TK.TokenizeVocabulary(col([]))
    with pytest.raises(ValueError, match="must not be empty or contain nulls"):
        TK.TokenizeVocabulary(col(["a", None]))
    with pytest.raises(TypeError, match="vocabulary must be a STRING column"):
        TK.TokenizeVocabulary(col([1], pa.int8()))
    v = TK.TokenizeVocabulary(col(["a"]))
    with pytest.raises(TypeError, match="vocabulary must be a TokenizeVocabulary"):
        TK.tokenize_with_vocabulary(col(["a"]), col(["a"]), sc(" "))
    with pytest.raises(ValueError, match="delimiter must be a valid"):
        TK.tokenize_with_vocabulary(col(["a"]), v, sc(None))


# ---- ngrams_tokenize ----------------------------------------------------------------


def ngt_oracle(rows, n, delim, sep):
    out = []
    for s in rows:
        if s is None:
            continue
        t = tokens(s, delim)
        out += [sep.join(t[i : i + n]) for i in range(len(t) - n + 1)]
    return out


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize(("delim", "sep"), [(" ", "_"), ("", "日"), (",é", "")])
def test_ngrams_tokenize(n, delim, sep):
    NT = N.ngrams_tokenize
    got = values(NT.ngrams_tokenize(col(ROWS), n, sc(delim), sc(sep)))
    assert got == ngt_oracle(ROWS, n, delim, sep)
    got = values(NT.ngrams_tokenize(sliced(ROWS, 3, 33), n, sc(delim), sc(sep)))
    assert got == ngt_oracle(ROWS[3:33], n, delim, sep)


def test_ngrams_tokenize_errors():
    NT = N.ngrams_tokenize
    assert NT.ngrams_tokenize(col([]), 2, sc(" "), sc("_")).size() == 0
    with pytest.raises(ValueError, match="ngrams must be at least 1"):
        NT.ngrams_tokenize(col(["a b"]), 0, sc(" "), sc("_"))
    with pytest.raises(ValueError, match="separator must be a valid"):
        NT.ngrams_tokenize(col(["a b"]), 2, sc(" "), sc(None))
    with pytest.raises(TypeError, match="delimiter must be a ferrodf\\.plc\\.Scalar"):
        NT.ngrams_tokenize(col(["a b"]), 2, " ", sc("_"))


def test_many_rows_cross_parallel_chunks():
    """More rows than one parallel host chunk (4096): the chunks join in row order."""
    rows = texts(8, n=10_000, longest=12)
    assert values(TK.tokenize_scalar(col(rows))) == flat(rows, tokens)
    assert values(TK.character_tokenize(sliced(rows, 5, 9_999))) == flat(rows[5:9_999], list)
    got = values(N.ngrams_tokenize.ngrams_tokenize(col(rows), 2, sc(""), sc("_")))
    assert got == ngt_oracle(rows, 2, "", "_")


def test_vocabulary_takes_stream_and_mr():
    v = TK.TokenizeVocabulary(col(["a", "b"]), stream=None, mr=None)
    assert values(TK.tokenize_with_vocabulary(col(["b a c"]), v, sc(" "))) == [[1, 0, -1]]
