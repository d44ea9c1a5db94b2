"""plc.strings.char_types against pyarrow.compute's utf8_is_* predicates and Python.

A row is of a class when all its characters are and it is not empty: pyarrow's
``utf8_is_alpha``, ``utf8_is_decimal``, ``utf8_is_digit``, ``utf8_is_numeric``,
``utf8_is_space`` (ALL_TYPES verified). ``utf8_is_upper`` / ``utf8_is_lower`` check only the
cased characters, which is ``verify_types=CASE_TYPES``. DIGIT is category Nd, where
pyarrow's ``utf8_is_digit`` also takes No (``²``, ``½``, ``①``), so those rows are left out
of that comparison.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from str_helpers import check, col, sc, sliced

import ferrodf.plc as plc

CT = plc.strings.char_types
T = CT.StringCharacterTypes

ROWS = [
    "abc", "ABC", "Abc", "123", "١٢٣", "½", "Ⅷ", "12.5", "", None, " \t\u3000", "a b",
    "日本語", "ÉCOLE", "école", "😀", "ab1", "x²", "ǅ", None, "AB1", "ab-c",
]  # fmt: skip


@pytest.mark.parametrize(
    ("types", "oracle"),
    [
        (T.ALPHA, pc.utf8_is_alpha),
        (T.DECIMAL, pc.utf8_is_decimal),
        (T.DIGIT, pc.utf8_is_digit),
        (T.NUMERIC, pc.utf8_is_numeric),
        (T.SPACE, pc.utf8_is_space),
        (T.ALPHANUM, pc.utf8_is_alnum),
    ],
    ids=lambda x: getattr(x, "name", ""),
)
def test_all_of_type_vs_pyarrow(types, oracle):
    rows = [r for r in ROWS if types != T.DIGIT or r not in ("½", "x²")]
    got = CT.all_characters_of_type(col(rows), types, T.ALL_TYPES)
    check(got, oracle(pa.array(rows)).to_pylist(), pa.bool_())


def test_digit_is_nd():
    rows = ["²", "½", "①", "٣", "9"]
    got = CT.all_characters_of_type(col(rows), T.DIGIT, T.ALL_TYPES)
    assert got.to_arrow().to_pylist() == [False, False, False, True, True]


@pytest.mark.parametrize(
    ("types", "oracle"), [(T.UPPER, pc.utf8_is_upper), (T.LOWER, pc.utf8_is_lower)]
)
def test_case_types_vs_pyarrow(types, oracle):
    rows = [r for r in ROWS if r != "ǅ"]  # pyarrow counts titlecase letters as upper
    got = CT.all_characters_of_type(col(rows), types, T.CASE_TYPES)
    check(got, oracle(pa.array(rows)).to_pylist(), pa.bool_())


def test_verify_types_skips_other_characters():
    rows = ["a1b", "A1", "123", ""]
    got = CT.all_characters_of_type(col(rows), T.LOWER, T.ALPHA).to_arrow().to_pylist()
    assert got == [True, False, False, False]
    # Flags combine.
    got = CT.all_characters_of_type(col(rows), T.LOWER | T.DECIMAL, T.ALL_TYPES)
    assert got.to_arrow().to_pylist() == [True, False, True, False]


def test_filter_characters_of_type():
    rows = ["a1 b2", "ÉCOLE 42", "", None, "日本3"]
    rm = CT.filter_characters_of_type(col(rows), T.DECIMAL, sc(""), T.ALL_TYPES)
    assert rm.to_arrow().to_pylist() == ["a b", "ÉCOLE ", "", None, "日本"]
    keep = CT.filter_characters_of_type(col(rows), T.ALL_TYPES, sc("_"), T.ALPHA)
    assert keep.to_arrow().to_pylist() == ["a__b_", "ÉCOLE___", "", None, "日本_"]
    py = [None if r is None else "".join(c if c.isalpha() else "_" for c in r) for r in rows]
    assert keep.to_arrow().to_pylist() == py


def test_sliced_and_empty():
    got = CT.all_characters_of_type(sliced(ROWS, 3, 15), T.ALPHA, T.ALL_TYPES)
    check(got, pc.utf8_is_alpha(pa.array(ROWS[3:15])).to_pylist(), pa.bool_())
    assert CT.all_characters_of_type(col([]), T.ALPHA, T.ALL_TYPES).size() == 0
    assert CT.filter_characters_of_type(col([]), T.SPACE, sc(""), T.ALL_TYPES).size() == 0


def test_errors():
    with pytest.raises(ValueError, match="ALL_TYPES"):
        CT.filter_characters_of_type(col(["a"]), T.ALL_TYPES, sc(""), T.ALL_TYPES)
    with pytest.raises(ValueError, match="ALL_TYPES"):
        CT.filter_characters_of_type(col(["a"]), T.ALPHA, sc(""), T.DECIMAL)
    with pytest.raises(
        ValueError, match=r"filter_characters_of_type: replacement must be a valid \(non-null\)"
    ):
        CT.filter_characters_of_type(col(["a"]), T.ALPHA, sc(None), T.ALL_TYPES)
    with pytest.raises(
        ValueError, match="all_characters_of_type: types must be StringCharacterTypes flags"
    ):
        CT.all_characters_of_type(col(["a"]), 256, T.ALL_TYPES)
    with pytest.raises(TypeError, match="all_characters_of_type: input must be a STRING column"):
        CT.all_characters_of_type(plc.Column.from_arrow(pa.array([1])), T.ALPHA, T.ALL_TYPES)
