"""Runs a notebook's code cells where no Jupyter kernel is installed (the GPU machine), and
puts what they showed back into the notebook as recorded outputs.

The GPU machine has Python, ferrodf's wheel and its dependencies, but no Jupyter, so
``run`` executes the code cells in one namespace the way IPython does (the value of a
cell's last expression is displayed; ``display()`` shows its argument), captures what each
cell printed and displayed (HTML where the object has ``_repr_html_``), and writes JSON::

    FERRODF_DEVICE=gpu python3 scripts/record_notebook.py run notebooks/gpu_memory.ipynb out.json

``merge`` then adds, after each code cell of the notebook, a Markdown cell holding that
cell's recorded output, marked in its metadata so that a later merge replaces it::

    python scripts/record_notebook.py merge notebooks/gpu_memory.ipynb out.json --label "..."

A reader on a machine without a GPU sees the live CPU outputs and, next to them, what the
same cells showed on the GPU.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import time
import traceback
from pathlib import Path
from typing import Any

RECORDED = "ferrodf_recorded"


def _shown(value: Any) -> dict[str, str]:
    """What a notebook would render for ``value``: HTML when it has one, and its repr."""
    out = {"text": repr(value)}
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        with contextlib.suppress(Exception):
            rendered = html()
            if rendered:
                out["html"] = rendered
    return out


def run(notebook: Path, progress: Path | None = None) -> list[dict[str, Any]]:
    """Every code cell's printed text, displayed values, error and time, in order; with
    ``progress``, the records so far are written there after each cell (a run cut short
    by a time limit still leaves them)."""
    cells = json.loads(notebook.read_text())["cells"]
    shown: list[dict[str, str]] = []
    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "display": lambda v: shown.append(_shown(v)),
    }
    records = []
    for position, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        shown.clear()
        printed = io.StringIO()
        error = None
        start = time.perf_counter()
        try:
            tree = ast.parse(source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                exec(compile(tree, f"<cell {position}>", "exec"), namespace)
                if last is not None:
                    value = eval(
                        compile(ast.Expression(last.value), f"<cell {position}>", "eval"), namespace
                    )
                    if value is not None:
                        shown.append(_shown(value))
        except Exception:  # recorded, as a notebook shows it, and the next cells still run
            error = traceback.format_exc(limit=-3)
        records.append(
            {
                "cell": position,
                "source": source,
                "stdout": printed.getvalue(),
                "displayed": list(shown),
                "error": error,
                "seconds": round(time.perf_counter() - start, 3),
            }
        )
        if progress is not None:
            progress.write_text(json.dumps(records, indent=1))
    return records


def _markdown(record: dict[str, Any], label: str) -> str:
    parts = [f"*{label}, this cell ({record['seconds']:.2f} s):*\n"]
    if record["stdout"]:
        parts.append("```text\n" + record["stdout"].rstrip() + "\n```\n")
    for value in record["displayed"]:
        parts.append(value["html"] if "html" in value else "```text\n" + value["text"] + "\n```\n")
    if record["error"]:
        parts.append("```text\n" + record["error"].rstrip() + "\n```\n")
    return "\n".join(parts)


def _key(source: str) -> str:
    """The source without what a formatter changes (whitespace, quote style, trailing
    commas), so that a recording still finds its cell after make_notebooks.py and ruff."""
    return "".join(source.split()).translate(str.maketrans("", "", "'\",()"))


def merge(notebook: Path, records: list[dict[str, Any]], label: str) -> None:
    """Puts each record after its code cell (replacing earlier recordings), in place."""
    nb = json.loads(notebook.read_text())
    cells = [c for c in nb["cells"] if not c.get("metadata", {}).get(RECORDED)]
    by_source = {_key(r["source"]): r for r in records}
    merged = []
    for cell in cells:
        merged.append(cell)
        record = (
            by_source.get(_key("".join(cell["source"]))) if cell["cell_type"] == "code" else None
        )
        if record and (record["stdout"] or record["displayed"] or record["error"]):
            merged.append(
                {
                    "cell_type": "markdown",
                    "metadata": {RECORDED: True},
                    "source": _markdown(record, label).splitlines(keepends=True),
                }
            )
    nb["cells"] = merged
    notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="execute the code cells, write their outputs as JSON")
    r.add_argument("notebook", type=Path)
    r.add_argument("json", type=Path)
    m = sub.add_parser("merge", help="add recorded outputs to the notebook")
    m.add_argument("notebook", type=Path)
    m.add_argument("json", type=Path)
    m.add_argument("--label", required=True, help='e.g. "Recorded on an NVIDIA H200"')
    args = parser.parse_args()
    if args.command == "run":
        records = run(args.notebook, progress=args.json)
        failed = [r["cell"] for r in records if r["error"]]
        print(
            f"{len(records)} code cells, errors in cells {failed}"
            if failed
            else f"{len(records)} code cells, no error"
        )
    else:
        merge(args.notebook, json.loads(args.json.read_text()), args.label)


if __name__ == "__main__":
    main()
