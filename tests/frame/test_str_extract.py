"""Series.str.extract and Series.str.findall against pandas."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from frame_dtypes import assert_same_dtypes

from ferrodf import Series

TEXT = pd.Series(
    ["a1 b22", "banana", None, "Ça va 3", "", "x-9-y", "straße 42", "日本1語2"], dtype="str"
)


def rows(frame: pd.DataFrame) -> list[list]:
    f = frame.astype(object)
    return f.where(f.notna(), None).values.tolist()


@pytest.mark.parametrize(
    "pat",
    [r"([a-z])(\d+)", r"(?P<letter>[a-zß])(?P<digit>\d)?", r"(\d)", r"(?P<w>\w+) (\d)", r"(日)(.)"],
)
def test_extract_frame(pat, host_if_missing):
    got = host_if_missing(lambda: Series(TEXT).str.extract(pat)).to_pandas()
    expected = TEXT.str.extract(pat)
    assert list(got.columns) == list(expected.columns)
    assert rows(got) == rows(expected)


@pytest.mark.parametrize("pat", [r"(\d+)", r"(?P<num>\d+)", r"([aeiou])"])
def test_extract_series(pat, host_if_missing):
    got = host_if_missing(lambda: Series(TEXT).str.extract(pat, expand=False))
    expected = TEXT.str.extract(pat, expand=False)
    assert got.name == expected.name
    assert_same_dtypes(got.to_pandas(), expected)  # the object casts below hide them
    g = got.to_pandas().astype(object)
    e = expected.astype(object)
    assert g.where(g.notna(), None).tolist() == e.where(e.notna(), None).tolist()


def test_extract_flags_and_compiled(host_if_missing):
    p = re.compile(r"(A)(N)", re.IGNORECASE)
    got = host_if_missing(lambda: Series(TEXT).str.extract(p)).to_pandas()
    assert rows(got) == rows(TEXT.str.extract(p))
    got = host_if_missing(lambda: Series(TEXT).str.extract(r"(a)(n)", flags=re.I)).to_pandas()
    assert rows(got) == rows(TEXT.str.extract(r"(a)(n)", flags=re.I))


@pytest.mark.parametrize("pat", [r"\d+", "[aeiou]", r"\w+", "an|日", r"(?:a)n"])
def test_findall(pat, host_if_missing):
    got = host_if_missing(lambda: Series(TEXT).str.findall(pat)).tolist()
    expected = TEXT.str.findall(pat).tolist()
    assert got == [v if isinstance(v, list) else None for v in expected]


def test_errors():
    with pytest.raises(ValueError, match="no capture groups"):
        Series(TEXT).str.extract(r"\d")
    with pytest.raises(ValueError, match="exactly one capture group"):
        Series(TEXT).str.extract(r"(a)(b)", expand=False)
    with pytest.raises(TypeError, match="string pattern"):
        Series(TEXT).str.findall(3)
    with pytest.raises(NotImplementedError, match="capture groups"):
        Series(TEXT).str.findall(r"(\d)")
