"""scripts/gpu_soak.py at a small size, so the soak the device machine runs for minutes
(docs/reliability.md) keeps working: on the host path here, on the GPU in the GPU suite."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gpu_soak.py"


def load_soak():
    spec = importlib.util.spec_from_file_location("gpu_soak", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_soak_passes_and_frees_what_it_allocates():
    soak = load_soak()
    args = argparse.Namespace(cycles=40, threads=3, seconds=2.0, max_rows=3000, seed=7)
    rows, failures = soak.run(args)
    assert failures == []
    assert [r[0] for r in rows] == [
        "create/compute/drop cycles, 1 thread",
        "mixed operations, 3 threads",
    ]
    assert rows[0][1] == 40 and rows[1][1] > 0
    assert all(before == after for *_, before, after in rows)


def test_a_wrong_answer_is_reported():
    soak = load_soak()
    import numpy as np

    import ferrodf

    tally = soak.Tally()
    pdf = soak.random_frame(np.random.default_rng(1), 500)
    wrong = pdf.assign(v=pdf["v"].fillna(0.0) + 1.0)
    for seed in range(16):  # every operation reads v or w; some read both
        soak.one_op(np.random.default_rng(seed), pdf, ferrodf.DataFrame(wrong), tally)
    assert sum(tally.ops.values()) == 16
    assert len(tally.failures) >= 8
