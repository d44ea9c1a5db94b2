"""The plc.nvtext functions with device kernels give the same results on the host and the
device (as tests/plc/strings/test_str_parity.py). Skipped without a GPU."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import run_both
from unicode_helpers import unicode_table

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")

N = plc.nvtext
POOL = [*"abcyeiou XYZ,-\t\n", "\x01", "é", "ß", "日", "本", "😀", "\u3000"]
POOL += ["[CLS]", "[sep]", "e\u0301", "\u0323", "가", "\u1161", "\ufb01", "\u212b", "İ"]


def text(n=3000, seed=0, offset=0):
    rng = np.random.default_rng(seed)
    vals = [
        None
        if rng.random() < 0.1
        else "".join(rng.choice(POOL, int(rng.integers(0, 40 if rng.random() < 0.95 else 300))))
        for _ in range(n)
    ]
    c = plc.Column.from_arrow(pa.array(vals, pa.string()))
    return plc.copying.slice(c, [offset, n])[0] if offset else c


def sc(v):
    return plc.Scalar.from_arrow(pa.scalar(v, pa.string()))


def ints(c):
    n = c.size()
    return plc.Column.from_arrow(pa.array([(i * 7) % 11 - 5 for i in range(n)], pa.int32()))


OPS = {
    "normalize_spaces": lambda c: N.normalize.normalize_spaces(c),
    "tokenize_ws": lambda c: N.tokenize.tokenize_scalar(c),
    "tokenize_set": lambda c: N.tokenize.tokenize_scalar(c, sc(",日 ")),
    "count_tokens": lambda c: N.tokenize.count_tokens_scalar(c),
    "count_tokens_set": lambda c: N.tokenize.count_tokens_scalar(c, sc("a😀")),
    "character_tokenize": lambda c: N.tokenize.character_tokenize(c),
    "char_ngrams": lambda c: N.generate_ngrams.generate_character_ngrams(c, 3),
    "hash_ngrams": lambda c: N.generate_ngrams.hash_character_ngrams(c, 5, 11),
    "edit_distance": lambda c: N.edit_distance.edit_distance(c, N.normalize.normalize_spaces(c)),
    "edit_distance_one": lambda c: N.edit_distance.edit_distance(
        c, plc.Column.from_arrow(pa.array(["abc 日本"]))
    ),
    "edit_distance_matrix": lambda c: N.edit_distance.edit_distance_matrix(
        plc.copying.slice(c, [0, min(150, c.size())])[0]
    ),
    "jaccard": lambda c: N.jaccard.jaccard_index(c, N.normalize.normalize_spaces(c), 3),
    "tokenize_column": lambda c: N.tokenize.tokenize_column(
        c, plc.Column.from_arrow(pa.array([",", "日本", "a", ""]))
    ),
    "count_tokens_column": lambda c: N.tokenize.count_tokens_column(
        c, plc.Column.from_arrow(pa.array(["ab", " ", "😀"]))
    ),
    "generate_ngrams": lambda c: N.generate_ngrams.generate_ngrams(c, 3, sc("_")),
    "ngrams_tokenize": lambda c: N.ngrams_tokenize.ngrams_tokenize(c, 2, sc(""), sc("日")),
    "filter_tokens": lambda c: N.replace.filter_tokens(c, 3, sc("_"), sc(", ")),
    "replace_tokens": lambda c: N.replace.replace_tokens(
        c,
        plc.Column.from_arrow(pa.array(["a", "b", "日", "ab"])),
        plc.Column.from_arrow(pa.array(["A", "", "本本", "x"])),
    ),
    "minhash": lambda c: N.minhash.minhash(
        c,
        5,
        plc.Column.from_arrow(pa.array([1, 2**31 + 7, 2**32 - 1], pa.uint32())),
        plc.Column.from_arrow(pa.array([0, 99, 2**30], pa.uint32())),
        4,
    ),
    "minhash64": lambda c: N.minhash.minhash64(
        c,
        2**40,
        plc.Column.from_arrow(pa.array([1, 2**63 + 7], pa.uint64())),
        plc.Column.from_arrow(pa.array([0, 2**62], pa.uint64())),
        3,
    ),
    "porter": lambda c: N.stemmer.porter_stemmer_measure(c),
    "is_vowel": lambda c: N.stemmer.is_letter(c, True, -1),
    "is_consonant_col": lambda c: N.stemmer.is_letter(c, False, ints(c)),
    "normalize_characters": lambda c: N.normalize.normalize_characters(c, char_normalizer(True)),
    "normalize_characters_keep": lambda c: N.normalize.normalize_characters(
        c, char_normalizer(False)
    ),
    "normalize_nfc": lambda c: N.unicode_normalize.normalize_unicode(c, unicode_normalizer(1)),
    "normalize_nfkd": lambda c: N.unicode_normalize.normalize_unicode(c, unicode_normalizer(2)),
}


def char_normalizer(lower):
    tokens = plc.Column.from_arrow(pa.array(["[CLS]", "[SEP]"]))
    return N.normalize.CharacterNormalizer(lower, tokens)


_UNICODE = {}


def unicode_normalizer(form):
    if form not in _UNICODE:
        _UNICODE[form] = N.unicode_normalize.UnicodeNormalizer(unicode_table(), form)
    return _UNICODE[form]


@pytest.mark.parametrize("name", list(OPS))
@pytest.mark.parametrize("offset", [0, 13])
def test_nvtext_parity(name, offset):
    host, dev = run_both(lambda: OPS[name](text(offset=offset)).to_arrow())
    assert host.equals(dev), name


def test_detokenize_and_vocabulary_parity():
    rng = np.random.default_rng(3)
    for offset in (0, 13):
        c = text(offset=offset)
        idx = plc.Column.from_arrow(pa.array(rng.integers(0, 700, c.size()), pa.int64()))
        host, dev = run_both(
            lambda c=c, idx=idx: N.tokenize.detokenize(c, idx, sc("日")).to_arrow()
        )
        assert host.equals(dev)
        toks = N.tokenize.tokenize_scalar(c)
        v = N.tokenize.TokenizeVocabulary(plc.copying.slice(toks, [0, 400])[0])
        host, dev = run_both(
            lambda c=c, v=v: N.tokenize.tokenize_with_vocabulary(c, v, sc(""), -7).to_arrow()
        )
        assert host.equals(dev)


def test_wordpiece_and_bpe_parity():
    rng = np.random.default_rng(4)
    for offset in (0, 13):
        c = text(offset=offset)
        toks = N.tokenize.tokenize_scalar(plc.copying.slice(c, [0, 300])[0]).to_arrow()
        pieces = sorted({t[:k] for t in toks.to_pylist() for k in (1, 2, 3)})
        vocab = ["[UNK]", *pieces, *("##" + p for p in pieces[::2])]
        v = N.wordpiece_tokenize.WordPieceVocabulary(
            plc.Column.from_arrow(pa.array(list(dict.fromkeys(vocab))))
        )
        for max_words in (0, 3):
            host, dev = run_both(
                lambda c=c, v=v, m=max_words: N.wordpiece_tokenize.wordpiece_tokenize(
                    c, v, m
                ).to_arrow()
            )
            assert host.equals(dev)
        # merge pairs in no training order (the schedule is libcudf's on both paths)
        chars = [p for p in POOL if p != " "]
        pairs = [
            f"{''.join(rng.choice(chars, rng.integers(1, 3)))} "
            f"{''.join(rng.choice(POOL, rng.integers(1, 3)))}"
            for _ in range(400)
        ]
        mp = N.byte_pair_encode.BPEMergePairs(plc.Column.from_arrow(pa.array(pairs)))
        host, dev = run_both(
            lambda c=c, mp=mp: N.byte_pair_encode.byte_pair_encoding(c, mp, sc("|")).to_arrow()
        )
        assert host.equals(dev)


def test_placement_is_honoured():
    """With the CPU forced, no nvtext function records a host fallback."""
    ferrodf.reset_host_fallbacks()
    with ferrodf.option_context(device="cpu"):
        for op in OPS.values():
            op(text(50))
    assert not any("nvtext" in k for k in ferrodf.host_fallbacks())
