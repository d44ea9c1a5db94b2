"""The "ferrodf" backend: how Dask finds it (entry points, ``dataframe.backend``), the
creation functions (from_dict and the Parquet, CSV and JSON readers) and ``to_backend``,
and Parquet datasets written and read back, checked against the pandas backend."""

# ruff: noqa: F811  (pytest fixtures imported from dask_helpers are test arguments)
from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pandas as pd
import pytest
from dask_helpers import dask, dd, pdf, sync  # noqa: F401  (fixtures)

import ferrodf
from ferrodf.dask import FerrodfBackendEntrypoint

pytestmark = pytest.mark.usefixtures("sync")


def _installed_entry_points() -> dict[str, list[str]]:
    groups = ("dask.dataframe.backends", "dask_expr.dataframe.backends")
    return {
        g: [ep.value for ep in importlib.metadata.entry_points(group=g) if ep.name == "ferrodf"]
        for g in groups
    }


def test_entry_points_are_declared() -> None:
    """pyapi/pyproject.toml declares the backend in both groups Dask reads."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyapi" / "pyproject.toml").read_text())["project"]
    for group in ("dask.dataframe.backends", "dask_expr.dataframe.backends"):
        assert project["entry-points"][group]["ferrodf"] == "ferrodf.dask:FerrodfBackendEntrypoint"


def test_entry_points_are_installed() -> None:
    """The installed package carries them (true once ferrodf is reinstalled from this
    pyproject.toml: ``make build``)."""
    eps = _installed_entry_points()
    assert eps == {g: ["ferrodf.dask:FerrodfBackendEntrypoint"] for g in eps}
    ep = importlib.metadata.entry_points(group="dask_expr.dataframe.backends")["ferrodf"]
    assert ep.load() is FerrodfBackendEntrypoint


def test_config_backend_from_dict(pdf: pd.DataFrame) -> None:
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        ddf = dd.from_dict({c: pdf[c].tolist() for c in ("k", "y")}, npartitions=3)
    assert isinstance(ddf._meta, ferrodf.DataFrame)
    assert ddf.npartitions == 3
    dd.assert_eq(ddf.to_backend("pandas"), pdf[["k", "y"]], check_dtype=False)


def test_to_backend_round_trip(pdf: pd.DataFrame) -> None:
    p = dd.from_pandas(pdf, npartitions=3)
    f = p.to_backend("ferrodf")
    assert isinstance(f._meta, ferrodf.DataFrame)
    assert f.to_backend("ferrodf") is not None and f.to_backend("ferrodf")._meta is not None
    assert isinstance(f.x.to_backend("pandas")._meta, pd.Series)
    dd.assert_eq(f.to_backend("pandas"), p)
    with pytest.raises(TypeError, match="takes no options"):
        p.to_backend("ferrodf", nan_as_null=True).compute()


def test_parquet_partitioned_dataset(tmp_path: Path, pdf: pd.DataFrame) -> None:
    """A hive-partitioned dataset written from ferrodf partitions and read back with the
    ferrodf backend holds what pandas writes and reads."""
    f = dd.from_pandas(pdf, npartitions=4).to_backend("ferrodf")
    f.to_parquet(tmp_path / "f", partition_on=["k"])
    dd.from_pandas(pdf, npartitions=4).to_parquet(tmp_path / "p", partition_on=["k"])
    assert sorted(p.name for p in (tmp_path / "f").iterdir()) == sorted(
        p.name for p in (tmp_path / "p").iterdir()
    )
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        back = dd.read_parquet(tmp_path / "f")
    assert isinstance(back._meta, ferrodf.DataFrame)
    expected = dd.read_parquet(tmp_path / "p")
    got = back.to_backend("pandas").compute()
    want = expected.compute()
    got["k"], want["k"] = got["k"].astype("int64"), want["k"].astype("int64")
    cols = ["k", "x", "y", "s"]
    dd.assert_eq(
        got[cols].sort_values(cols).reset_index(drop=True),
        want[cols].sort_values(cols).reset_index(drop=True),
    )
    # column projection and filters go through Dask's reader
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        some = dd.read_parquet(tmp_path / "f", columns=["x"], filters=[("k", "==", 3)])
    assert len(some) == int((pdf.k == 3).sum())


def test_parquet_plain_round_trip(tmp_path: Path, pdf: pd.DataFrame) -> None:
    f = dd.from_pandas(pdf, npartitions=3).to_backend("ferrodf")
    f.to_parquet(tmp_path / "plain")
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        back = dd.read_parquet(tmp_path / "plain")
    assert back.npartitions == 3
    dd.assert_eq(back.to_backend("pandas"), pdf)


def test_read_csv_and_json(tmp_path: Path, pdf: pd.DataFrame) -> None:
    pdf.to_csv(tmp_path / "a.csv", index=False)
    pdf.to_json(tmp_path / "a.json", orient="records", lines=True)
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        csv = dd.read_csv(tmp_path / "a.csv", blocksize=2_000)
        js = dd.read_json(tmp_path / "a.json", lines=True, blocksize=2_000)
    assert csv.npartitions > 1
    for got, reader in ((csv, pd.read_csv), (js, pd.read_json)):
        assert isinstance(got._meta, ferrodf.DataFrame)
        kwargs = {"lines": True} if reader is pd.read_json else {}
        path = tmp_path / ("a.json" if kwargs else "a.csv")
        want = reader(path, **kwargs)
        dd.assert_eq(got.to_backend("pandas"), want, check_index=False, check_dtype=False)


def test_empty_frame() -> None:
    with dask.config.set({"dataframe.backend": "ferrodf"}):
        ddf = dd.from_dict({"a": []}, npartitions=1)
    assert len(ddf) == 0
    assert isinstance(ddf.compute(), ferrodf.DataFrame)


def test_dask_loads_the_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dask finds the backend through the entry point alone (as after ``pip install``):
    a distribution declaring it is put on the path and the direct registration removed."""
    import sys

    from dask.dataframe.dask_expr._backends import dataframe_creation_dispatch

    info = tmp_path / "ferrodf_ep-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ferrodf-ep\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[dask_expr.dataframe.backends]\nferrodf = ferrodf.dask:FerrodfBackendEntrypoint\n"
    )
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(dataframe_creation_dispatch._lookup, "ferrodf")
    from dask import backends

    backends.detect_entrypoints.cache_clear()  # Dask caches what it found
    try:
        backend = dataframe_creation_dispatch.dispatch("ferrodf")
    finally:
        backends.detect_entrypoints.cache_clear()
    assert isinstance(backend, FerrodfBackendEntrypoint)
