"""The transfer audit (statistics level 3): every host/device copy recorded with the
ferrodf function that caused it, and ``scripts/transfer_audit.py``'s verdict on a run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import runs_on_gpu

import ferrodf
import ferrodf.plc as plc
from ferrodf import DataFrame, memory

ROOT = Path(__file__).resolve().parents[2]


def _gpu() -> bool:
    return runs_on_gpu()


@pytest.fixture
def audit():
    before = ferrodf.get_option("memory.statistics")
    ferrodf.set_option("memory.statistics", 3)
    memory.reset_statistics()
    yield
    ferrodf.set_option("memory.statistics", before)


def _copies(function_suffix: str) -> list[tuple]:
    return [t for t in memory.statistics().transfers if t[0].endswith(function_suffix)]


def test_level_three_lists_copies_and_prints_them(audit):
    df = DataFrame({"a": np.arange(10)})
    df["b"] = df["a"] * 2
    df.to_pandas()
    stats = memory.statistics()
    assert stats.level == 3
    for _site, origin, direction, count, nbytes, largest in stats.transfers:
        assert direction in ("host -> device", "device -> host")
        assert count >= 1 and nbytes >= largest > 0
        assert ".rs:" in origin
    assert "copies by public function:" in repr(stats)
    memory.reset_statistics()
    assert memory.statistics().transfers == []


def test_host_mode_makes_no_copies(audit):
    with ferrodf.option_context("device", "cpu"):
        df = DataFrame({"a": np.arange(1000)})
        df["n"] = 1.0
        df.groupby("a").sum().to_pandas()
    assert memory.statistics().transfers == []


@pytest.mark.skipif("not _gpu()", reason="needs a GPU (FERRODF_DEVICE=gpu run)")
def test_scalar_assignment_builds_the_column_on_the_device(audit):
    n = 1_000_000
    df = DataFrame({"a": np.arange(n)})
    memory.prefetch(df, "device")
    memory.reset_statistics()
    df["n"] = 1.0
    df["s"] = "text"
    df["m"] = None
    # no copy of n values: at most the scalar's bits and sizes read back
    assert all(t[5] <= 16 for t in _copies("DataFrame.__setitem__")), _copies("__setitem__")
    got = df.to_pandas()
    assert (got["n"] == 1.0).all() and (got["s"] == "text").all() and got["m"].isna().all()
    moved = _copies("DataFrame.to_pandas")
    assert moved and all(t[2] == "device -> host" for t in moved)


def run_verdict(directory):
    """scripts/transfer_audit.py on the audit files in ``directory``: the process and its
    markdown report."""
    report = directory / "report.md"
    script = ROOT / "scripts" / "transfer_audit.py"
    r = subprocess.run(
        [sys.executable, str(script), str(directory), "--markdown", str(report)],
        capture_output=True,
        text=True,
    )
    return r, report.read_text() if report.exists() else ""


def test_verdict_script_separates_documented_and_hidden(tmp_path):
    rows = [
        {
            "function": "ferrodf.dataframe.DataFrame.to_pandas",
            "origin": "core/src/buffer.rs:1",
            "direction": "device -> host",
            "count": 1,
            "bytes": 800,
            "largest": 800,
            "test": "t1",
        },
        {
            "function": "ferrodf.series.Series.sum",
            "origin": "core/src/x.rs:2",
            "direction": "device -> host",
            "count": 3,
            "bytes": 24,
            "largest": 8,
            "test": "t2",
        },
        {
            "function": "ferrodf.dataframe.DataFrame.drop",
            "origin": "core/src/y.rs:3",
            "direction": "device -> host",
            "count": 1,
            "bytes": 4000,
            "largest": 4000,
            "test": "t3",
        },
    ]
    (tmp_path / "audit-1.json").write_text(json.dumps(rows[:2]))
    (tmp_path / "audit-2.json").write_text(json.dumps(rows[2:]))
    r, text = run_verdict(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "## Hidden transfers: 1" in text
    assert "DataFrame.drop" in text and "t3" in text
    assert "converting to host objects" in text
    assert "scalars and counts" in text
    only_documented = tmp_path / "ok"
    only_documented.mkdir()
    (only_documented / "audit-1.json").write_text(json.dumps(rows[:2]))
    r, _ = run_verdict(only_documented)
    assert r.returncode == 0


def test_verdict_script_reads_origins(tmp_path):
    """An upload whose bytes were made by converting an input is the input's first use, and
    an Arrow export by a plc call straight from a test is a conversion; an upload of bytes
    an operation made on the host stays hidden."""

    def row(function, origin, direction):
        return {
            "function": function,
            "origin": origin,
            "direction": direction,
            "count": 1,
            "bytes": 4000,
            "largest": 4000,
            "test": function,
        }

    rows = [
        row("ferrodf._ops.add", "core/src/interop/arrow.rs:120", "host -> device"),
        row(
            "pyapi/src/errors.rs (called from test_join)",
            "core/src/interop/arrow.rs:336",
            "device -> host",
        ),
        row("ferrodf.dataframe.DataFrame.drop", "frontend/src/reindex.rs:144", "host -> device"),
        row("ferrodf._ops.sub", "core/src/interop/arrow.rs:120", "device -> host"),
    ]
    (tmp_path / "audit-1.json").write_text(json.dumps(rows))
    r, text = run_verdict(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "## Hidden transfers: 2" in text
    assert "first use of data built from host input" in text
    hidden = text.split("## Hidden transfers")[1]
    assert "DataFrame.drop" in hidden and "_ops.sub" in hidden and "_ops.add" not in hidden


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_first_upload_is_recorded_where_the_bytes_were_made(audit):
    """A column converted from Arrow on the host is uploaded when first computed on; the
    audit names the conversion as the origin, not the lazy migration in buffer.rs."""
    c = plc.Column.from_arrow(pa.array(np.arange(4096, dtype=np.int64)))
    ferrodf.memory.reset_statistics()
    plc.unary.unary_operation(c, plc.unary.UnaryOperator.ABS)
    uploads = [t for t in ferrodf.memory.statistics().transfers if t[2] == "host -> device"]
    assert uploads, "the column was not uploaded"
    assert not any(t[1].startswith("core/src/buffer.rs") for t in uploads), uploads


def test_verdict_script_needs_audit_files(tmp_path):
    script = ROOT / "scripts" / "transfer_audit.py"
    r = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 2 and "no audit files" in r.stderr


def test_pandas_is_unchanged_by_the_audit(audit):
    # the oracle path (pandas) never touches the audit
    pd.DataFrame({"a": [1]}).sum()
    assert memory.statistics().transfers == []
