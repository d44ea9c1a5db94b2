"""How much of pylibcudf's public API ``ferrodf.plc`` has: a measured count.

The pylibcudf side is ``scripts/pylibcudf_api.json``: for each pylibcudf module (``""`` is
the package itself, ``"strings.convert.convert_integers"`` a submodule), the names of its
``__all__`` (its public classes, functions and constants), collected from a stored copy of
rapidsai/cudf; the file says which version. Under ``"members"`` it also lists the public
methods of some classes (``Column``, ``Table``, ``Scalar``, the I/O option builders).

The ferrodf side is what Python finds: a module counts if ``import ferrodf.plc.<module>``
works, a name if ``getattr(module, name)`` returns (anything raising, NotImplementedError
included, counts as missing). A module ferrodf lacks has all its names missing.

    python scripts/plc_coverage.py             # per module: present / total, missing names
    python scripts/plc_coverage.py --markdown  # the same as a Markdown table (docs/plc.md)
    python scripts/plc_coverage.py --members   # also the class members

``tests/plc/test_coverage.py`` checks the count against a walk of its own.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

API = Path(__file__).resolve().with_name("pylibcudf_api.json")
ROOT = "ferrodf.plc"
VERSION_KEY = "pylibcudf version or commit"
MODULE_PATH = re.compile(r"^([a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*)?$")


@dataclass
class Coverage:
    """One module (or, for members, one class): which of its pylibcudf names ferrodf has."""

    name: str
    present: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    error: str | None = None  # why the module (class) itself is missing

    @property
    def total(self) -> int:
        return len(self.present) + len(self.missing)


def load_api(path: Path = API) -> dict[str, Any]:
    """The API file, checked: ValueError says what is wrong with a malformed one."""
    try:
        api = json.loads(Path(path).read_text())
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON ({e})") from e
    if not isinstance(api, dict) or not isinstance(api.get(VERSION_KEY), str):
        raise ValueError(f"{path}: needs a {VERSION_KEY!r} string")
    for key in ("modules", "members"):
        table = api.get(key, {})
        if key == "modules" and not table:
            raise ValueError(f"{path}: needs a non-empty 'modules' object")
        if not isinstance(table, dict):
            raise ValueError(f"{path}: {key!r} must be an object")
        for where, names in table.items():
            if not isinstance(where, str) or not MODULE_PATH.match(
                where if key == "modules" else where.lower()
            ):
                raise ValueError(f"{path}: {key}: bad key {where!r}")
            if (
                not isinstance(names, list)
                or not names
                or not all(isinstance(n, str) and n.isidentifier() for n in names)
            ):
                raise ValueError(f"{path}: {key}[{where!r}] must be a list of identifiers")
            if len(set(names)) != len(names):
                raise ValueError(f"{path}: {key}[{where!r}] lists a name twice")
    return api


def ferrodf_path(module: str) -> str:
    return f"{ROOT}.{module}" if module else ROOT


def import_module(module: str) -> tuple[ModuleType | None, str | None]:
    """The ferrodf module for a pylibcudf module path, or None and why not."""
    try:
        return importlib.import_module(ferrodf_path(module)), None
    except ModuleNotFoundError as e:
        if e.name and (ferrodf_path(module) + ".").startswith(e.name + "."):
            return None, "no such module"
        return None, f"import fails: {type(e).__name__}: {e}"
    except Exception as e:
        return None, f"import fails: {type(e).__name__}: {e}"


def has(obj: Any, name: str) -> bool:
    try:
        getattr(obj, name)
    except Exception:  # AttributeError, or a stub raising NotImplementedError
        return False
    return True


def check(where: str, obj: Any, names: list[str], error: str | None = None) -> Coverage:
    cov = Coverage(where, error=error)
    for n in names:
        (cov.present if obj is not None and has(obj, n) else cov.missing).append(n)
    return cov


def coverage(api: dict[str, Any]) -> list[Coverage]:
    """Per pylibcudf module, in the file's order (a package before its submodules)."""
    out = []
    for module, names in api["modules"].items():
        mod, error = import_module(module)
        out.append(check(module, mod, names, error))
    return out


def member_coverage(api: dict[str, Any]) -> list[Coverage]:
    """Per class listed under "members" (``io.parquet.ParquetReaderOptions``)."""
    out = []
    for cls_path, names in api.get("members", {}).items():
        module, _, cls_name = cls_path.rpartition(".")
        mod, error = import_module(module)
        cls = None
        if mod is not None:
            try:
                cls = getattr(mod, cls_name)
            except Exception:
                error = "no such class"
        out.append(check(cls_path, cls, names, error))
    return out


def totals(rows: list[Coverage]) -> tuple[int, int]:
    return sum(len(r.present) for r in rows), sum(r.total for r in rows)


def label(name: str) -> str:
    return f"pylibcudf.{name}" if name else "pylibcudf"


def text_report(rows: list[Coverage], what: str = "pylibcudf names") -> str:
    width = max(len(label(r.name)) for r in rows)
    lines = []
    for r in rows:
        head = f"{label(r.name):<{width}}  {len(r.present):>3} / {r.total:<3}"
        if r.error:
            head += f"  ({r.error})"
        elif r.missing:
            head += "  missing: " + ", ".join(r.missing)
        lines.append(head.rstrip())
    n, m = totals(rows)
    lines.append(f"{n} of {m} {what} present")
    return "\n".join(lines)


def markdown_report(rows: list[Coverage], what: str = "pylibcudf names") -> str:
    n, m = totals(rows)
    lines = [
        f"{n} of {m} {what} present.",
        "",
        f"| {'class' if what == 'class members' else 'module'} | present | missing |",
        "|---|---|---|",
    ]
    for r in rows:
        if r.error and not r.present:
            gone = "class" if what == "class members" else "module"
            missing = f"*{gone} missing* ({', '.join(f'`{n}`' for n in r.missing)})"
        else:
            missing = ", ".join(f"`{n}`" for n in r.missing) or "—"
        lines.append(f"| `{label(r.name)}` | {len(r.present)} / {r.total} | {missing} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--members", action="store_true", help="also report class members")
    parser.add_argument("--api", type=Path, default=API, help="the pylibcudf API file")
    args = parser.parse_args(argv)

    api = load_api(args.api)
    report = markdown_report if args.markdown else text_report
    print(f"Against pylibcudf {api[VERSION_KEY]}, as listed in scripts/pylibcudf_api.json.")
    print()
    print(report(coverage(api)))
    if args.members and api.get("members"):
        print()
        print(report(member_coverage(api), "class members"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
