"""docs/migration.md's coverage table is current (scripts/pandas_coverage.py --check), and
the missing-member error that sends users there agrees with it: every member the table
lists as missing raises AttributeError naming the pandas copy to use and the page."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pandas as pd
import pytest

import ferrodf

REPO = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location(
        "pandas_coverage", REPO / "scripts" / "pandas_coverage.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_coverage_table_is_current(capsys):
    script = _script()
    recorded = script.recorded_version(script.DOC.read_text())
    installed = ".".join(pd.__version__.split(".")[:2])
    if recorded != installed:
        pytest.skip(f"the table was made with pandas {recorded}, this is pandas {installed}")
    assert script.main(["--check"]) == 0, capsys.readouterr().out


def test_check_reports_a_stale_table(tmp_path, monkeypatch, capsys):
    script = _script()
    stale = tmp_path / "migration.md"
    stale.write_text(f"# page\n\n{script.BEGIN}\nold table\n{script.END}\n\nmore text\n")
    monkeypatch.setattr(script, "DOC", stale)
    monkeypatch.setattr(script, "REPO", tmp_path)
    assert script.main(["--check"]) == 1
    assert "run python scripts/pandas_coverage.py" in capsys.readouterr().out
    assert script.main([]) == 0  # rewriting keeps the text around the markers
    text = stale.read_text()
    assert text.startswith("# page\n\n") and text.endswith("\n\nmore text\n")
    assert "old table" not in text and "| `DataFrame` |" in text
    assert script.main(["--check"]) == 0


def test_markers_are_required(tmp_path, monkeypatch):
    script = _script()
    page = tmp_path / "migration.md"
    page.write_text("# no markers\n")
    monkeypatch.setattr(script, "DOC", page)
    with pytest.raises(ValueError, match="needs the two markers"):
        script.main([])


def _instances() -> dict[str, object]:
    df = ferrodf.DataFrame(
        {"k": ["a", None, "a"], "d": pd.to_datetime(["2024-01-01", None, "2024-03-01"])}
    )
    return {
        "DataFrame": df,
        "Series": df["k"],
        "Index": df.columns,
        "GroupBy": df.groupby("k"),
        "StringMethods": df["k"].str,
        "DatetimeMethods": df["d"].dt,
    }


def test_every_missing_member_raises_the_hint():
    coverage = _script().coverage()
    for kind, obj in _instances().items():
        for name in coverage[kind][1]:
            with pytest.raises(AttributeError, match=r"docs/migration\.md") as err:
                getattr(obj, name)
            assert ".to_pandas()" in str(err.value), (kind, name)


def test_the_hint_on_a_sliced_frame_and_for_non_pandas_names():
    df = ferrodf.DataFrame({"v": [1.0, None, 3.0, 4.0]}).iloc[1:]
    with pytest.raises(AttributeError, match=r"df\.to_pandas\(\)\.pivot_table\(\.\.\.\)"):
        df.pivot_table  # noqa: B018
    with pytest.raises(AttributeError, match=r"df\.to_pandas\(\)\.axes, and"):
        df.axes  # noqa: B018  (a property: no call in the hint)
    with pytest.raises(AttributeError, match="'DataFrame' object has no attribute") as err:
        df.no_such_member  # noqa: B018
    assert "migration" not in str(err.value)
    # what the hint says to do works: the pandas copy, then back
    back = ferrodf.from_pandas(df.to_pandas().pct_change())
    assert back.to_pandas().equals(df.to_pandas().pct_change())


def test_groupby_attribute_is_the_column():
    pdf = pd.DataFrame({"k": ["a", "b", None, "a"], "v": [1, 2, 3, None]})
    got = ferrodf.from_pandas(pdf).groupby("k").v.sum().to_pandas()
    pd.testing.assert_series_equal(got, pdf.groupby("k").v.sum(), check_dtype=False)
    empty = ferrodf.from_pandas(pdf.iloc[:0]).groupby("k").v.sum().to_pandas()
    assert len(empty) == len(pdf.iloc[:0].groupby("k").v.sum()) == 0
