"""A real browser shows ferrodf's HTML tables: the quickstart notebook is executed with
nbclient into build/browser/, served by JupyterLab on 127.0.0.1 and opened in Debian's
Chromium (headless) driven by Playwright. The stored outputs render without a kernel
running anything. The test checks that the first frame's table, its dtype row and its
location line are visible, and saves a screenshot to build/browser/quickstart.png.

`make test` installs Chromium first and sets FERRODF_REQUIRE_BROWSER=1, which turns a
missing tool into a failure; run alone without them, the test skips and says why.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

# A conftest.py here would shadow tests/conftest.py, which other tests import by name.
from browser_session import (  # noqa: F401 (a fixture)
    chromium_page,
    lab_server,
    sync_playwright,
)

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "build" / "browser"
SCREENSHOT = OUT / "quickstart.png"


@pytest.fixture
def executed_quickstart(sync_playwright) -> Path:
    """notebooks/quickstart.ipynb executed, outputs stored, in build/browser/."""
    import nbclient
    import nbformat

    OUT.mkdir(parents=True, exist_ok=True)
    SCREENSHOT.unlink(missing_ok=True)
    nb = nbformat.read(REPO / "notebooks" / "quickstart.ipynb", as_version=4)
    nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(OUT)}}
    ).execute()
    path = OUT / "quickstart.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture
def jupyterlab(executed_quickstart, tmp_path):
    """A JupyterLab server serving build/browser."""
    with lab_server(OUT, tmp_path) as server:
        yield server


def test_quickstart_tables_in_chromium(sync_playwright, jupyterlab, tmp_path):
    from playwright.sync_api import expect

    base, token = jupyterlab

    with sync_playwright() as p, chromium_page(p, tmp_path) as page:
        page.goto(f"{base}/lab/tree/quickstart.ipynb?token={token}", timeout=120_000)
        # the stored outputs of the notebook; the first frame is the sales table
        frame = page.locator(".jp-OutputArea-output div.ferrodf").first
        expect(frame).to_be_visible(timeout=120_000)
        frame.scroll_into_view_if_needed()
        table = frame.locator("table.dataframe")
        expect(table).to_be_visible()
        expect(frame.locator("p.ferrodf-shape")).to_have_text("1000 rows \u00d7 5 columns")
        headers = table.locator("thead tr").first.locator("th")
        expect(headers).to_have_text(["", "city", "product", "units", "price", "revenue"])
        dtypes = table.locator("tr.ferrodf-dtypes")
        expect(dtypes).to_be_visible()
        # the oracle: the dtype names pandas gives the same columns
        text = str(pd.Series(["a"]).dtype)
        expect(dtypes.locator("th, td")).to_have_text(
            ["dtype", text, text, "int64", "float64", "float64"]
        )
        location = frame.locator("p.ferrodf-location")
        expect(location).to_be_visible()
        expect(location).to_have_text(re.compile(r"^data in (host|GPU|GPU and host) memory"))
        # head and tail rows with the elision row between them
        expect(table.locator("tbody tr")).to_have_count(11)
        expect(table.locator("tbody tr.ferrodf-ellipsis")).to_be_visible()
        box = table.bounding_box()
        assert box and box["width"] > 300 and box["height"] > 200, box
        page.screenshot(path=str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 10_000
    # the PNG shows the page as laid out in the viewport
    assert SCREENSHOT.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
