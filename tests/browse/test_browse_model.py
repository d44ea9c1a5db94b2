"""The interactive view's Python side without a browser: pages, sort, filter, summaries,
the filter parser's errors and the widget's messages, with pandas as the oracle."""

from __future__ import annotations

import importlib.util

import numpy as np
import pandas as pd
import pytest

import ferrodf
from ferrodf import memory
from ferrodf.browse import Browser, FilterError, browse, parse
from ferrodf.browse._model import _cell

N = 500

# The widget itself needs anywidget (installed by `make test`; the GPU machine has none):
# without it, browse() raises ImportError saying so, and the model is tested alone.
needs_anywidget = pytest.mark.skipif(
    importlib.util.find_spec("anywidget") is None, reason="anywidget is not installed"
)


def make_pandas(n: int = N, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    price = rng.normal(50, 20, n).round(2)
    price[rng.random(n) < 0.1] = np.nan
    city = rng.choice(["paris", "lyon", "nice", "lille", "brest"], n, p=[0.4, 0.25, 0.2, 0.1, 0.05])
    city = pd.Series(city, dtype=object)
    city[rng.random(n) < 0.05] = None
    when = pd.Series(pd.date_range("2024-01-01", periods=n, freq="h"))
    when[rng.random(n) < 0.05] = pd.NaT
    return pd.DataFrame(
        {
            "units": rng.integers(-5, 100, n),
            "price": price,
            "city": city,
            "when": when,
            "flag": rng.random(n) < 0.3,
            "note": [f"row {i} " + "x" * (i % 7) for i in range(n)],
        },
        index=pd.Index(np.arange(n) * 3 + 7, name="id"),
    )


@pytest.fixture(scope="module")
def pdf() -> pd.DataFrame:
    return make_pandas()


@pytest.fixture(scope="module")
def df(pdf: pd.DataFrame) -> ferrodf.DataFrame:
    return ferrodf.from_pandas(pdf)


def expected_cells(part: pd.DataFrame) -> list[list[str | None]]:
    """The oracle's page: pandas' rows, each value as the browser's text."""
    return [[_cell(v) for v in row] for row in part.itertuples(index=False, name=None)]


def index_cells(part: pd.DataFrame) -> list[list[str | None]]:
    return [[_cell(v)] for v in part.index]


# -- pages -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("start", "stop"), [(0, 50), (200, 300), (N - 40, N), (N - 10, N + 90), (N + 5, N + 50)]
)
def test_page_first_middle_last_beyond(df, pdf, start, stop):
    b = Browser(df)
    page = b.page(start, stop)
    part = pdf.iloc[start:stop]
    assert (page["start"], page["stop"]) == (min(start, N), min(stop, N))
    assert page["rows"] == expected_cells(part)
    assert page["index"] == index_cells(part)
    assert b.pages_sent == ([(start, min(stop, N))] if start < N else [])


def test_page_of_sliced_frame(df, pdf):
    b = Browser(df.iloc[123:321])
    page = b.page(150, 250)
    part = pdf.iloc[123:321].iloc[150:250]
    assert page["rows"] == expected_cells(part) and page["stop"] - page["start"] == len(part)
    assert page["index"] == index_cells(part)


def test_page_of_empty_frame(df):
    b = Browser(df.iloc[0:0])
    assert b.n_rows == 0
    assert b.page(0, 100) == {"start": 0, "stop": 0, "index": [], "rows": []}
    assert all(s["nulls"] == 0 for s in b.summaries())


@pytest.mark.parametrize(
    ("start", "stop", "match"),
    [(-1, 5, "row number >= 0"), (5, 4, ">= its start"), (0, 5000, "at most"), (1.5, 3, ">= 0")],
)
def test_page_bad_requests(df, start, stop, match):
    with pytest.raises(ValueError, match=match):
        Browser(df).page(start, stop)


def test_nulls_are_none_and_long_values_whole(pdf):
    long = "word " * 400
    data = pd.DataFrame({"s": ["a", None, long], "f": [1.5, np.nan, 2.0]})
    page = Browser(ferrodf.from_pandas(data)).page(0, 3)
    assert page["rows"][1] == [None, None]
    assert page["rows"][2][0] == long  # the hover text shows all of it


def test_multiindex_columns_and_index_names():
    cols = pd.MultiIndex.from_tuples([("sales", "2023"), ("sales", "2024"), ("stock", "now")])
    data = pd.DataFrame(np.arange(12).reshape(4, 3), columns=cols)
    b = Browser(ferrodf.from_pandas(data))
    assert b.columns() == [[str(p) for p in c] for c in data.columns]
    assert b.index_names() == [""]
    rows = pd.MultiIndex.from_tuples([(1, "x"), (1, "y"), (2, "x"), (3, "z")], names=["k", None])
    b2 = Browser(ferrodf.from_pandas(data.set_axis(rows)))
    assert b2.index_names() == ["k", ""]
    assert b2.page(1, 4)["index"] == [[_cell(v) for v in lab] for lab in rows[1:4]]
    assert b.page(1, 3)["rows"] == expected_cells(data.iloc[1:3])
    b.set_filter("`sales/2024` > 4")
    assert b.page(0, 10)["rows"] == expected_cells(data[data[("sales", "2024")] > 4])


# -- sort --------------------------------------------------------------------------------
@pytest.mark.parametrize("column", ["units", "price", "city", "when", "note"])
def test_sort_cycle_equals_pandas(df, pdf, column):
    b = Browser(df)
    j = list(pdf.columns).index(column)
    for ascending in (True, False):
        b.sort(j)
        assert b.sort_order == ("ascending" if ascending else "descending")
        want = pdf.sort_values(column, ascending=ascending, na_position="last", kind="stable")
        page = b.page(0, N)
        got_col = [row[j] for row in page["rows"]]
        assert got_col == [_cell(v) for v in want[column]]
        # whole rows travel with their key (ties may be ordered differently)
        assert sorted(map(tuple, page["rows"]), key=str) == sorted(
            map(tuple, expected_cells(want)), key=str
        )
    b.sort(j)
    assert (b.sort_column, b.sort_order) == (None, None)
    assert b.page(0, N)["rows"] == expected_cells(pdf)


def test_sort_bad_column(df):
    with pytest.raises(ValueError, match="no column number"):
        Browser(df).sort(99)
    with pytest.raises(ValueError, match="order is"):
        Browser(df).sort(0, "sideways")


# -- filter ------------------------------------------------------------------------------
FILTERS = [
    # (the browser's filter, pandas' query with the same meaning)
    ("units > 50", "units > 50"),
    ("units <= 0 | units == 99", "units <= 0 | units == 99"),
    ("price >= 60.5 & city == 'paris'", "price >= 60.5 & city == 'paris'"),
    ("price != 50", "price != 50"),
    ('city != "lyon"', "city != 'lyon'"),
    ("city < 'm'", "city < 'm'"),
    ("(units > 90 | price < 10) & flag == True", "(units > 90 | price < 10) & flag == True"),
    ("price isna", "price.isna()"),
    ("city notna & city contains 'li'", "city.notna() & city.str.contains('li', na=False)"),
    ('`note` contains "xxxx"', "note.str.contains('xxxx')"),
    ("when > '2024-01-10'", "when > '2024-01-10'"),
    ('when isna | when < "2024-01-02 05:00"', "when.isna() | when < '2024-01-02 05:00'"),
    ("  ", "index == index"),
]


@pytest.mark.parametrize(("text", "query"), FILTERS)
@pytest.mark.parametrize("rows", [slice(None), slice(57, 431)])
def test_filter_equals_pandas_query(df, pdf, text, query, rows):
    b = Browser(df.iloc[rows])
    b.set_filter(text)
    assert b.filter_error == ""
    want = pdf.iloc[rows].query(query, engine="python")
    assert b.n_rows == len(want)
    page = b.page(0, 1000)
    assert page["rows"] == expected_cells(want)
    assert page["index"] == index_cells(want)


def test_filter_then_sort(df, pdf):
    b = Browser(df)
    b.set_filter("units > 20 & city == 'nice'")
    b.sort(1, "descending")
    want = pdf.query("units > 20 & city == 'nice'").sort_values(
        "price", ascending=False, na_position="last", kind="stable"
    )
    assert [r[1] for r in b.page(0, 1000)["rows"]] == [_cell(v) for v in want["price"]]


def test_filter_on_categorical():
    data = pd.DataFrame(
        {"c": pd.Categorical(["u", "v", None, "u", "w", "vv"] * 5), "i": np.arange(30)}
    )
    for rows in (slice(None), slice(4, 25)):
        b = Browser(ferrodf.from_pandas(data).iloc[rows])
        part = data.iloc[rows]
        for text, query in [
            ("c == 'u'", "c == 'u'"),
            ("c != 'u'", "c != 'u'"),
            ("c contains 'v'", "c.astype('str').str.contains('v') & c.notna()"),
            ("c isna | i < 3", "c.isna() | i < 3"),
        ]:
            b.set_filter(text)
            assert b.filter_error == ""
            assert b.page(0, 100)["rows"] == expected_cells(part.query(query, engine="python"))


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("units >", "ends early"),
        ("units > > 3", "expected a number"),
        ("units 3", "expected ==, !="),
        ("(units > 3", "expected '\\)'|ends early"),
        ("units > 3)", "unexpected"),
        ("units > 3 price < 2", "join conditions"),
        ("nope > 3", "no column 'nope'"),
        ("units > 'a'", "compare it with a number"),
        ("city > 3", "quoted string"),
        ("flag == 1", "True or False"),
        ("when > 'not a date'", "not a timestamp"),
        ("units contains 'a'", "text columns"),
        ("city contains 3", "quoted string"),
        ("units > 3 ; import os", "cannot read"),
        ("__import__('os')", "expected ==, !="),
        ("``", "empty column name"),
    ],
)
def test_filter_errors(df, text, match):
    with pytest.raises(FilterError, match=match):
        from ferrodf.browse._filter import apply

        apply(df, text)
    b = Browser(df)
    b.set_filter("units > 0")
    b.set_filter(text)  # a bad filter keeps the rows and says why
    assert b.filter_error
    assert b.filter_text == "units > 0"


def test_parse_tree():
    node = parse("a > 1 & (b == 'x' | c isna)")
    assert node is not None and node.op == "&" and node.right.op == "|"
    assert parse("") is None


# -- summaries ---------------------------------------------------------------------------
def check_summary(s: dict, col: pd.Series) -> None:
    assert s["nulls"] == int(col.isna().sum())
    if s["kind"] == "number":
        d = col.describe()
        for key in ("min", "max", "mean"):
            assert s[key] == pytest.approx(float(d[key]), nan_ok=True) or (
                s[key] is None and np.isnan(d[key])
            )
        values = col.dropna().to_numpy(dtype=float)
        if len(values):
            lo, hi = values.min(), values.max()
            width = (hi - lo) / 20 if hi > lo else 1.0
            bins = np.clip(np.floor((values - lo) / width), 0, 19) if hi > lo else values * 0
            want = pd.Series(bins.astype(int)).value_counts()
            assert s["hist"] == [int(want.get(i, 0)) for i in range(20)]
            assert sum(s["hist"]) == len(values)
    elif s["kind"] in ("string", "bool", "category"):
        assert s["distinct"] == col.nunique()
        counts = col.value_counts()
        got = s["top"]
        assert [n for _, n in got] == counts.head(3).tolist()
        for v, n in got:
            assert counts[v if s["kind"] != "bool" else bool(v)] == n
    elif s["kind"] == "datetime":
        lo, hi = col.min(), col.max()
        assert s["min"] == (None if pd.isna(lo) else lo.isoformat())
        assert s["max"] == (None if pd.isna(hi) else hi.isoformat())


@pytest.mark.parametrize("rows", [slice(None), slice(33, 290), slice(0, 1)])
def test_summaries_equal_pandas(df, pdf, rows):
    b = Browser(df.iloc[rows])
    sums = b.summaries()
    part = pdf.iloc[rows]
    assert [s["dtype"] for s in sums] == [str(t) for t in df.dtypes.to_pandas()]
    for s, name in zip(sums, part.columns, strict=True):
        check_summary(s, part[name])


def test_summaries_follow_the_filter_and_are_cached(df, pdf):
    b = Browser(df)
    first = b.summaries()
    assert b.summaries() is first  # computed once per filter
    b.set_filter("city == 'lyon'")
    filtered = b.summaries()
    want = pdf.query("city == 'lyon'")
    for s, name in zip(filtered, want.columns, strict=True):
        check_summary(s, want[name])
    b.sort(0)
    assert b.summaries() is filtered  # sorting changes no summary
    b.set_filter("")
    assert b.summaries() is first


def test_summaries_of_categorical_and_all_null():
    data = pd.DataFrame(
        {"c": pd.Categorical(["b", "a", None, "b", "c", "b", "a"]), "e": [np.nan] * 7}
    )
    sums = Browser(ferrodf.from_pandas(data).iloc[1:]).summaries()
    check_summary(sums[0], data["c"].iloc[1:])
    assert sums[1] == {
        "dtype": "float64",
        "kind": "number",
        "nulls": 6,
        "min": None,
        "max": None,
        "mean": None,
        "hist": [],
    }


# -- the widget --------------------------------------------------------------------------
class Sent(list):
    def __call__(self, msg, buffers=None):
        self.append(msg)


@needs_anywidget
def test_widget_messages(df, pdf):
    w = df.browse(page_size=50)
    w.send = sent = Sent()
    assert (w.n_rows, w.total_rows, w.version) == (N, N, 1)
    reply = w.handle({"type": "page", "start": 50, "stop": 100, "request": 7})
    assert sent == [reply] and reply["request"] == 7 and reply["version"] == 1
    assert reply["rows"] == expected_cells(pdf.iloc[50:100])
    w.handle({"type": "sort", "column": 0})
    assert (w.sort_column, w.sort_order, w.version) == (0, "ascending", 2)
    w.handle({"type": "filter", "text": "units >"})
    assert "ends early" in w.filter_error and w.version == 2  # the rows stay
    w.handle({"type": "filter", "text": "units > 90"})
    assert w.filter_error == "" and w.n_rows == int((pdf["units"] > 90).sum())
    bad = w.handle({"type": "page", "start": -3, "stop": 2})
    assert bad["type"] == "error" and "row number" in bad["message"]
    assert w.handle({"type": "dance"})["type"] == "error"
    assert "data in" in w.location and "memory" in w.location


@needs_anywidget
def test_series_browse(pdf):
    s = ferrodf.from_pandas(pdf)["price"]
    w = s.browse()
    assert w.columns == [["price"]] and w.n_rows == N
    check_summary(w.summaries[0], pdf["price"])
    with pytest.raises(TypeError, match="DataFrame or Series"):
        browse(pdf)


@needs_anywidget
def test_display_interactive_option(df):
    bundle = df._repr_mimebundle_()
    assert bundle is None  # off by default: IPython shows the static table
    with ferrodf.option_context("display.interactive", True):
        data, _ = df._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data
        assert data["text/html"] == df._repr_html_()  # the static table is the fallback
        assert df.head(5)._repr_mimebundle_() is None  # short frames stay static
        assert df["units"]._repr_mimebundle_() is not None
        assert ferrodf.options.display.interactive is True
    assert ferrodf.get_option("display.interactive") is False
    with pytest.raises(TypeError, match="True or False"):
        ferrodf.set_option("display.interactive", 1)


# -- only pages move ---------------------------------------------------------------------
def test_browsing_moves_only_pages():
    """Scrolling a large frame sends only pages: on the CPU the pages served are counted;
    on a GPU (FERRODF_DEVICE=gpu) the device->host bytes stay a small share of the frame."""
    n = 1_000_000
    rng = np.random.default_rng(1)
    big = ferrodf.DataFrame({"a": np.arange(n), "b": rng.random(n), "c": rng.integers(0, 9, n)})
    on_gpu = ferrodf.get_option("device") == "gpu"
    if on_gpu:
        memory.prefetch(big, "device")
        big = big.sort_values("a")  # a result computed on the GPU lives only there
    memory.reset_statistics()
    # the model behind the widget (what the widget's messages call), with what the widget
    # shows first: the static fallback and the column summaries
    b = Browser(big)
    b.static_html(), b.summaries()
    for start in (0, 100, n // 2, n - 100):
        b.page(start, start + 100)
    b.sort(1)
    b.page(0, 100)
    pages = b.pages_sent
    assert sum(stop - start for start, stop in pages) == 500
    moved = memory.statistics().device_to_host["bytes"]
    frame_bytes = big.memory_usage().sum()
    if on_gpu:
        assert memory.location(big) == "device"
    # pages (500 rows x 24 B), the static fallback's head and tail, summaries' scalars and
    # bin counts: far below the frame
    assert moved < frame_bytes / 100, (moved, frame_bytes)
