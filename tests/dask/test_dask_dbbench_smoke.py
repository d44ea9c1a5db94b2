"""bench/dask_dbbench.py at a tiny N on CPU workers: the Dask runs (1 and 2 workers) and
ferrodf alone agree on every question it runs (the script exits 1 on a mismatch) and the
table is printed. The figures themselves come from the GPU machine (docs/benchmarks.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("distributed")

from bench.dask_dbbench import main


def test_dask_dbbench_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--n", "1e4", "--workers", "1", "2", "--cpu", "--questions", "3", "--partitions", "4"]
    assert main([*argv, "--data-dir", str(tmp_path), "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "| groupby q (N=1e+04) | ferrodf (s) | dask 1 worker (s) | dask 2 workers (s)" in out
    assert "| q3 medium outer on int |" in out and "| q3 sum v1 mean v3 by id3 |" in out
    assert (tmp_path / "r.json").exists()
