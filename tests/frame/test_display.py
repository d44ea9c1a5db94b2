"""Text and HTML display, checked structurally (the HTML is parsed)."""

from __future__ import annotations

from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest

import ferrodf
from ferrodf import DataFrame, Series


class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.classes, self.ps = [], None, None, [], []
        self.in_p = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.row = []
            self.classes.append(attrs.get("class"))
        elif tag in ("td", "th"):
            self.cell = ""
            self.span = int(attrs.get("colspan", 1))
        elif tag == "p":
            self.in_p = attrs.get("class")
            self.ps.append([self.in_p, ""])

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.row.extend([self.cell] * self.span)
            self.cell = None
        elif tag == "tr":
            self.rows.append(self.row)
        elif tag == "p":
            self.in_p = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        elif self.in_p is not None:
            self.ps[-1][1] += data


def parse(html):
    p = TableParser()
    p.feed(html)
    return p


def test_html_structure():
    df = DataFrame({"x": [1, 2, 3], "y": ["<b>", "b", None]})
    p = parse(df._repr_html_())
    assert p.rows[0] == ["", "x", "y"]
    assert p.classes[1] == "ferrodf-dtypes" and p.rows[1] == ["dtype", "int64", "str"]
    assert p.rows[2:] == [["0", "1", "<b>"], ["1", "2", "b"], ["2", "3", "<NA>"]]
    assert "&lt;b&gt;" in df._repr_html_()
    shape = dict(p.ps)["ferrodf-shape"]
    assert "3 rows" in shape and "2 columns" in shape
    # the place named is where the columns are (host on a CPU machine; data made from
    # Python lists stays there on a GPU machine until a kernel reads it)
    places = {c.plc_column.residency() for c in df._data.columns}
    host = bool(places & {"host", "host+device"})
    device = bool(places & {"device", "host+device"})
    place = {(True, False): "host", (False, True): "GPU", (True, True): "GPU and host"}
    assert dict(p.ps)["ferrodf-location"].startswith(f"data in {place[host, device]} memory, ")


def test_html_truncation_and_options():
    df = DataFrame({f"c{i}": np.arange(100) for i in range(30)})
    p = parse(df._repr_html_())
    body = p.rows[2:]
    assert len(body) == 11  # 5 head + ellipsis + 5 tail (min_rows=10)
    assert p.classes[2 + 5] == "ferrodf-ellipsis"
    assert body[-1][0] == "99"
    assert "..." in p.rows[0] and len(p.rows[0]) == 1 + 20 + 1
    with ferrodf.option_context("display.max_rows", 200, "display.max_columns", 0):
        p2 = parse(df._repr_html_())
        assert len(p2.rows) == 2 + 100 and len(p2.rows[0]) == 31
    assert ferrodf.get_option("display.max_rows") == 60
    ferrodf.options.display.min_rows = 4
    try:
        assert len(parse(df._repr_html_()).rows) == 2 + 5
    finally:
        ferrodf.reset_option("display.min_rows")
    assert ferrodf.get_option("display.min_rows") == pd.get_option("display.min_rows") == 10


def test_multiindex_headers_grouped():
    cols = pd.MultiIndex.from_tuples([("a", "x"), ("a", "y"), ("b", "x")])
    df = DataFrame.from_pandas(pd.DataFrame([[1, 2, 3]], columns=cols))
    html = df._repr_html_()
    assert 'colspan="2"' in html
    p = parse(html)
    assert p.rows[0] == ["", "a", "a", "b"] and p.rows[1] == ["", "x", "y", "x"]


@pytest.mark.parametrize(
    "pdf",
    [
        pd.DataFrame({"x": [1, 22, 333], "name": ["a", "bb", "ccc"]}),
        pd.DataFrame({"city": ["Lima", "Oslo"], "units": [8, 15], "price": [4.84, 2.86]}),
        pd.DataFrame({"city": ["Lima"] * 100, "units": [8] * 100}),
        pd.DataFrame(
            [[3, 9.0, 7], [5, 15.5, 1]],
            columns=pd.MultiIndex.from_tuples(
                [("tea", "units"), ("tea", "revenue"), ("coffee", "units")]
            ),
        ),
    ],
)
def test_text_matches_pandas(pdf):
    assert repr(DataFrame.from_pandas(pdf)) == repr(pdf)


def test_text_series_matches_pandas():
    s = pd.Series([1.5, 2.25, 3.0], name="v")
    assert repr(Series(s)) == repr(s)


def test_text_truncated_footer():
    df = DataFrame({"x": np.arange(100)})
    text = repr(df)
    assert text.endswith("[100 rows x 1 columns]")
    assert "..." in text


@pytest.mark.parametrize(
    "value,expected", [(1e20, "1.000000e+20"), (0.1, "0.1"), (float("nan"), "<NA>")]
)
def test_float_formatting(value, expected):
    assert expected in repr(DataFrame({"x": [value]}))
