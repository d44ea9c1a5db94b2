"""Every Python notebook runs top to bottom in a real ipykernel, without error outputs;
the frames render as HTML tables with a dtype row and a line saying where the data lives."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@functools.cache  # several tests read one execution's outputs: each notebook runs once
def execute(name: str):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    return nb


def outputs(nb, kind: str) -> list:
    return [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.output_type == kind
    ]


@pytest.mark.parametrize(
    "name", ["quickstart.ipynb", "plc_low_level.ipynb", "gpu_memory.ipynb", "explore.ipynb"]
)
def test_notebook_runs_without_errors(name):
    nb = execute(name)
    assert not outputs(nb, "error"), [o.get("evalue") for o in outputs(nb, "error")]
    assert all(c.get("outputs") for c in nb.cells if c.cell_type == "code"), (
        "every code cell shows something"
    )


def test_quickstart_shows_html_tables():
    nb = execute("quickstart.ipynb")
    html = [
        o["data"]["text/html"]
        for o in outputs(nb, "execute_result")
        if "text/html" in o.get("data", {})
    ]
    assert len(html) >= 6
    assert all(
        'class="ferrodf-dtypes"' in h and "ferrodf-location" in h for h in html if "ferrodf" in h
    )
    assert any('colspan="2"' in h for h in html), "the MultiIndex columns are grouped"


def test_gpu_memory_shows_spilling_statistics_and_where_data_lives():
    import ferrodf

    nb = execute("gpu_memory.ipynb")
    texts = [
        o["data"].get("text/plain", "") + o["data"].get("text/html", "")
        for o in outputs(nb, "execute_result")
    ] + ["".join(o.get("text", "")) for o in outputs(nb, "stream")]
    text = "\n".join(texts)
    assert "ferrodf memory statistics" in text
    assert "ferrodf-location" in text
    # The kernel inherits FERRODF_DEVICE: on a GPU run the 256 MiB limit spills parts.
    if ferrodf.get_option("device") != "cpu" and ferrodf.gpu_info() is not None:
        assert "'spilled'" in text and "spilled from the GPU" in text
    else:
        assert "'host'" in text


def test_dask_scale_out_runs_on_a_local_cluster():
    """The Dask notebook: a two-worker cluster, a partitioned Parquet dataset written and
    read back as ferrodf partitions, groupby and merge results as ferrodf tables, and the
    dashboard link printed."""
    pytest.importorskip("distributed")
    nb = execute("dask_scale_out.ipynb")
    assert not outputs(nb, "error"), [o.get("evalue") for o in outputs(nb, "error")]
    text = "".join(o.get("text", "") for o in outputs(nb, "stream"))
    assert "dashboard: http" in text and "partitions of DataFrame" in text
    html = [o["data"].get("text/html", "") for o in outputs(nb, "execute_result")]
    assert sum("ferrodf-dtypes" in h for h in html) >= 3  # groupby and merge results


def _text(nb) -> str:
    return "\n".join(
        [
            o["data"].get("text/plain", "") + o["data"].get("text/html", "")
            for o in outputs(nb, "execute_result")
        ]
        + ["".join(o.get("text", "")) for o in outputs(nb, "stream")]
    )


def test_quickstart_reads_a_csv_with_missing_values_and_dates():
    """The quickstart's Python-only part: the CSV read back with its gaps counted, cleaned,
    dates grouped by month, and a missing pandas method's hint and workaround."""
    nb = execute("quickstart.ipynb")
    text = _text(nb)
    assert "datetime64" in text and "&lt;NA&gt;" in text
    assert "docs/migration.md" in text and "Saturday" in text


def test_plc_notebook_shows_residency_and_the_series_round_trip():
    nb = execute("plc_low_level.ipynb")
    text = _text(nb)
    assert "'vals': 'host" in text or "'vals': 'device" in text
    assert "Name: price" in text or "price" in text


def test_gpu_memory_renders_statistics_as_a_table_and_the_recorded_run():
    nb = execute("gpu_memory.ipynb")
    html = "".join(o["data"].get("text/html", "") for o in outputs(nb, "execute_result"))
    assert 'class="ferrodf-memory-statistics"' in html
    recorded = "".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "recorded on an H200" in recorded and "host+device" in recorded


def test_explore_runs_at_the_parameter_size(monkeypatch):
    """The 10^7-row exploration (smaller here: the size is the notebook's parameter, read
    from FERRODF_EXPLORE_ROWS, which the kernel inherits); the full size runs in
    test_notebook_runs_without_errors."""
    monkeypatch.setenv("FERRODF_EXPLORE_ROWS", "20000")
    nb = execute.__wrapped__("explore.ipynb")  # not the cached full-size run
    assert not outputs(nb, "error"), [o.get("evalue") for o in outputs(nb, "error")]
    text = _text(nb)
    assert "20,000 rows on" in text and "expensive sales in Oslo" in text
