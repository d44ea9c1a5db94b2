"""scripts/fuzz_campaign.py: the pages it writes say what the campaign ran and found, and
docs/reliability.md lists every regression test of tests/fuzz (regenerate it with
``python scripts/fuzz_campaign.py --render-only`` after adding one)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import fuzz_campaign  # noqa: E402

FAKE = {
    "date": "2026-01-01 00:00 UTC",
    "examples": 10,
    "minutes": 1.5,
    "cpus": 2,
    "campaigns": [
        {
            "name": "pandas layer: op chains vs pandas",
            "examples_per_test": 10,
            "cases": 1234,
            "failing_cases": 1,
            "failed_tests": [{"test": "tests.fuzz::test_x", "first": "AssertionError: boom"}],
            "tests": 1,
            "seconds": 90.0,
            "timed_out": False,
        }
    ],
}


def test_figures_name_cases_failures_bugs_and_gaps():
    text = fuzz_campaign.figures(FAKE)
    assert text.startswith(fuzz_campaign.BEGIN) and text.endswith(fuzz_campaign.END)
    assert "| pandas layer: op chains vs pandas | 1 | 1 | 1,234 | 1 | 1 | 1.5 |" in text
    assert "`tests.fuzz::test_x`: AssertionError: boom" in text
    for row in fuzz_campaign.regression_tests():
        assert f"`{row['test']}`" in text
    assert "in an int or bool column" in text  # a gap of fuzz_ops.GAPS


def test_links_of_the_figures_point_at_existing_lines():
    text = fuzz_campaign.figures(FAKE)
    for path, line in re.findall(r"\]\(\.\./([^)#]+)#L(\d+)\)", text):
        lines = (ROOT / path).read_text().splitlines()
        assert int(line) <= len(lines), (path, line)


def test_reliability_page_lists_every_regression_test():
    page = (ROOT / "docs" / "reliability.md").read_text()
    missing = [r["test"] for r in fuzz_campaign.regression_tests() if r["test"] not in page]
    assert not missing, f"run python scripts/fuzz_campaign.py --render-only: {missing}"


def test_error_catalogue_from_walk_records(tmp_path):
    records = tmp_path / "errors.jsonl"
    records.write_text(
        '{"function": "plc.copying.gather", "arguments": ["None"], '
        '"exception": "TypeError", "message": "a | b"}\n'
        '{"function": "plc.copying.gather", "arguments": ["table", "int column"], '
        '"exception": null, "message": null}\n'
    )
    text = fuzz_campaign.error_catalogue(records)
    assert "| `plc.copying.gather` | 2 | (returned) | 1 | table, int column |  |" in text
    assert "| TypeError | 1 | None | a \\| b |" in text
