"""scripts/record_notebook.py: runs code cells without Jupyter as IPython would (last
expression shown, HTML where there is one, errors recorded and later cells still run) and
merges the recordings into the notebook idempotently."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "record_notebook.py"
spec = importlib.util.spec_from_file_location("record_notebook", SCRIPT)
record_notebook = importlib.util.module_from_spec(spec)
spec.loader.exec_module(record_notebook)


def _notebook(tmp_path: Path) -> Path:
    def code(src: str) -> dict:
        return {
            "cell_type": "code",
            "metadata": {},
            "source": src,
            "outputs": [],
            "execution_count": None,
        }

    nb = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# t"},
            code("import ferrodf\nx = 2\nprint('x is', x)"),
            code("df = ferrodf.DataFrame({'a': [1, 2]})\ndf"),
            code("1 / 0"),
            code("display(x + 1)\nx = None"),
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "t.ipynb"
    path.write_text(json.dumps(nb))
    return path


def test_run_and_merge(tmp_path: Path) -> None:
    path = _notebook(tmp_path)
    records = record_notebook.run(path)
    assert [r["cell"] for r in records] == [1, 2, 3, 4]
    assert records[0]["stdout"] == "x is 2\n"
    assert "<table" in records[1]["displayed"][0]["html"]
    assert "ZeroDivisionError" in records[2]["error"]
    assert records[3]["displayed"] == [{"text": "3"}]  # ran after the failing cell
    record_notebook.merge(path, records, "Recorded here")
    record_notebook.merge(path, records, "Recorded again")  # replaces, does not add
    cells = json.loads(path.read_text())["cells"]
    recorded = [c for c in cells if c["metadata"].get(record_notebook.RECORDED)]
    assert len(cells) == 5 + 4 and len(recorded) == 4
    assert all("Recorded again" in "".join(c["source"]) for c in recorded)
    assert cells[2]["metadata"].get(record_notebook.RECORDED)  # right after its code cell
