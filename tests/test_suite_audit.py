"""Issue 28's audit of the test suite, kept from regressing.

A ``pytest.raises`` without ``match=`` lets an unrelated error of the same type pass, so
each one says why on the line above (``# no match=: ...``: pandas' own error, or a type
taken from pandas with wording that depends on the case). ``check_dtype=False`` in the
frame tests hides dtype differences from pandas: the documented ones go through
``tests/frame/frame_dtypes.py`` instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _raises_without_match(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(), str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "raises"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "pytest"
        and not any(k.arg == "match" for k in node.keywords)
    ]


def test_every_raises_without_match_says_why():
    unexplained = []
    for path in sorted(TESTS.rglob("*.py")):
        lines = path.read_text().splitlines()
        for lineno in _raises_without_match(path):
            above = lines[lineno - 2].strip() if lineno >= 2 else ""
            if not above.startswith("# no match=:"):
                unexplained.append(f"{path.relative_to(TESTS)}:{lineno}")
    assert not unexplained, (
        "pytest.raises without match= (add the distinctive part of the message, or a "
        f"'# no match=: why' comment on the line above): {unexplained}"
    )


def test_frame_tests_compare_dtypes():
    uses = [
        f"{path.relative_to(TESTS)}:{i}"
        for path in sorted((TESTS / "frame").rglob("*.py"))
        for i, line in enumerate(path.read_text().splitlines(), 1)
        if "check_dtype=False" in line
    ]
    assert not uses, f"check_dtype=False hides dtype differences (see frame_dtypes.py): {uses}"
