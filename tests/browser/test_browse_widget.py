"""The interactive view in a real browser with a live kernel: JupyterLab opens a notebook
that builds a 10^6-row frame and shows ``df.browse()``, runs its cells (the widget needs a
kernel to answer its page requests), and Chromium, driven by Playwright, scrolls to the last
row, sorts by clicking a header, filters, and hovers a long value; a second widget shows
MultiIndex columns as grouped headers. The oracle is pandas on
the same generated data. Screenshots go to build/browser/browse-*.png.

Skips without Chromium or Playwright unless FERRODF_REQUIRE_BROWSER=1 (as `make test`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

# A conftest.py here would shadow tests/conftest.py, which other tests import by name.
from browser_session import (  # noqa: F401 (a fixture)
    chromium_page,
    lab_server,
    sync_playwright,
)

from ferrodf.browse._model import _cell

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "build" / "browser"
N = 1_000_000

MAKE_FRAME = f"""\
import numpy as np
import pandas as pd

def make_frame(n={N}):
    rng = np.random.default_rng(29)
    price = rng.normal(50, 20, n).round(2)
    city = np.array(["paris", "lyon", "nice", "lille", "brest"])[rng.integers(0, 5, n)]
    note = np.array(["short", "a note", "tiny"])[rng.integers(0, 3, n)].astype(object)
    note[n - 1] = "the last row holds a long note: " + "much more than fits " * 20
    return pd.DataFrame({{"id": np.arange(n), "price": price, "city": city, "note": note}})
"""

CELLS = [
    MAKE_FRAME,
    "import ferrodf\nfrom ferrodf import memory\n"
    "df = ferrodf.from_pandas(make_frame())\nmemory.reset_statistics()\n"
    "w = df.browse(page_size=100)\nw",
    # the report cell, run again after the browsing: what the kernel sent
    "import json\nsent = w.browser.pages_sent\n"
    "print('REPORT', json.dumps({'rows': sum(b - a for a, b in sent), 'pages': len(sent),"
    " 'largest': max((b - a for a, b in sent), default=0),"
    " 'd2h': memory.statistics().device_to_host['bytes'], 'frame': int(df.memory_usage().sum())}))",
    # MultiIndex columns: grouped headers
    "wide = pd.DataFrame(np.arange(12).reshape(3, 4), columns=pd.MultiIndex.from_tuples("
    "[('sales', '2023'), ('sales', '2024'), ('stock', 'now'), ('stock', 'min')]))\n"
    "ferrodf.from_pandas(wide).browse()",
]


def make_pandas():
    namespace: dict = {}
    exec(MAKE_FRAME, namespace)  # the same generator as the notebook's first cell
    return namespace["make_frame"]()


@pytest.fixture
def notebook(sync_playwright) -> Path:
    import nbformat

    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("browse*.png"):
        old.unlink()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = OUT / "browse.ipynb"
    nbformat.write(nb, path)
    return path


def run_cell(page, n: int) -> None:
    """Select cell ``n`` (0-based) and run it with Shift+Enter."""
    cell = page.locator(".jp-Notebook .jp-Cell").nth(n)
    cell.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Shift+Enter")


def report(page) -> dict:
    """The report cell's printed JSON, once it is there."""
    out = page.locator(".jp-Notebook .jp-Cell").nth(2).locator(".jp-OutputArea-output")
    out.filter(has_text="REPORT").wait_for(timeout=120_000)
    text = out.inner_text()
    return json.loads(re.search(r"REPORT (\{.*\})", text).group(1))


def shown_rows(widget) -> list[list[str]]:
    return widget.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )


def expected(part) -> list[list[str]]:
    """pandas' rows as the widget shows them: index then cells, missing values as <NA>."""
    return [
        [str(i)] + ["<NA>" if (v := _cell(x)) is None else v for x in row]
        for i, row in zip(part.index, part.itertuples(index=False, name=None), strict=True)
    ]


def test_browse_a_million_rows_in_jupyterlab(sync_playwright, notebook, tmp_path):
    from playwright.sync_api import expect

    pdf = make_pandas()
    with (
        lab_server(OUT, tmp_path) as (base, token),
        sync_playwright() as p,
        chromium_page(p, tmp_path) as page,
    ):
        try:
            page.goto(f"{base}/lab/tree/browse.ipynb?token={token}", timeout=120_000)
            # wait for the kernel, then run the cells in order
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=120_000)
            expect(page.locator(".jp-StatusBar-TextItem", has_text="| Idle")).to_have_count(
                1, timeout=120_000
            )
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
            widget = page.locator(".ferrodf-browse").first
            grouped = page.locator(".ferrodf-browse").nth(1)
            expect(grouped.locator("th.fd-group-label")).to_have_text(["sales", "stock"])
            expect(grouped.locator("th.fd-group-label").first).to_have_attribute("colspan", "2")
            expect(grouped.locator("th.fd-label")).to_have_text(["2023", "2024", "now", "min"])
            expect(widget).to_be_visible(timeout=180_000)
            expect(widget.locator(".fd-shape")).to_have_text("1,000,000 rows \u00d7 4 columns")
            expect(widget.locator(".fd-badge")).to_have_text(re.compile(r"^data in .*memory"))
            # the header: a label, a dtype and a summary per column
            expect(widget.locator("th.fd-label")).to_have_text(list(pdf.columns))
            expect(widget.locator(".fd-spark")).to_have_count(2)  # id and price
            rows = widget.locator("tbody tr")
            expect(rows.first).to_have_attribute("data-row", "0", timeout=60_000)
            assert shown_rows(widget)[:5] == expected(pdf.iloc[:5])
            widget.screenshot(path=str(OUT / "browse-top.png"))

            # scroll to the end: the last row's values appear
            scroller = widget.locator(".fd-scroll")
            scroller.evaluate("e => { e.scrollTop = e.scrollHeight; }")
            expect(rows.last).to_have_attribute("data-row", str(N - 1), timeout=60_000)
            assert shown_rows(widget)[-3:] == expected(pdf.iloc[-3:])
            widget.screenshot(path=str(OUT / "browse-end.png"))

            # widen the "note" column as dragging its header's corner does
            note = widget.locator("th.fd-label .fd-resize").nth(3)
            note.evaluate("b => { b.style.width = '420px'; }")
            expect(widget.locator("col").nth(4)).to_have_attribute(
                "style", re.compile(r"width: 43\dpx")
            )
            note.evaluate("b => { b.style.width = ''; }")
            # hover the long value: its cell is cut short, its title holds it all
            long_cell = rows.last.locator("td").nth(3)
            long_cell.hover()
            assert long_cell.get_attribute("title") == pdf["note"].iloc[-1]
            assert long_cell.evaluate("c => c.scrollWidth > c.clientWidth")
            expect(widget.locator(".fd-tip")).to_have_text(pdf["note"].iloc[-1])
            widget.screenshot(path=str(OUT / "browse-hover.png"))

            # only pages moved: ask the kernel what it sent
            run_cell(page, 2)
            sent = report(page)
            assert sent["largest"] <= 100 and sent["rows"] <= 20 * 100, sent
            assert sent["d2h"] < sent["frame"] / 100, sent

            # click "price": ascending, as pandas sorts it
            scroller.evaluate("e => { e.scrollTop = 0; }")
            widget.locator("th.fd-label", has_text="price").click()
            expect(widget.locator("th.fd-label", has_text="price")).to_contain_text("\u25b2")
            want = pdf.sort_values("price", kind="stable").iloc[:8]
            expect(rows.first).to_have_attribute("data-row", "0")
            expect(rows.nth(7).locator("td").nth(1)).to_have_text(_cell(want["price"].iloc[7]))
            got = shown_rows(widget)[:8]
            assert [r[2] for r in got] == [_cell(v) for v in want["price"]]
            widget.screenshot(path=str(OUT / "browse-sorted.png"))

            # filter: a typed expression, executed by ferrodf
            box = widget.locator(".fd-filter-input")
            box.fill("price > 100 & city == 'nice'")
            box.press("Enter")
            want = pdf.query("price > 100 & city == 'nice'").sort_values("price", kind="stable")
            expect(widget.locator(".fd-shape")).to_have_text(
                f"{len(want):,} rows \u00d7 4 columns (filtered from 1,000,000)", timeout=60_000
            )
            expect(rows.nth(2).locator("td").nth(1)).to_have_text(_cell(want["price"].iloc[2]))
            assert shown_rows(widget)[:5] == expected(want.iloc[:5])
            widget.screenshot(path=str(OUT / "browse-filtered.png"))

            # a bad expression: the widget says why and keeps the rows
            box.fill("price >")
            box.press("Enter")
            expect(widget.locator(".fd-error")).to_contain_text("ends early")
            expect(rows.nth(2).locator("td").nth(1)).to_have_text(_cell(want["price"].iloc[2]))
            widget.screenshot(path=str(OUT / "browse-error.png"))
        except Exception:
            page.screenshot(path=str(OUT / "browse-failure.png"))  # what the page showed
            raise
    for name in ("top", "end", "hover", "sorted", "filtered", "error"):
        shot = OUT / f"browse-{name}.png"
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5_000
