"""`pip install .` from the repository root builds the same package as `make build` /
`make wheel` (which build pyapi/ through pyapi/pyproject.toml): the two pyproject files
must describe one package. And the root pyproject must not change how the tools of the
repository find their settings (ruff reads ruff.toml; pytest has no section there)."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def load(path: Path) -> dict:
    return tomllib.loads(path.read_text())


def test_root_and_pyapi_describe_one_package():
    root, pyapi = load(REPO / "pyproject.toml"), load(REPO / "pyapi" / "pyproject.toml")
    assert root["build-system"] == pyapi["build-system"]
    assert root["project"] == pyapi["project"], "keep [project] of both pyproject files equal"
    for key in ("module-name", "bindings"):
        assert root["tool"]["maturin"][key] == pyapi["tool"]["maturin"][key]


def test_root_paths_point_at_pyapi():
    maturin = load(REPO / "pyproject.toml")["tool"]["maturin"]
    manifest = REPO / maturin["manifest-path"]
    assert manifest == REPO / "pyapi" / "Cargo.toml" and manifest.is_file()
    source = REPO / maturin["python-source"]
    assert (source / "ferrodf" / "__init__.py").is_file()
    assert (
        source
        == REPO
        / "pyapi"
        / (load(REPO / "pyapi" / "pyproject.toml"))["tool"]["maturin"]["python-source"]
    )


def test_tools_keep_their_own_configuration():
    root = load(REPO / "pyproject.toml")
    assert "ruff" not in root.get("tool", {}), "ruff's settings live in ruff.toml"
    assert "pytest" not in root.get("tool", {})
    assert (REPO / "ruff.toml").is_file()
