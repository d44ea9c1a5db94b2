"""The Rust crate `ferrodf` (frontend/) in evcxr: the Jupyter kernel runs
notebooks/evcxr_quickstart.ipynb, and the `evcxr` REPL is driven line by line.

`make test` installs evcxr first and sets FERRODF_REQUIRE_EVCXR=1, which turns a missing
tool into a failure; run alone without evcxr, the tests skip and say why.

evcxr compiles ferrodf (a debug build, `:opt 0`) the first time, a few minutes; its build
directory is build/evcxr (EVCXR_TMPDIR), kept between runs, so later runs compile only the
cells. Both tests use the same directory and dependencies and so share that build.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "evcxr_quickstart.ipynb"
EVCXR_TMPDIR = REPO / "build" / "evcxr"
# the first build of ferrodf in evcxr; later cells take seconds
TIMEOUT = 1800
LOCATION = re.compile(r"data in (host|GPU|GPU and host) memory, \d")


def missing(what: str) -> None:
    if os.environ.get("FERRODF_REQUIRE_EVCXR") == "1":
        pytest.fail(f"{what} (FERRODF_REQUIRE_EVCXR=1: `make evcxr` installs it)")
    pytest.skip(f"{what}; `make evcxr` installs it")


def find_tool(name: str) -> str:
    cargo_bin = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo")) / "bin"
    path = shutil.which(name) or shutil.which(name, path=str(cargo_bin))
    if path is None:
        missing(f"`{name}` is not installed")
    return path


@pytest.fixture
def evcxr_env(monkeypatch, tmp_path):
    """EVCXR_TMPDIR in build/evcxr, and an empty evcxr config directory (a user's
    init.evcxr or prelude.rs stays out of the test).

    evcxr resolves the dependencies afresh, as in a user's project: it builds an empty
    crate at start-up, which prunes any Cargo.lock put there first."""
    EVCXR_TMPDIR.mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("EVCXR_TMPDIR", str(EVCXR_TMPDIR))
    monkeypatch.setenv("EVCXR_CONFIG_DIR", str(tmp_path / "evcxr-config"))
    return dict(os.environ)


def outputs(nb, *kinds: str) -> list:
    return [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.output_type in kinds
    ]


def test_evcxr_notebook(evcxr_env):
    from jupyter_client.kernelspec import KernelSpecManager

    if "rust" not in KernelSpecManager().find_kernel_specs():
        missing("the evcxr Jupyter kernel `rust` is not registered (`evcxr_jupyter --install`)")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.metadata.kernelspec.name == "rust"
    start = time.monotonic()
    nbclient.NotebookClient(
        nb,
        timeout=TIMEOUT,
        startup_timeout=120,
        kernel_name="rust",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    print(f"evcxr notebook: {time.monotonic() - start:.0f} s")

    errors = outputs(nb, "error")
    assert not errors, [(e.get("ename"), e.get("evalue")) for e in errors]
    stderr = [o.text for o in outputs(nb, "stream") if o.name == "stderr"]
    assert not any("error" in t.lower() for t in stderr), stderr
    results = outputs(nb, "execute_result", "display_data")
    # a frame shown through Debug means evcxr could not call evcxr_display on it
    debug = [o.data for o in results if "ColumnAccessor {" in o.data.get("text/plain", "")]
    assert not debug, debug
    rich = [o for o in results if "text/html" in o.data]
    tables = [o.data["text/html"] for o in rich if "ferrodf" in o.data["text/html"]]
    assert len(tables) == 10, f"{len(tables)} HTML tables"
    for html in tables:
        assert '<table border="1" class="dataframe">' in html
        assert '<tr class="ferrodf-dtypes"><th><i>dtype</i></th>' in html
        assert LOCATION.search(html), html
    # each rich output also carries the text table
    assert all("text/plain" in o.data for o in rich)
    compare_with_python(nb)


# Code cells of quickstart.ipynb whose Rust counterpart shows something else: where the
# code runs (a dict in Python, a line in Rust) and the pandas hand-over (Python only).
PYTHON_ONLY_CELLS = {0: "prints the device", 11: "to_pandas() is Python only"}


def compare_with_python(rust_nb) -> None:
    """Cell by cell, the Rust notebook shows what the Python quickstart shows."""
    python_nb = nbformat.read(NOTEBOOK.parent / "quickstart.ipynb", as_version=4)
    nbclient.NotebookClient(
        python_nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    # the quickstart's cells after its "Python only" heading (reading a CSV, ...) have no
    # Rust twin; the Rust notebook's first code cell loads the crate (`:dep`)
    python_only = next(
        i
        for i, c in enumerate(python_nb.cells)
        if c.source.startswith("## From here on, Python only")
    )
    py_cells = [c for c in python_nb.cells[:python_only] if c.cell_type == "code"]
    rs_cells = [c for c in rust_nb.cells if c.cell_type == "code"][1:]
    assert len(py_cells) == len(rs_cells), (len(py_cells), len(rs_cells))

    def shown(cell, kind: str) -> list[str]:
        return [
            o.data[kind]
            for o in cell.get("outputs", [])
            if o.output_type in ("execute_result", "display_data") and kind in o.data
        ]

    compared = 0
    for k, (py, rs) in enumerate(zip(py_cells, rs_cells, strict=True)):
        if k in PYTHON_ONLY_CELLS:
            continue
        for kind in ("text/html", "text/plain"):
            expected = shown(py, kind)
            if expected:
                assert shown(rs, kind)[-1:] == expected[-1:], (k, kind, shown(rs, kind), expected)
                compared += 1
    assert compared >= 20, compared


def test_evcxr_repl(evcxr_env):
    pexpect = pytest.importorskip("pexpect")
    evcxr = find_tool("evcxr")
    env = dict(evcxr_env, TERM="dumb", NO_COLOR="1")
    repl = pexpect.spawn(evcxr, cwd=str(REPO), env=env, encoding="utf-8", timeout=TIMEOUT)
    transcript = []
    repl.logfile_read = _Collect(transcript)
    try:

        def run(line: str) -> str:
            repl.sendline(line)
            repl.expect_exact(">> ")
            out = repl.before
            # the echo of the line, if any, is not output
            return out.split(line, 1)[-1] if line in out else out

        repl.expect_exact(">> ", timeout=120)
        assert "Optimization: 0" in run(":opt 0")
        start = time.monotonic()
        run(f':dep ferrodf = {{ path = "{REPO / "frontend"}" }}')
        print(f"evcxr REPL :dep: {time.monotonic() - start:.0f} s")
        run("use ferrodf::{DataFrame, core::Column};")
        out = run(
            "let df = DataFrame::from_columns(vec!["
            '("k".into(), Column::from_values(vec![3i64, 1, 2])), '
            '("v".into(), Column::from_options(vec![Some(0.5f64), None, Some(2.0)]))])?;'
        )
        assert "error" not in out.lower(), out
        out = run('df.sort_values(&ferrodf::SortOptions::by(["k"]))?')
        lines = [line.rstrip() for line in _clean(out).splitlines() if line.strip()]
        assert lines == ["   k     v", "1  1  <NA>", "2  2   2.0", "0  3   0.5"], lines
        out = run('println!("{}", df.shape().0 + df.to_html()?.matches("<tr>").count());')
        assert _clean(out).split()[0] == "6", out  # 3 rows + 3 body rows
        out = run("df.nonexistent()")
        assert "no method named `nonexistent`" in _clean(out), out
        repl.sendline(":quit")
        repl.expect(pexpect.EOF, timeout=60)
    finally:
        repl.close(force=True)
        print("evcxr REPL transcript:\n" + _clean("".join(transcript)))  # shown on failure


class _Collect:
    """pexpect's log target: keeps what the REPL printed (shown when a test fails)."""

    def __init__(self, sink: list[str]):
        self.sink = sink

    def write(self, text: str) -> None:
        self.sink.append(text)

    def flush(self) -> None:
        pass


def _clean(text: str) -> str:
    """The text without terminal escapes and carriage returns."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r", "")
