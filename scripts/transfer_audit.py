"""The transfer audit's verdict (docs/gpu.md, "Transfers"): which host/device copies of a
GPU test run are documented, and which are hidden transfers still to remove.

Run the suite with ``FERRODF_TRANSFER_AUDIT=DIR`` and ``FERRODF_DEVICE=gpu`` (each pytest
process writes ``DIR/audit-<pid>.json``; ``AUDIT=1 bash scripts/gpu_check.sh`` does it),
then::

    python scripts/transfer_audit.py DIR [--markdown OUT.md]

Every copy is recorded with the ferrodf function the test called and the Rust code that
copied. A copy is documented when the function is one whose job is moving data between
host and device (building a frame from host data, converting to pandas/NumPy/Arrow,
display, reading and writing files, spilling), or when no single copy was larger than
``SCALAR_BYTES`` (scalars returned to Python, counts and sizes read back from a kernel).
Everything else is a hidden transfer: listed, with the first test that made it, and the
exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

# A scalar, a count or a pair of them: the reads every GPU library makes to size outputs.
SCALAR_BYTES = 16

# (pattern on the public function, why its copies are expected)
DOCUMENTED: list[tuple[str, str]] = [
    (r"\(unspill\)$", "spilled bytes brought back to the device"),
    (
        r"\.(__init__|from_pandas|from_arrow|from_dict|from_records|from_array|from_numpy|"
        r"from_iterable_of_py|from_py|from_polars|_from_arrow|to_plc_column)$",
        "building ferrodf data from host data",
    ),
    (
        r"\.(to_pandas|to_arrow|to_numpy|to_list|tolist|to_pylist|to_dict|to_records|"
        r"to_py|__array__|__arrow_c_array__|__arrow_c_stream__|__iter__|items|iterrows|"
        r"itertuples|values|_values|__float__|__int__|__bool__|__len__)$",
        "converting to host objects (pandas, NumPy, Arrow, Python)",
    ),
    (
        r"\.(__repr__|__str__|_repr_html_|_repr_latex_|to_string|to_html|to_markdown|"
        r"info|browse|_repr_mimebundle_)$",
        "display: the rows shown",
    ),
    (r"(^|\.)(read_\w+|to_csv|to_parquet|to_json|to_orc|to_feather)$", "file I/O"),
    (r"^ferrodf\.browse\.", "display: the rows shown"),
    (r"^ferrodf\.dask\._dispatch\.partd_blocks", "file I/O"),
    (r"\.(plot|hist|boxplot)", "plotting: results handed to matplotlib"),
    (r"^ferrodf\.memory\.", "memory management (prefetch, spill)"),
    (r"^ferrodf\.testing\.", "test helpers comparing with pandas"),
]


# (pattern on the Rust origin, direction, why its copies are expected). The first upload
# of a buffer is recorded where its bytes were made (core/src/buffer.rs, `born`): made by
# converting an input (Arrow, NumPy, Python values), it is the input's lazy upload.
DOCUMENTED_ORIGINS: list[tuple[str, str, str]] = [
    (
        r"^(core/src/interop/|pyapi/src/)",
        "host -> device",
        "first use of data built from host input (uploaded when first computed on)",
    ),
]

# A plc function called straight from a test has no ferrodf Python frame: its site is the
# binding's; an Arrow export there is the test reading a result (to_arrow, to_pylist).
PLC_FROM_TEST = r"^pyapi/src/errors\.rs \(called from "
ARROW_EXPORT = r"^core/src/interop/arrow\.rs"


def classify(function: str, largest: int, origin: str = "", direction: str = "") -> str | None:
    """Why a copy is expected, or None for a hidden transfer."""
    if largest <= SCALAR_BYTES:
        return f"scalars and counts (no copy over {SCALAR_BYTES} bytes)"
    for pattern, reason in DOCUMENTED:
        if re.search(pattern, function):
            return reason
    for pattern, where, reason in DOCUMENTED_ORIGINS:
        if direction == where and re.search(pattern, origin):
            return reason
    if re.search(PLC_FROM_TEST, function) and re.search(ARROW_EXPORT, origin):
        return "converting to host objects (pandas, NumPy, Arrow, Python)"
    return None


def verdict(row: dict) -> str | None:
    return classify(row["function"], row["largest"], row["origin"], row["direction"])


def load(directory: Path) -> list[dict]:
    """The audit files of one run, merged by (function, origin, direction)."""
    merged: dict[tuple[str, str, str], dict] = {}
    for path in sorted(directory.glob("audit-*.json")):
        for row in json.loads(path.read_text()):
            key = (row["function"], row["origin"], row["direction"])
            m = merged.setdefault(key, {**row, "count": 0, "bytes": 0, "largest": 0})
            m["count"] += row["count"]
            m["bytes"] += row["bytes"]
            m["largest"] = max(m["largest"], row["largest"])
    return sorted(merged.values(), key=lambda r: -r["bytes"])


def table(rows: list[dict], with_test: bool) -> str:
    head = "| function | direction | copies | bytes | largest | origin |"
    rule = "|---|---|---:|---:|---:|---|"
    if with_test:
        head += " first test |"
        rule += "---|"
    lines = [head, rule]
    for r in rows:
        line = (
            f"| `{r['function']}` | {r['direction']} | {r['count']} | {r['bytes']} | "
            f"{r['largest']} | `{r['origin']}` |"
        )
        if with_test:
            line += f" `{r['test']}` |"
        lines.append(line)
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("directory", type=Path)
    ap.add_argument("--markdown", type=Path, help="write the report here too")
    args = ap.parse_args()
    rows = load(args.directory)
    if not rows:
        print(f"no audit files (audit-*.json) in {args.directory}", file=sys.stderr)
        return 2
    hidden = [r for r in rows if verdict(r) is None]
    by_reason: dict[str, list[int]] = {}
    for r in rows:
        reason = verdict(r)
        if reason is not None:
            t = by_reason.setdefault(reason, [0, 0])
            t[0] += r["count"]
            t[1] += r["bytes"]
    parts = ["## Documented copies", "", "| why | copies | bytes |", "|---|---:|---:|"]
    parts += [f"| {k} | {c} | {b} |" for k, (c, b) in sorted(by_reason.items())]
    parts += ["", f"## Hidden transfers: {len(hidden)}", ""]
    if hidden:
        parts.append(table(hidden, with_test=True))
    report = "\n".join(parts) + "\n"
    print(report)
    if args.markdown:
        args.markdown.write_text(report)
    return 1 if hidden else 0


if __name__ == "__main__":
    sys.exit(main())
