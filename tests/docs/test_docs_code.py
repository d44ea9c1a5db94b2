"""Every ```python block of docs/*.md runs.

The blocks of one file run in order in one namespace (a page reads as one session), in a
fresh working directory, on the CPU (``device="cpu"``). A block whose info string says
``no-run`` (```` ```python no-run ````) is skipped: for code that needs a GPU or a file the
page does not create; keep them rare. Options a page changes are restored afterwards.

In the namespace, ``display`` is IPython's, as in the notebooks the pages talk about.

The ```rust blocks are doc tests of the `ferrodf` crate (frontend/src/lib.rs includes
their pages), run by `cargo test`; here it is only checked that every page with Rust code
is included.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ferrodf

DOCS = Path(__file__).resolve().parents[2] / "docs"

# an opening fence: indentation, ``` or ~~~, the info string
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


def code_blocks(text: str) -> list[tuple[int, str, str]]:
    """(line of the first code line, info string, code) of each fenced block."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m["fence"], m["info"].strip()
        body, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j])
            j += 1
        assert j < len(lines), f"line {i + 1}: the code block is never closed"
        blocks.append((i + 2, info, "\n".join(body) + "\n"))
        i = j + 1
    return blocks


def python_blocks(path: Path) -> list[tuple[int, str, bool]]:
    """(first line, code, runs) of the python blocks of a page."""
    out = []
    for line, info, code in code_blocks(path.read_text()):
        words = info.split()
        if words and words[0] in ("python", "py"):
            out.append((line, code, "no-run" not in words[1:]))
    return out


PAGES = sorted(p for p in DOCS.glob("*.md") if python_blocks(p))


def test_the_block_finder():
    page = "a\n```python\nx = 1\n```\n\n````python no-run\n```\ny\n````\n```sh\nls\n```\n"
    assert code_blocks(page) == [
        (3, "python", "x = 1\n"),
        (7, "python no-run", "```\ny\n"),
        (11, "sh", "ls\n"),
    ]


def test_pages_have_runnable_python():
    assert {"user-guide.md", "frame.md", "plc.md", "interop.md"} <= {p.name for p in PAGES}
    skipped = [(p.name, line) for p in PAGES for line, _, runs in python_blocks(p) if not runs]
    ran = sum(runs for p in PAGES for _, _, runs in python_blocks(p))
    assert len(skipped) * 4 <= ran, f"too many no-run blocks: {skipped}"


def test_rust_blocks_are_doc_tests():
    lib = (DOCS.parent / "frontend" / "src" / "lib.rs").read_text()
    included = set(re.findall(r'#\[doc = include_str!\("\.\./\.\./docs/([\w.-]+)"\)\]', lib))
    with_rust = {
        p.name
        for p in DOCS.glob("*.md")
        if any(info.split()[:1] == ["rust"] for _, info, _ in code_blocks(p.read_text()))
    }
    assert "rust.md" in with_rust
    assert with_rust <= included, f"rust blocks no doc test compiles: {with_rust - included}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_code_runs(page, tmp_path, monkeypatch):
    # IPython comes with the notebook tools of make test; the GPU machine has none.
    display = pytest.importorskip("IPython.display").display

    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": f"docs_{page.stem}", "display": display}
    saved = {name: ferrodf.get_option(name) for name in OPTIONS}
    try:
        for line, code, runs in python_blocks(page):
            if not runs:
                continue
            # pad so that a traceback names the page and its line
            source = "\n" * (line - 1) + code
            with ferrodf.option_context(device="cpu"):  # also after a block that sets it
                exec(compile(source, str(page), "exec"), namespace)
    finally:
        for name, value in saved.items():
            ferrodf.set_option(name, value)


OPTIONS = [
    "device",
    "display.max_rows",
    "display.min_rows",
    "display.max_columns",
    "display.max_colwidth",
    "display.precision",
    "io.progress_bar",
]
