"""plc.strings.case against pyarrow.compute (utf8_lower/utf8_upper) and Python.

pyarrow maps each code point to one code point (ß stays ß when upper-cased); ferrodf, like
libcudf and pandas, uses the full mapping (ß -> SS, İ -> i̇). So the oracle is pyarrow for
text without such characters and Python's per-character str.lower/str.upper otherwise
(per character, because Python's str.lower applies the final-sigma context rule, which
libcudf and ferrodf do not).
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from str_helpers import TEXT, TEXTS, check, col, sliced

import ferrodf.plc as plc

C = plc.strings.case


def per_char(values, upper):
    f = str.upper if upper else str.lower
    return [None if s is None else "".join(f(ch) for ch in s) for s in values]


SIMPLE = ["Hello World", "wörld", "", None, "ÉCOLE", "日本語", "😀 Emoji", "ÀÉÎ àéî", "ΑΒΓ αβγ"]


@pytest.mark.parametrize("upper", [False, True], ids=["lower", "upper"])
def test_vs_pyarrow(upper):
    f = C.to_upper if upper else C.to_lower
    oracle = pc.utf8_upper if upper else pc.utf8_lower
    check(f(col(SIMPLE)), oracle(pa.array(SIMPLE)).to_pylist(), pa.string())


@pytest.mark.parametrize("upper", [False, True], ids=["lower", "upper"])
def test_full_mapping(upper):
    f = C.to_upper if upper else C.to_lower
    check(f(col(TEXT)), per_char(TEXT, upper), pa.string())


def test_special_cases():
    assert C.to_upper(col(["straße", "ﬁx"])).to_arrow().to_pylist() == ["STRASSE", "FIX"]
    assert C.to_lower(col(["İ", "ΟΔΟΣ"])).to_arrow().to_pylist() == ["i̇", "οδοσ"]


def test_sliced_and_empty():
    check(C.to_upper(sliced(TEXT, 2, 9)), per_char(TEXT[2:9], True), pa.string())
    check(C.to_lower(col([])), [], pa.string())
    check(C.to_lower(col([None])), [None], pa.string())


def test_wrong_type():
    with pytest.raises(TypeError, match="to_lower"):
        C.to_lower(plc.Column.from_arrow(pa.array([1.5])))


@given(TEXTS)
def test_case_property(texts):
    assert C.to_upper(col(texts)).to_arrow().to_pylist() == per_char(texts, True)
    assert C.to_lower(col(texts)).to_arrow().to_pylist() == per_char(texts, False)
