"""The db-benchmark harness at N=1e5: every question of every installed library runs and
the answers agree (rows and column sums), so the harness never rots. Timings are not
checked here (benchmarks print tables; tests do not time)."""

from __future__ import annotations

import importlib.util

import pytest

import ferrodf
from bench.dbbench.run import run, table

LIBS = [lib for lib in ("ferrodf", "pandas", "polars", "duckdb") if importlib.util.find_spec(lib)]


@pytest.mark.parametrize("task", ["groupby", "join"])
@pytest.mark.parametrize("nas", [0, 5])
def test_answers_agree(tmp_path, task, nas):
    if task == "join" and nas:
        pytest.skip("the join data has no null variant")
    # with device="gpu" an operation without a device path raises; the harness runs
    # ferrodf as a user would, in "auto" mode (on the GPU, host fallbacks counted)
    device = "auto" if ferrodf.get_option("device") == "gpu" else ferrodf.get_option("device")
    with ferrodf.option_context(device=device):
        results, failures = run(100_000, [task], LIBS, nas=nas, data_dir=tmp_path)
    assert not failures, "\n".join(failures)
    questions = results[task]
    assert len(questions) == (10 if task == "groupby" else 5)
    assert all(set(per_lib) == set(LIBS) for per_lib in questions.values())
    assert "ferrodf" in table(results, task, LIBS, 100_000)
