"""scripts/fault_injection.py at a small size (needs a GPU: the hook fails device and
pinned allocations), so the campaign docs/reliability.md reports keeps working."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import ferrodf
from ferrodf import _lib

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load(name: str):
    sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_rejects_an_unknown_target():
    with pytest.raises(ValueError, match='"device" or "pinned"'):
        _lib.inject_allocation_failures("disk", 0, 1)
    assert _lib.stop_allocation_failures() == 0


@pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")
def test_every_injected_failure_spills_or_raises_memory_error():
    campaign = load("fault_injection")
    with ferrodf.option_context(device="gpu"):
        lines, findings = campaign.run(rows=20_000, seed=3)
    assert findings == []
    assert any("MemoryError" in line for line in lines)
    assert any("right answer" in line for line in lines)
