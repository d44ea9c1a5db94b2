"""plc.nvtext.unicode_normalize (NFD, NFC, NFKD, NFKC) against Python's
``unicodedata.normalize``, with a UnicodeNormalizer built from UnicodeData.txt columns
made from Python's own Unicode data (so the oracle is exact)."""

from __future__ import annotations

import unicodedata

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nvtext_helpers import col, sliced, values
from unicode_helpers import unicode_data_rows, unicode_table

import ferrodf.plc as plc

UN = plc.nvtext.unicode_normalize
FORMS = {
    "NFD": UN.UnicodeNormalizationForm.NFD,
    "NFC": UN.UnicodeNormalizationForm.NFC,
    "NFKD": UN.UnicodeNormalizationForm.NFKD,
    "NFKC": UN.UnicodeNormalizationForm.NFKC,
}

ROWS = [
    "café",  # precomposed
    "cafe\u0301",  # combining sequence
    "a\u0301\u0323\u0302b",  # marks out of canonical order
    "\u1e69\u1e0b\u0323",  # composites of composites
    "한국어 가나다",  # Hangul syllables
    "\u1100\u1161\u11a8\u1100\u1161",  # conjoining jamo
    "\u212b\u2126\u0958",  # singletons and a composition exclusion
    "\ufb01 \u2460 \uff21 \u00bd \u2075 \u3300",  # compatibility characters
    "\u0b47\u0b3e \u0dd9\u0dcf",  # starter + starter compositions
    "😀👍🏽 🇯🇵 👨‍👩‍👧",  # emoji, modifiers, ZWJ sequences
    "\u0344\u0f73\u0f75",  # non-starter decompositions
    "",
    None,
    "plain ascii",
    "\u1e9b\u0323",  # long s with dot: canonical then compatibility
    "\ufdfa",  # the longest compatibility decomposition
    "e\u0301\u0301\u0301\u0327",
    None,
    "x\u0000y",
]


@pytest.fixture(scope="module")
def normalizers():
    t = unicode_table()
    return {name: UN.UnicodeNormalizer(t, form) for name, form in FORMS.items()}


def oracle(rows, form):
    return [None if s is None else unicodedata.normalize(form, s) for s in rows]


@pytest.mark.parametrize("form", list(FORMS))
def test_forms_match_unicodedata(normalizers, form):
    got = values(UN.normalize_unicode(col(ROWS), normalizers[form]))
    assert got == oracle(ROWS, form)


@pytest.mark.parametrize("form", list(FORMS))
def test_sliced_and_empty(normalizers, form):
    got = values(UN.normalize_unicode(sliced(ROWS, 3, 15), normalizers[form]))
    assert got == oracle(ROWS[3:15], form)
    empty = UN.normalize_unicode(col([]), normalizers[form])
    assert empty.size() == 0
    assert empty.type().id() == plc.TypeId.STRING
    nulls = values(UN.normalize_unicode(col([None, None]), normalizers[form]))
    assert nulls == [None, None]


@pytest.mark.parametrize("form", list(FORMS))
def test_every_listed_character(normalizers, form):
    """Every code point of the table alone and between a base letter and marks."""
    hexes, _, _ = unicode_data_rows()
    chars = [chr(int(h, 16)) for h in hexes] + [chr(c) for c in range(0xAC00, 0xD7A4, 37)]
    rows = chars + [f"a{c}\u0301\u0316" for c in chars]
    got = values(UN.normalize_unicode(col(rows), normalizers[form]))
    assert got == oracle(rows, form)


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
MARKY = st.text(
    st.one_of(
        st.characters(blacklist_categories=("Cs",)),
        st.sampled_from(["\u0301", "\u0323", "\u0302", "\u0316", "\u1161", "\u11a8", "e", "a"]),
        st.integers(0xAC00, 0xD7A3).map(chr),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(st.one_of(st.none(), TEXT, MARKY), max_size=20), start=st.integers(0, 3))
def test_property_every_form(normalizers, rows, start):
    c = sliced(rows, min(start, len(rows)), len(rows)) if rows else col([])
    for form, n in normalizers.items():
        assert values(UN.normalize_unicode(c, n)) == oracle(rows[min(start, len(rows)) :], form)


def test_enum_and_int_forms(normalizers):
    assert [m.name for m in UN.UnicodeNormalizationForm] == ["NFD", "NFC", "NFKD", "NFKC"]
    assert [int(m) for m in UN.UnicodeNormalizationForm] == [0, 1, 2, 3]
    n = UN.UnicodeNormalizer(unicode_table(), 3)
    assert values(UN.normalize_unicode(col(["\ufb01"]), n)) == ["fi"]


def s(v):
    return plc.Column.from_arrow(pa.array(v, pa.string()))


def i32(v):
    return plc.Column.from_arrow(pa.array(v, pa.int32()))


def test_bad_arguments(normalizers):
    nfc = normalizers["NFC"]
    with pytest.raises(TypeError, match="normalizer must be a UnicodeNormalizer"):
        UN.normalize_unicode(col(["a"]), None)
    with pytest.raises(TypeError, match="normalizer must be a UnicodeNormalizer"):
        UN.normalize_unicode(col(["a"]), "NFC")
    with pytest.raises(TypeError, match="input must be a STRING column"):
        UN.normalize_unicode(col([1], pa.int32()), nfc)
    with pytest.raises(TypeError, match=r"unicode_data must be a ferrodf\.plc\.Table"):
        UN.UnicodeNormalizer(s(["00C9"]), UN.UnicodeNormalizationForm.NFC)
    with pytest.raises(ValueError, match="is not a valid UnicodeNormalizationForm"):
        UN.UnicodeNormalizer(unicode_table(), 7)
    good = [s(["00C9"]), i32([0]), s(["0045 0301"])]
    with pytest.raises(ValueError, match="exactly 3 columns"):
        UN.UnicodeNormalizer(plc.Table(good[:2]), 0)
    with pytest.raises(ValueError, match="column 1 must be Int32"):
        UN.UnicodeNormalizer(plc.Table([good[0], s(["0"]), good[2]]), 0)
    with pytest.raises(ValueError, match="must not contain nulls"):
        UN.UnicodeNormalizer(plc.Table([good[0], good[1], s([None])]), 0)
    with pytest.raises(ValueError, match="must not be empty"):
        UN.UnicodeNormalizer(plc.Table([s([]), i32([]), s([])]), 0)
    with pytest.raises(ValueError, match="is not a hex code point"):
        UN.UnicodeNormalizer(plc.Table([s(["XYZ"]), good[1], good[2]]), 0)
    with pytest.raises(ValueError, match="combining class 300"):
        UN.UnicodeNormalizer(plc.Table([good[0], i32([300]), good[2]]), 0)
    # a one-row table works: only its mapping applies
    one = UN.UnicodeNormalizer(plc.Table(good), UN.UnicodeNormalizationForm.NFD)
    assert values(UN.normalize_unicode(col(["\u00c9\u00e9"]), one)) == ["E\u0301\u00e9"]
