"""dask.dataframe on ferrodf partitions computes what it computes on pandas partitions:
elementwise operations, filters, reductions, groupby (tree reduction and shuffle),
merge (broadcast and hash shuffle), sorting, deduplication, map_partitions, persist and
repartitioning, on the synchronous scheduler (test_dask_distributed.py: on a cluster)."""

# ruff: noqa: F811  (pytest fixtures imported from dask_helpers are test arguments)
from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from dask_helpers import (  # noqa: F401  (fixtures)
    assert_same,
    assert_scalar,
    dd,
    frames,
    make_pandas,
    pdf,
    sync_frames,
)

import ferrodf


def test_elementwise(frames: Any) -> None:
    p, f = frames
    assert_same(p.x * 2 + p.y, f.x * 2 + f.y)
    assert_same(p.assign(z=p.y % 7 - p.x), f.assign(z=f.y % 7 - f.x))
    assert_same(p.x.fillna(0.5).round(2), f.x.fillna(0.5).round(2))
    assert_same(p.s.isna(), f.s.isna())


def test_filter(frames: Any) -> None:
    p, f = frames
    assert_same(p[p.y > 10], f[f.y > 10])
    assert_same(
        p[(p.k == 3) & p.x.notnull()][["k", "x"]], f[(f.k == 3) & f.x.notnull()][["k", "x"]]
    )
    assert_same(p[p.y > 1000], f[f.y > 1000])  # every partition empty


def test_series_reductions(frames: Any) -> None:
    p, f = frames
    for how in ("sum", "min", "max", "count", "mean"):
        assert_scalar(getattr(p.x, how)(), getattr(f.x, how)())
        assert_scalar(getattr(p.y, how)(), getattr(f.y, how)())


def test_size_and_length(frames: Any) -> None:
    p, f = frames
    assert len(f) == len(p)
    assert_scalar(p.k.nunique(), f.k.nunique())


@pytest.mark.parametrize("split_out", [1, 3])
def test_groupby_agg(frames: Any, split_out: int) -> None:
    """split_out=1: a tree reduction; split_out>1: the partial results are shuffled."""
    p, f = frames
    spec = {"x": ["sum", "count", "max"], "y": "min"}
    assert_same(
        p.groupby("k").agg(spec, split_out=split_out), f.groupby("k").agg(spec, split_out=split_out)
    )
    assert_same(
        p.groupby("k").y.sum(split_out=split_out), f.groupby("k").y.sum(split_out=split_out)
    )


def test_groupby_named_and_mean(frames: Any) -> None:
    p, f = frames
    assert_same(
        p.groupby("s").agg(t=("y", "sum"), m=("x", "max")),
        f.groupby("s").agg(t=("y", "sum"), m=("x", "max")),
    )
    p2, f2 = p[p.s.notnull()], f[f.s.notnull()]  # null keys: see test_groupby_null_keys
    assert_same(p2.groupby(["k", "s"]).x.mean(), f2.groupby(["k", "s"]).x.mean())


def test_groupby_shuffle_method(frames: Any) -> None:
    p, f = frames
    assert_same(
        p.groupby("k").agg({"y": "sum"}, split_out=2, shuffle_method="tasks"),
        f.groupby("k").agg({"y": "sum"}, split_out=2, shuffle_method="tasks"),
    )


def _right() -> Any:
    right = make_pandas(60, seed=1)[["k", "y"]].drop_duplicates("k").rename(columns={"y": "w"})
    return dd.from_pandas(right, npartitions=2)


#: merge's two strategies: the small side sent to every partition, or both sides shuffled.
MERGES = [
    ("inner", {"broadcast": True}),
    ("left", {"broadcast": True}),
    ("inner", {"broadcast": False, "shuffle_method": "tasks"}),
    ("outer", {"broadcast": False, "shuffle_method": "tasks"}),
]


@pytest.mark.parametrize(
    ("how", "strategy"),
    MERGES,
    ids=["broadcast-inner", "broadcast-left", "hash-inner", "hash-outer"],
)
def test_merge(frames: Any, how: str, strategy: dict[str, Any]) -> None:
    p, f = frames
    pr = _right()
    fr = pr.to_backend("ferrodf")
    assert_same(
        p.merge(pr, on="k", how=how, **strategy),
        f.merge(fr, on="k", how=how, **strategy),
        check_index=False,
    )


def test_drop_duplicates_and_value_counts(frames: Any) -> None:
    p, f = frames
    assert_same(p[["k", "s"]].drop_duplicates(), f[["k", "s"]].drop_duplicates(), check_index=False)
    assert_same(p.k.value_counts(), f.k.value_counts())
    assert_same(p.k.unique(), f.k.unique(), check_index=False)


def _triple(part: Any) -> Any:
    return part.assign(q=part.y * 3)


def test_map_partitions_persist_repartition(frames: Any) -> None:
    p, f = frames
    assert_same(p.map_partitions(_triple), f.map_partitions(_triple))
    persisted = f.persist()
    assert persisted.npartitions == f.npartitions
    assert_same(p, persisted)
    fewer = f.repartition(npartitions=2)
    assert fewer.npartitions == 2
    assert_same(p, fewer)
    assert f.repartition(npartitions=6).npartitions == 6


def test_computed_partitions_are_ferrodf(frames: Any) -> None:
    _, f = frames
    out = f.groupby("k").y.sum().compute()
    assert isinstance(out, ferrodf.Series)
    assert isinstance(f[f.y > 0].compute(), ferrodf.DataFrame)


def test_head(frames: Any) -> None:
    p, f = frames
    dd.assert_eq(f.head(5).to_pandas(), p.head(5))


def test_std(sync_frames: Any) -> None:  # Dask computes on Series.values
    p, f = sync_frames
    assert_scalar(p.x.std(), f.x.std())


def test_set_index(sync_frames: Any) -> None:
    p, f = sync_frames
    assert_same(p.set_index("y"), f.set_index("y"))


def test_sort_values(sync_frames: Any) -> None:
    p, f = sync_frames
    # ties in y may come in either order (pandas' sort is not stable, ferrodf's is): the
    # sorted column in order, the rows as a set
    assert_same(p.sort_values("y").y, f.sort_values("y").y, sort_results=False, check_index=False)
    assert_same(p.sort_values("y"), f.sort_values("y"), check_index=False)


def test_sort_values_descending_and_sliced(frames: Any) -> None:
    p, f = frames
    assert_same(  # x has no ties but missing values (last)
        p.sort_values("x", ascending=False),
        f.sort_values("x", ascending=False),
        sort_results=False,
        check_index=False,
    )
    assert_same(p.set_index("y"), f.set_index("y"))


def test_disk_shuffle(pdf: Any) -> None:
    # Dask's disk shuffle splits each partition with GroupBy.groups / get_group
    import dask

    p = dd.from_pandas(pdf, npartitions=4, sort=False)
    f = p.to_backend("ferrodf")
    with dask.config.set(scheduler="sync", **{"dataframe.shuffle.method": "disk"}):
        assert_same(p.shuffle("k"), f.shuffle("k"))
        assert_same(p.groupby("k").y.sum(split_out=2), f.groupby("k").y.sum(split_out=2))
        assert_same(p.set_index("y"), f.set_index("y"))


def test_frame_reduction(sync_frames: Any) -> None:
    p, f = sync_frames
    assert_same(p[["x", "y"]].sum(), f[["x", "y"]].sum())


def test_empty_partitions(frames: Any) -> None:
    p, f = frames
    pe, fe = p[p.y > 1000], f[f.y > 1000]
    assert_same(pe.groupby("k").y.sum(), fe.groupby("k").y.sum())
    assert len(fe) == 0
    assert np.isclose(fe.y.sum().compute(), 0)


def test_groupby_null_keys(frames: Any, pdf: Any) -> None:
    """Null keys are dropped, as pandas drops them (dask on pandas partitions keeps them
    in groupby().mean() unless dropna=True is passed, unlike pandas itself)."""
    p, f = frames
    assert_same(p.groupby(["k", "s"], dropna=True).x.mean(), f.groupby(["k", "s"]).x.mean())
    assert_same(p.groupby("s", dropna=True).y.sum(), f.groupby("s", dropna=True).y.sum())


def test_categorize_and_cat_accessor(frames: Any) -> None:
    """``categorize`` (the categories of every partition, unioned, then each partition
    re-encoded against them) and ``.cat`` on a collection, as on pandas partitions."""
    p, f = frames
    # persisted: Dask pushes a column projection into Categorize and then looks for the
    # column in a Series (on pandas partitions too)
    pc, fc = p.categorize(columns=["s"]).persist(), f.categorize(columns=["s"]).persist()
    assert fc.s.cat.known
    assert fc.s.cat.categories.tolist() == pc.s.cat.categories.tolist()
    assert isinstance(fc._meta.s.dtype, pd.CategoricalDtype)
    assert_same(pc.s.cat.codes, fc.s.cat.codes)
    # Dask's pandas categories are pyarrow "string", ferrodf's pandas 3 "str": the dtypes
    # differ in that name only (the categories are compared above and by the codes)
    loose = {"check_dtype": False, "check_categorical": False}
    assert_same(pc.s, fc.s, **loose)
    assert_same(pc.s.cat.as_unordered(), fc.s.cat.as_unordered(), **loose)
    wanted = ["s3", "s1", "zz"]
    got = fc.s.cat.set_categories(wanted)
    assert_same(pc.s.cat.set_categories(wanted), got, **loose)
    assert_same(pc.s.cat.set_categories(wanted).cat.codes, got.cat.codes)
    dtype = pd.CategoricalDtype(["s0", "s2", "s4"])
    assert_same(p.s.astype(dtype), f.s.astype(dtype), **loose)
    assert_same(p.s.astype(dtype).cat.codes, f.s.astype(dtype).cat.codes)


def test_index_and_series_collections_with_assert_eq(frames: Any) -> None:
    """``dd.assert_eq`` takes ferrodf Series and Index collections directly."""
    p, f = frames
    dd.assert_eq(p.x + 1, f.x + 1)
    dd.assert_eq(p.index, f.index)
    dd.assert_eq(p.groupby("k").y.max(), f.groupby("k").y.max())
