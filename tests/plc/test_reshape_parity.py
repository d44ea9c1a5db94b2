"""The host and device paths of the reshaping family give the same results: interleave,
tile, transpose, label_bins, partition, round_robin_partition, encode, one_hot_encode,
the column factories and sample (whose draws are the same on both paths by design).
Skipped without a GPU; the GPU run of the suite exercises it."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import make_array, run_both

import ferrodf
import ferrodf.plc as plc

pytestmark = pytest.mark.skipif(ferrodf.gpu_info() is None, reason="needs a GPU")


def table(arrays) -> plc.Table:
    return plc.Table([plc.Column.from_arrow(a) for a in arrays])


def lists(t: plc.Table) -> list:
    return [c.to_arrow().to_pylist() for c in t.columns()]


ARRAYS = [make_array(pa.int64(), 3000, seed=s).slice(11, 2500) for s in range(3)]


def test_reshape_parity():
    t = table(ARRAYS)
    host, dev = run_both(lambda: plc.reshape.interleave_columns(t).to_arrow().to_pylist())
    assert host == dev
    host, dev = run_both(lambda: lists(plc.reshape.tile(t, 3)))
    assert host == dev
    small = table([a.slice(0, 40) for a in ARRAYS])
    host, dev = run_both(lambda: lists(plc.transpose.transpose(small)))
    assert host == dev


@pytest.mark.parametrize("t", [pa.int32(), pa.uint64(), pa.float32(), pa.float64()])
def test_label_bins_parity(t):
    values = make_array(t, 5000, seed=2).slice(3)
    edges = np.sort(np.unique(make_array(t, 41, nulls=False, seed=3).to_numpy()))
    left, right = pa.array(edges[0:-1:2], t), pa.array(edges[1::2], t)
    for li in plc.labeling.Inclusive:
        for ri in plc.labeling.Inclusive:
            host, dev = run_both(
                lambda li=li, ri=ri: (
                    plc.labeling.label_bins(
                        plc.Column.from_arrow(values),
                        plc.Column.from_arrow(left),
                        li,
                        plc.Column.from_arrow(right),
                        ri,
                    )
                    .to_arrow()
                    .to_pylist()
                )
            )
            assert host == dev


def test_partition_parity():
    t = table(ARRAYS)
    ids = plc.Column.from_arrow(pa.array(np.random.default_rng(0).integers(0, 9, 2500), pa.int32()))
    host, dev = run_both(
        lambda: (lambda r: (lists(r[0]), r[1]))(plc.partitioning.partition(t, ids, 9))
    )
    assert host == dev
    host, dev = run_both(
        lambda: (lambda r: (lists(r[0]), r[1]))(plc.partitioning.round_robin_partition(t, 7, 3))
    )
    assert host == dev


def test_encode_parity():
    col = plc.Column.from_arrow(pa.array(np.random.default_rng(1).integers(0, 50, 4000)))
    host, dev = run_both(
        lambda: (lambda r: (lists(r[0]), r[1].to_arrow().to_pylist()))(
            plc.transform.encode(plc.Table([col]))
        )
    )
    assert host == dev
    cats = plc.Column.from_arrow(pa.array(list(range(0, 50, 7))))
    host, dev = run_both(lambda: lists(plc.transform.one_hot_encode(col, cats)))
    assert host == dev


def test_factories_and_sample_parity():
    M = plc.types.MaskState
    host, dev = run_both(
        lambda: (
            plc.column_factories.make_numeric_column(
                plc.DataType(plc.TypeId.INT32), 100, M.ALL_NULL
            )
            .to_arrow()
            .to_pylist()
        )
    )
    assert host == dev
    t = table(ARRAYS)
    for rep in plc.types.SampleWithReplacement:
        host, dev = run_both(lambda rep=rep: lists(plc.copying.sample(t, 700, rep, 12345)))
        assert host == dev
