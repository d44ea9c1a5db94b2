"""Series.str and Series.dt against pandas."""

from __future__ import annotations

import pandas as pd
import pytest

from ferrodf import Series

TEXT = pd.Series(
    ["  Apple pie", "banana", None, "Ça va? ÉTÉ", "", "x-y-z", "straße "], dtype=object
)


def same(got, expected):
    g = got.to_pandas().astype(object)
    e = expected.astype(object)
    assert g.where(g.notna(), None).tolist() == e.where(e.notna(), None).tolist()


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.str.len(),
        lambda s: s.str.lower(),
        lambda s: s.str.upper(),
        lambda s: s.str.contains("an", regex=False),
        lambda s: s.str.contains("a"),
        lambda s: s.str.startswith("ba"),
        lambda s: s.str.endswith(" "),
        lambda s: s.str.find("a"),
        lambda s: s.str.replace("a", "AA"),
        lambda s: s.str.replace("-", "", n=1),
        lambda s: s.str.slice(1, 4),
        lambda s: s.str.slice(-3),
        lambda s: s.str[::2],
        lambda s: s.str.strip(),
        lambda s: s.str.lstrip(),
        lambda s: s.str.rstrip(" e"),
        lambda s: s.str.cat(s, sep="|"),
    ],
)
def test_str_methods(call, host_if_missing):
    same(host_if_missing(lambda: call(Series(TEXT))), call(TEXT))


def test_str_split_and_cat(host_if_missing):
    s = pd.Series(["a-b-c", "d", None, "e-f"])
    got = host_if_missing(lambda: Series(s).str.split("-", expand=True)).to_pandas()
    expected = s.str.split("-", expand=True)
    assert got.shape == expected.shape
    assert (
        got.astype(object).where(got.notna(), None).values.tolist()
        == expected.astype(object).where(expected.notna(), None).values.tolist()
    )
    lists = host_if_missing(lambda: Series(s).str.split("-")).tolist()
    assert lists == [list(v) if isinstance(v, list) else None for v in s.str.split("-")]
    assert Series(s).str.cat(sep=",") == s.str.cat(sep=",")


def test_str_errors(host_if_missing):
    with pytest.raises(AttributeError, match="string values"):
        Series([1, 2]).str.lower()
    with pytest.raises(ValueError, match="RE2"):  # lookbehind: Python's re has it, RE2 not
        host_if_missing(lambda: Series(["a"]).str.contains("(?<=a)b"))


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.str.contains(r"a.*e"),
        lambda s: s.str.contains(r"^\s+A", case=False),
        lambda s: s.str.contains(r"[éÉ]"),
        lambda s: s.str.replace(r"[aeiou]", "_", regex=True),
        lambda s: s.str.replace(r"-(\w)", r"<\1>", regex=True),
        lambda s: s.str.replace(r"\s+", " ", n=1, regex=True),
    ],
    ids=["contains", "contains-nocase", "contains-class", "replace", "replace-group", "replace-n"],
)
def test_str_regular_expressions(call, host_if_missing):
    """Regular expressions run on the host (a counted fallback; an error in gpu mode)."""
    same(host_if_missing(lambda: call(Series(TEXT))), call(TEXT))


def test_str_regex_fallback_is_counted_on_a_gpu():
    import ferrodf

    ferrodf.reset_host_fallbacks()
    with ferrodf.option_context("device", "cpu"):
        Series(TEXT).str.contains("a.+")
    assert "str.contains" not in ferrodf.host_fallbacks()  # the host is the placement
    if ferrodf.gpu_info() is not None:
        with ferrodf.option_context("device", "gpu"), pytest.raises(NotImplementedError):
            Series(TEXT).str.contains("a.+")
        with ferrodf.option_context("device", "auto"), pytest.warns(RuntimeWarning):
            Series(TEXT).str.contains("a.+")
        assert ferrodf.host_fallbacks()["str.contains"] >= 1


STAMPS = pd.Series(
    pd.to_datetime(
        ["2020-02-29 13:45:01.123456789", "1969-12-31 23:59:59.999999", None, "2024-07-01"],
        format="ISO8601",
    ),
    dtype="datetime64[ns]",
)


@pytest.mark.parametrize(
    "field",
    [
        "year",
        "month",
        "day",
        "hour",
        "minute",
        "second",
        "microsecond",
        "nanosecond",
        "dayofweek",
        "dayofyear",
    ],
)
def test_dt_fields(field, host_if_missing):
    same(host_if_missing(lambda: getattr(Series(STAMPS).dt, field)), getattr(STAMPS.dt, field))


@pytest.mark.parametrize("how", ["floor", "ceil", "round"])
@pytest.mark.parametrize("freq", ["D", "h", "min", "s", "ms"])
def test_dt_rounding(how, freq, host_if_missing):
    got = host_if_missing(lambda: getattr(Series(STAMPS).dt, how)(freq)).to_pandas()
    expected = getattr(STAMPS.dt, how)(freq)
    assert got.tolist() == expected.tolist() or got.equals(expected)


def test_dt_errors():
    with pytest.raises(AttributeError, match="datetime values"):
        Series([1]).dt.year  # noqa: B018
    with pytest.raises(ValueError, match="frequency"):
        Series(STAMPS).dt.floor("fortnight")
