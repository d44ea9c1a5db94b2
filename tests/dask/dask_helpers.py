"""Fixtures and helpers of the Dask backend tests: the same data as pandas and as ferrodf
partitions, the schedulers (synchronous, and a two-process ``distributed.LocalCluster``
started once per module), and the comparison with pandas through ``dd.assert_eq``.

The test modules import them (a ``conftest.py`` here would replace the module
``conftest`` that other test directories import from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import ferrodf  # noqa: E402
import ferrodf.dask  # noqa: E402

# The tasks shuffle: Dask's disk shuffle needs GroupBy.groups / get_group (see
# docs/dask.md, "Not done"); the p2p shuffle has its own tests (test_dask_distributed.py).
SHUFFLE = {"dataframe.shuffle.method": "tasks"}


def make_pandas(n: int = 240, seed: int = 0) -> pd.DataFrame:
    """Keys with repeats, floats with nulls, ints, strings with nulls; a default index."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    x[rng.random(n) < 0.1] = np.nan
    s = pd.Series([f"s{i % 5}" for i in range(n)], dtype="str")
    s[rng.random(n) < 0.1] = None
    return pd.DataFrame({"k": rng.integers(0, 9, n), "x": x, "y": rng.integers(-50, 50, n), "s": s})


@pytest.fixture(scope="module")
def pdf() -> pd.DataFrame:
    return make_pandas()


def _drop_first_rows(part: Any) -> Any:
    return part.iloc[3:]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two worker processes of one thread each (as one worker per GPU would be)."""
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as c,
        distributed.Client(c) as client,
    ):
        yield client


@pytest.fixture
def sync() -> Iterator[None]:
    with dask.config.set(scheduler="sync", **SHUFFLE):
        yield


@pytest.fixture
def sync_frames(pdf: pd.DataFrame) -> Iterator[tuple[Any, Any]]:
    """Whole partitions on the synchronous scheduler (for the known gaps)."""
    p = dd.from_pandas(pdf, npartitions=4, sort=False)
    with dask.config.set(scheduler="sync", **SHUFFLE):
        yield p, p.to_backend("ferrodf")


@pytest.fixture(params=["whole", "sliced"])
def frames(request: Any, pdf: pd.DataFrame) -> Iterator[tuple[Any, Any]]:
    """``(pandas collection, ferrodf collection)`` of the same data, computed on the
    synchronous scheduler; "sliced" partitions lack their first 3 rows (ferrodf slices:
    column offsets != 0)."""
    p = dd.from_pandas(pdf, npartitions=4, sort=False)
    f = p.to_backend("ferrodf")
    if request.param == "sliced":
        p, f = p.map_partitions(_drop_first_rows), f.map_partitions(_drop_first_rows)
    with dask.config.set(scheduler="sync", **SHUFFLE):
        yield p, f


@pytest.fixture
def cluster_frames(cluster: Any, pdf: pd.DataFrame) -> Iterator[tuple[Any, Any]]:
    """The same on the two-process local cluster."""
    p = dd.from_pandas(pdf, npartitions=4, sort=False)
    with dask.config.set(scheduler=cluster, **SHUFFLE):
        yield p, p.to_backend("ferrodf")


def assert_same(expected: Any, got: Any, *, check_index: bool = True, **kwargs: Any) -> None:
    """``got`` (a collection of ferrodf partitions) computes what ``expected`` (the same
    code on pandas partitions) computes, compared with ``dd.assert_eq``. The partitions are
    ferrodf objects (checked on the meta; ``dd.assert_eq`` checks the computed result has
    the meta's type). Series and Index collections go to ``dd.assert_eq`` as they are (it
    computes them and converts the result with ``to_pandas``); a DataFrame collection is
    read back through ``to_backend("pandas")`` (each partition's ``to_pandas_dispatch``):
    ``dd.assert_eq`` checks a computed DataFrame's ``columns`` and ``dtypes`` with pandas'
    functions, and ferrodf's are a ferrodf Index and Series (docs/dask.md, "Not done")."""
    assert isinstance(got._meta, ferrodf.DataFrame | ferrodf.Series | ferrodf.Index), type(
        got._meta
    )
    kwargs.setdefault("check_divisions", False)
    kwargs.setdefault("scheduler", dask.config.get("scheduler"))  # assert_eq's default: sync
    if isinstance(got._meta, ferrodf.DataFrame):
        got = got.to_backend("pandas")
    dd.assert_eq(expected, got, check_index=check_index, **kwargs)


def assert_scalar(expected: Any, got: Any) -> None:
    """A reduction: the ferrodf result equals pandas' (floats to 1e-9)."""
    a, b = expected.compute(), got.compute()
    if isinstance(a, float | np.floating):
        assert b == pytest.approx(a, rel=1e-9, nan_ok=True)
    else:
        assert a == b
