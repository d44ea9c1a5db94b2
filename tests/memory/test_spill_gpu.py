"""Spilling when the GPU itself is full (not just past a soft limit), and the MemoryError
when even spilling cannot make room. These tests fill the GPU, so they run alone
(marker gpu_exclusive; scripts/gpu_check.sh runs them after the sharded suite), each in a
fresh process whose memory pool starts empty.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from conftest import runs_on_gpu


def _gpu() -> bool:
    return runs_on_gpu()


pytestmark = [
    pytest.mark.gpu_exclusive,
    pytest.mark.skipif("not _gpu()", reason="needs a GPU (FERRODF_DEVICE=gpu run)"),
]

# Leaves ROOM bytes of the GPU free (CuPy holds the rest, outside any pool), then works on
# data that needs more than that.
PRELUDE = """
import numpy as np, cupy as cp, ferrodf
from ferrodf import memory
GiB = 1 << 30
free, total = cp.cuda.runtime.memGetInfo()
ROOM = 3 * GiB
hog = cp.cuda.runtime.malloc(free - ROOM)
rng = np.random.default_rng(0)
"""


def _run(body: str) -> str:
    pytest.importorskip("cupy")
    code = PRELUDE + textwrap.dedent(body)
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "FERRODF_DEVICE": "gpu"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_a_full_gpu_spills_on_demand():
    out = _run(
        """
        n = GiB // 8
        data = [rng.integers(0, 100, n, dtype=np.int64) for _ in range(5)]
        series = [ferrodf.Series(v) for v in data]
        for s in series:  # 5 GiB of live data in 3 GiB of room
            memory.prefetch(s, "device")
        for s, v in zip(series, data):
            assert s.sum() == v.sum()
        st = memory.statistics()
        assert st.spills_on_demand >= 2, st
        assert st.spills["count"] >= 2, st
        print("OK", st.spills_on_demand, st.spills["count"], st.unspills["count"])
        """
    )
    assert out.startswith("OK")


def test_memory_error_only_when_one_operation_cannot_fit():
    out = _run(
        """
        small = ferrodf.Series(rng.integers(0, 9, GiB // 8, dtype=np.int64))
        memory.prefetch(small, "device")
        huge = ferrodf.Series(np.zeros(5 * GiB // 8, dtype=np.int64))
        try:
            memory.prefetch(huge, "device")
        except MemoryError as e:
            msg = str(e)
            assert "nothing more can be spilled" in msg, msg
            assert "cannot allocate 5.0 GiB" in msg, msg
            print("OK", msg)
        else:
            raise AssertionError("a 5 GiB column fitted in 3 GiB")
        # The failed attempt spilled what it could and lost nothing.
        assert small.sum() == small.to_numpy().sum()
        """
    )
    assert out.startswith("OK")


def test_an_exposed_buffer_is_not_spilled_under_pressure():
    out = _run(
        """
        keep = ferrodf.Series(rng.integers(0, 9, GiB // 8, dtype=np.int64))
        alias = cp.asarray(keep)  # exposed
        others = [ferrodf.Series(rng.integers(0, 9, GiB // 8, dtype=np.int64)) for _ in range(3)]
        for s in others:
            memory.prefetch(s, "device")
        assert memory.location(keep) in ("device", "host+device"), memory.location(keep)
        assert int(alias.sum()) == int(keep.to_numpy().sum())
        print("OK")
        """
    )
    assert out.startswith("OK")
