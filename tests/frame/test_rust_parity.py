"""Parity of the Python pandas API with the Rust frontend (issue 22, section 3): every
public name of the Python DataFrame, Series, Index, MultiIndex, GroupBy, ``.str`` and
``.dt`` has a row in docs/rust-parity.md, with its Rust counterpart (which must exist in
``frontend/src``) or the reason it is Python only. The gaps ("not yet") may only shrink."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The number of Python names without a Rust counterpart yet. Lower it when a gap closes;
# a new Python name without a Rust counterpart (or a reason) makes the test fail.
MAX_NOT_YET = 0


def _script():
    spec = importlib.util.spec_from_file_location("parity", REPO / "scripts" / "parity_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_parity_table_is_current():
    text, _ = _script().table()
    doc = (REPO / "docs" / "rust-parity.md").read_text()
    assert doc == text, "docs/rust-parity.md is stale: run python scripts/parity_table.py"


def test_gaps_only_shrink():
    _, counts = _script().table()
    assert counts["not yet"] <= MAX_NOT_YET, (
        f"{counts['not yet']} Python names lack a Rust counterpart (at most {MAX_NOT_YET}): "
        "add the Rust method to frontend/, or say in scripts/parity_table.py why it is "
        "Python only"
    )


def test_named_rust_counterparts_exist():
    module = _script()
    methods = module.rust_methods()
    doc = (REPO / "docs" / "rust-parity.md").read_text()
    named = re.findall(r"`(\w+)::(\w+)", doc)
    assert named
    for rust_type, fn in named:
        if rust_type in ("BinaryOp", "Reduction", "ferrodf", "core"):
            continue
        owners = [t for t, fns in methods.items() if t.split("<")[0] == rust_type]
        assert any(fn in methods[t] for t in owners), f"{rust_type}::{fn} is not in frontend/src"


def test_every_python_name_has_a_row():
    module = _script()
    doc = (REPO / "docs" / "rust-parity.md").read_text()
    for cls, names in module.python_names().items():
        for name in names:
            assert f"| `{cls}.{name}` |" in doc, f"{cls}.{name} has no row in docs/rust-parity.md"
