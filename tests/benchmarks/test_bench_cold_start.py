"""bench/bench_cold_start.py at N=1e4, one question per task: its worker processes run,
report, and the tables come out, so the script the GPU run depends on never rots. Timings
are not checked (benchmarks print tables; tests do not time)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import ferrodf

ROOT = Path(__file__).resolve().parents[2]


def test_cold_start_script_runs(tmp_path):
    # "auto" on a GPU, as the db-benchmark smoke test: a question may fall back to the host
    device = "auto" if ferrodf.get_option("device") == "gpu" else ferrodf.get_option("device")
    env = dict(os.environ, FERRODF_DBBENCH_DATA=str(tmp_path / "data"), FERRODF_DEVICE=device)
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_cold_start.py"), "--n", "1e4",
         "--questions", "1", "--import-reps", "1", "--json", str(tmp_path / "r.json")],
        env=env, capture_output=True, text=True, check=True, timeout=600,
    ).stdout  # fmt: skip
    assert "import ferrodf: first" in out
    assert "| q1 sum v1 by id1 |" in out
    assert "| q1 small inner on int |" in out
    report = json.loads((tmp_path / "r.json").read_text())
    assert set(report["results"]) == {"groupby", "join"}
    for task in report["results"].values():
        (process,) = task["processes"]
        runs = process["questions"]["1"]
        assert len(runs) == 2 and all(r["s"] >= 0 for r in runs)
        if process["gpu"] is not None:
            assert set(runs[0]["modules"]) >= {"embedded", "disk_cache", "nvrtc", "nvrtc_keys"}
