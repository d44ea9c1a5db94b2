"""The per-column summary header of HTML tables (``display.summary``), computed by the Rust
frontend (the same header evcxr shows), checked against pandas and numpy on the parsed
HTML: null counts, histogram bin counts, range and mean of numbers, distinct counts and
top values of text, booleans and categories, the range of timestamps."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest

import ferrodf

BINS = 20


class SummaryParser(HTMLParser):
    """The cells of the ``ferrodf-nulls`` and ``ferrodf-summary`` rows: each cell's text
    lines (``<br>`` separated, outside the histogram) and the histogram's bar counts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[dict]] = {}
        self.row: list[dict] | None = None
        self.cell: dict | None = None
        self.in_svg = self.in_title = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "tr" and cls in ("ferrodf-nulls", "ferrodf-summary"):
            self.row = self.rows.setdefault(cls.removeprefix("ferrodf-"), [])
        elif tag == "td" and self.row is not None:
            self.cell = {"lines": [""], "bars": []}
        elif tag == "br" and self.cell is not None:
            self.cell["lines"].append("")
        elif tag == "svg":
            self.in_svg = True
        elif tag == "title":
            self.in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.cell is not None and self.row is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "svg":
            self.in_svg = False
        elif tag == "title":
            self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.cell is None:
            return
        if self.in_title:
            self.cell["bars"].append(int(data))
        elif not self.in_svg:
            self.cell["lines"][-1] += data


def summary_of(obj: ferrodf.DataFrame | ferrodf.Series) -> dict[str, list[dict]]:
    with ferrodf.option_context("display.summary", True):
        html = obj._repr_html_()
    p = SummaryParser()
    p.feed(html)
    return p.rows


def make_pandas(n: int = 200, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    x = rng.normal(10, 4, n)
    x[rng.random(n) < 0.1] = np.nan
    words = np.array(["apple", "pear", "fig", "kiwi", "plum"])
    s = pd.Series(words[rng.choice(5, n, p=[0.4, 0.25, 0.2, 0.1, 0.05])], dtype="str")
    s[rng.random(n) < 0.1] = None
    t = pd.Series(pd.Timestamp("2024-01-01") + pd.to_timedelta(rng.integers(0, 10**6, n), "s"))
    t[rng.random(n) < 0.1] = pd.NaT
    return pd.DataFrame(
        {
            "x": x,
            "i": rng.integers(-50, 50, n),
            "s": s,
            "b": rng.random(n) < 0.3,
            "t": t,
            "c": pd.Categorical(s, categories=["plum", "kiwi", "fig", "pear", "apple"]),
        }
    )


def check_column(cell_nulls: dict, cell: dict, col: pd.Series) -> None:
    assert cell_nulls["lines"] == [str(int(col.isna().sum()))]
    values = col.dropna()
    if values.empty:
        assert cell == {"lines": [""], "bars": []}
        return
    if isinstance(col.dtype, pd.CategoricalDtype) or col.dtype in ("str", "object", "bool"):
        counts = values.astype(str).value_counts()
        assert cell["lines"][0] == f"{counts.size} distinct"
        top = [f"{v} ({n})" for v, n in counts.head(3).items()]
        assert cell["lines"][1:] == top
    elif pd.api.types.is_datetime64_any_dtype(col):
        lo, hi = cell["lines"][0], cell["lines"][1].removeprefix("\u2013 ")
        assert (pd.Timestamp(lo), pd.Timestamp(hi)) == (values.min(), values.max())
    else:
        lo, hi = values.min(), values.max()
        want, _ = np.histogram(values.to_numpy(float), bins=BINS, range=(lo, hi))
        if lo == hi:  # numpy widens the range by 0.5 each way; one value sits in bin 0 here
            want = np.roll(want, -int(np.argmax(want)))
        assert cell["bars"] == want.tolist()
        assert cell["lines"][0] == ""  # the histogram stands first
        shown_lo, shown_hi = cell["lines"][1].split(" \u2013 ")
        assert (float(shown_lo), float(shown_hi)) == pytest.approx((lo, hi), abs=5e-7)  # 6 digits
        mean = float(cell["lines"][2].removeprefix("mean "))
        assert mean == pytest.approx(values.mean(), abs=5e-4)


@pytest.mark.parametrize("rows", [slice(None), slice(37, 150), slice(0, 1)])
def test_summary_header_equals_pandas(rows: slice) -> None:
    pdf = make_pandas().iloc[rows]
    df = ferrodf.DataFrame(make_pandas()).iloc[rows]  # sliced: offset != 0
    got = summary_of(df)
    assert len(got["nulls"]) == len(got["summary"]) == pdf.shape[1]
    for k, name in enumerate(pdf.columns):
        check_column(got["nulls"][k], got["summary"][k], pdf[name])


def test_series_summary_and_all_missing_column() -> None:
    pds = pd.Series([None, np.nan, None], dtype="float64", name="empty")
    got = summary_of(ferrodf.Series(pds).to_frame())
    check_column(got["nulls"][0], got["summary"][0], pds)
    pds = pd.Series([2.5, 2.5, np.nan], name="one value")
    got = summary_of(ferrodf.Series(pds).to_frame())
    assert got["summary"][0]["bars"] == [2] + [0] * (BINS - 1)  # all in the first bin


def test_empty_frame_and_elided_columns() -> None:
    pdf = make_pandas().iloc[:0]
    got = summary_of(ferrodf.DataFrame(pdf))
    assert [c["lines"] for c in got["nulls"]] == [["0"]] * pdf.shape[1]
    wide = pd.DataFrame({f"c{k}": np.arange(5.0) * k for k in range(30)})
    with ferrodf.option_context("display.max_columns", 4):
        got = summary_of(ferrodf.DataFrame(wide))
    assert len(got["summary"]) == 5  # 4 shown columns and the elision cell
    assert got["summary"][2] == {"lines": [""], "bars": []}


def test_summary_is_off_by_default_and_the_option_checks_its_value() -> None:
    html = ferrodf.DataFrame(make_pandas())._repr_html_()
    assert not re.search("ferrodf-(nulls|summary)", html)
    with pytest.raises(TypeError, match="True or False"):
        ferrodf.set_option("display.summary", 1)
    assert ferrodf.get_option("display.summary") is False
