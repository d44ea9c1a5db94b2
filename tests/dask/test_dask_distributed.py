"""The backend on a ``distributed.LocalCluster`` of two worker processes: partitions
travel between processes (ferrodf's ``distributed`` serialization and pickling), shuffles
exchange them, workers register ferrodf's dispatches themselves. One test per kind of
data movement; tests/dask/test_dask_operations.py covers the operations on the
synchronous scheduler."""

# ruff: noqa: F811  (pytest fixtures imported from dask_helpers are test arguments)
from __future__ import annotations

from typing import Any

import pytest
from dask_helpers import (  # noqa: F401  (fixtures)
    assert_same,
    assert_scalar,
    cluster,
    cluster_frames,
    dask,
    dd,
    make_pandas,
    pdf,
)

import ferrodf


def test_elementwise_filter_reduce(cluster_frames: Any) -> None:
    p, f = cluster_frames
    assert_same(p[p.y > 0].x * 2 + p.y, f[f.y > 0].x * 2 + f.y)
    assert_scalar(p.x.mean(), f.x.mean())
    assert isinstance(f[f.y > 0].compute(), ferrodf.DataFrame)


def test_groupby_tree_and_shuffle(cluster_frames: Any) -> None:
    p, f = cluster_frames
    spec = {"x": ["sum", "count"], "y": "max"}
    assert_same(p.groupby("k").agg(spec), f.groupby("k").agg(spec))
    assert_same(p.groupby("k").agg(spec, split_out=2), f.groupby("k").agg(spec, split_out=2))


@pytest.mark.parametrize("broadcast", [True, False])
def test_merge(cluster_frames: Any, broadcast: bool) -> None:
    p, f = cluster_frames
    right = make_pandas(60, seed=1)[["k", "y"]].drop_duplicates("k").rename(columns={"y": "w"})
    pr = dd.from_pandas(right, npartitions=2)
    assert_same(
        p.merge(pr, on="k", broadcast=broadcast),
        f.merge(pr.to_backend("ferrodf"), on="k", broadcast=broadcast),
        check_index=False,
    )


@pytest.fixture
def p2p(cluster_frames: Any) -> Any:
    """The cluster frames with distributed's p2p shuffle (Arrow tables between workers,
    routed with ``Series.cat.codes`` of the worker of each output partition)."""
    with dask.config.set({"dataframe.shuffle.method": "p2p"}):
        yield cluster_frames


def test_p2p_groupby(p2p: Any) -> None:
    p, f = p2p
    spec = {"x": ["sum", "count"], "y": "max"}
    got = f.groupby("k").agg(spec, split_out=2)
    names = {str(k[0] if isinstance(k, tuple) else k) for k in got.optimize().dask}
    assert any(n.startswith("p2pshuffle") for n in names)  # not the tasks shuffle
    assert_same(p.groupby("k").agg(spec, split_out=2), got)
    assert_same(p.groupby("s").y.sum(split_out=3), f.groupby("s").y.sum(split_out=3))


@pytest.mark.parametrize("how", ["inner", "left", "outer"])
def test_p2p_merge(p2p: Any, how: str) -> None:
    p, f = p2p
    right = make_pandas(60, seed=1)[["k", "y"]].drop_duplicates("k").rename(columns={"y": "w"})
    pr = dd.from_pandas(right, npartitions=2)
    got = f.merge(pr.to_backend("ferrodf"), on="k", how=how, shuffle_method="p2p")
    assert_same(p.merge(pr, on="k", how=how, shuffle_method="p2p"), got, check_index=False)


def test_p2p_set_index_sort_values(p2p: Any) -> None:
    p, f = p2p
    assert_same(p.set_index("y"), f.set_index("y"))
    # row labels: test_p2p_keeps_row_labels
    assert_same(p.sort_values("x"), f.sort_values("x"), check_index=False)
    assert_same(p.shuffle("k"), f.shuffle("k"), check_index=False)


def test_p2p_keeps_row_labels(p2p: Any) -> None:
    """distributed's split_by_worker routes rows with df.merge(left_on=...,
    right_index=True), which keeps the left side's row labels."""
    p, f = p2p
    assert_same(p.sort_values("x"), f.sort_values("x"))


def test_drop_duplicates_value_counts(cluster_frames: Any) -> None:
    p, f = cluster_frames
    assert_same(p[["k", "s"]].drop_duplicates(), f[["k", "s"]].drop_duplicates(), check_index=False)
    assert_same(p.k.value_counts(), f.k.value_counts())


def test_persist_and_repartition(cluster_frames: Any, cluster: Any) -> None:
    p, f = cluster_frames
    persisted = f.persist()
    assert_same(p, persisted)
    sizes = cluster.run(lambda dask_worker: len(dask_worker.data))
    assert sum(sizes.values()) >= f.npartitions  # the partitions live on the workers
    assert_same(p.repartition(npartitions=2), persisted.repartition(npartitions=2))


def test_workers_register_the_backend(cluster_frames: Any, cluster: Any) -> None:
    _, f = cluster_frames
    f.y.sum().compute()
    loaded = cluster.run(lambda: __import__("sys").modules.get("ferrodf.dask") is not None)
    assert all(loaded.values())


def test_local_cluster_gives_each_worker_its_share_of_host_memory() -> None:
    """One worker per GPU: each gets an even share of host memory (one worker: all of it),
    not distributed's "auto" (memory x threads / cores: half of it on a 2-core machine),
    under which Dask spilled GPU partitions to disk."""
    import logging

    from distributed import Client
    from distributed.system import MEMORY_LIMIT

    from ferrodf.dask.cluster import local_cluster

    def placement() -> tuple[str | None, str | None]:
        import os

        return os.environ.get("FERRODF_DEVICE"), os.environ.get("CUDA_VISIBLE_DEVICES")

    with (
        local_cluster(n_workers=1, gpus=[], silence_logs=logging.ERROR) as c,
        Client(c) as client,
    ):
        workers = client.scheduler_info(n_workers=-1)["workers"].values()
        assert [w["memory_limit"] for w in workers] == [MEMORY_LIMIT]
        assert set(client.run(placement).values()) == {("cpu", "")}
    with pytest.raises(ValueError, match="n_workers or the list of gpus"):
        local_cluster()
