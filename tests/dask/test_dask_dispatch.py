"""The dispatch functions for ferrodf objects, one by one (the checks of dask-cudf's
test_dispatch.py and test_core.py that apply to a backend): meta, nonempty meta, concat,
hashing and splitting for shuffles, categorical and list helpers, Arrow and pandas
conversion, percentiles, ``sizeof``, tokenization and serialization. pandas' own
registrations are the oracle."""

# ruff: noqa: F811  (pytest fixtures imported from dask_helpers are test arguments)
from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

pytest.importorskip("dask.dataframe")  # before the imports from dask below

from dask.array.dispatch import percentile_lookup
from dask.base import tokenize
from dask.dataframe import dispatch as dsp
from dask.dataframe.utils import make_meta
from dask.sizeof import sizeof
from dask_helpers import dask, dd, distributed, make_pandas, pdf  # noqa: F401

import ferrodf
from ferrodf.dask._dispatch import union_categoricals


@pytest.fixture(params=["whole", "sliced"])
def fdf(request: Any, pdf: pd.DataFrame) -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    """``(pandas, ferrodf)``; "sliced" starts at row 5 (column offsets != 0)."""
    f = ferrodf.from_pandas(pdf)
    if request.param == "sliced":
        return pdf.iloc[5:], f.iloc[5:]
    return pdf, f


def test_make_meta(fdf: Any) -> None:
    p, f = fdf
    meta = make_meta(f)
    assert isinstance(meta, ferrodf.DataFrame) and len(meta) == 0
    assert list(meta.columns) == list(p.columns)
    assert meta.dtypes.tolist() == make_meta(p).dtypes.astype(str).tolist()
    assert isinstance(make_meta(f["x"]), ferrodf.Series) and make_meta(f["x"]).name == "x"
    assert len(make_meta(f.index)) == 0


def test_make_meta_obj_from_descriptions() -> None:
    parent = ferrodf.DataFrame({"a": [1]})
    meta = dsp.make_meta_obj.dispatch(type(parent))({"a": "i8", "b": "f8", "c": "str"})
    want = dsp.make_meta_obj.dispatch(pd.DataFrame)({"a": "i8", "b": "f8", "c": "str"})
    assert isinstance(meta, ferrodf.DataFrame)
    assert meta.dtypes.tolist() == want.dtypes.astype(str).tolist()
    series = dsp.make_meta_obj.dispatch(type(parent))(("x", "f8"))
    assert isinstance(series, ferrodf.Series) and series.name == "x"
    assert make_meta(("x", "f8"), parent_meta=parent).dtype == np.dtype("f8")
    with pytest.raises(ValueError, match="iterable of tuples"):
        dsp.make_meta_obj.dispatch(type(parent))([1, 2])


def test_meta_nonempty(fdf: Any) -> None:
    p, f = fdf
    got = dsp.meta_nonempty(make_meta(f))
    want = dsp.meta_nonempty(make_meta(p))
    assert isinstance(got, ferrodf.DataFrame) and len(got) == len(want) == 2
    assert got.dtypes.tolist() == want.dtypes.astype(str).tolist()
    assert isinstance(dsp.meta_nonempty(make_meta(f["s"])), ferrodf.Series)


def test_collection_types(fdf: Any) -> None:
    _, f = fdf
    ddf = dd.from_pandas(make_pandas(20), npartitions=2).to_backend("ferrodf")
    assert isinstance(ddf, dd.DataFrame) and type(ddf).__module__ == "ferrodf.dask._collection"
    assert isinstance(ddf.x, dd.Series) and isinstance(ddf.index, dd.Index)
    assert dsp.get_parallel_type(f["x"]) is type(ddf.x)


@pytest.mark.parametrize("ignore_index", [False, True])
def test_concat(fdf: Any, ignore_index: bool) -> None:
    p, f = fdf
    parts_p, parts_f = (
        [p.iloc[:10], p.iloc[10:40], p.iloc[40:40]],
        [f.iloc[:10], f.iloc[10:40], f.iloc[40:40]],
    )
    got = dsp.concat(parts_f, ignore_index=ignore_index)
    want = dsp.concat(parts_p, ignore_index=ignore_index)
    # Dask's pandas concat keeps the index even with ignore_index (it may drop it)
    dd.assert_eq(got.to_pandas(), want, check_index=not ignore_index)
    s = dsp.concat([f["x"].iloc[:5], f["x"].iloc[5:9]])
    assert isinstance(s, ferrodf.Series)
    dd.assert_eq(s.to_pandas(), dsp.concat([p["x"].iloc[:5], p["x"].iloc[5:9]]))
    inner = dsp.concat([f[["k", "x"]], f[["k", "y"]]], join="inner")
    assert list(inner.columns) == ["k"]
    ix = dsp.concat([f.index[:3], f.index[3:6]])
    assert ix.tolist() == p.index[:6].tolist()


def test_hash_object(fdf: Any) -> None:
    """Equal rows hash equal (in any frame), different rows (almost surely) differ, the
    result is uint64 and indexed like the input; deterministic across calls."""
    p, f = fdf
    h = dsp.hash_object_dispatch(f[["k", "s"]], index=False)
    assert isinstance(h, ferrodf.Series) and h.dtype == np.dtype("uint64")
    assert h.index.to_pandas().equals(p.index)
    hp = pd.Series(h.to_numpy(), index=p.index)
    pandas_h = pd.util.hash_pandas_object(p[["k", "s"]], index=False)
    # same partition of rows into equal-hash groups as pandas' hash
    assert pd.factorize(hp)[0].tolist() == pd.factorize(pandas_h)[0].tolist()
    again = dsp.hash_object_dispatch(ferrodf.from_pandas(p[["k", "s"]]), index=False)
    assert again.tolist() == h.tolist()
    with_index = dsp.hash_object_dispatch(f[["k"]], index=True)
    assert with_index.tolist() != dsp.hash_object_dispatch(f[["k"]], index=False).tolist()
    with pytest.raises(NotImplementedError, match="hash_key"):
        dsp.hash_object_dispatch(f, hash_key="0123456789123456")


@pytest.mark.parametrize("ignore_index", [False, True])
def test_group_split(fdf: Any, ignore_index: bool) -> None:
    p, f = fdf
    k = 5
    codes = (np.arange(len(p)) * 7 % k).astype("int64")
    got = dsp.group_split_dispatch(f, ferrodf.Series(codes), k, ignore_index=ignore_index)
    want = dsp.group_split_dispatch(p, codes, k, ignore_index=ignore_index)
    assert sorted(got) == sorted(want) == list(range(k))
    for i in range(k):
        dd.assert_eq(got[i].to_pandas(), want[i])
    assert sizeof(got) >= sum(sizeof(v) for v in got.values())
    empty = dsp.group_split_dispatch(f.iloc[:0], ferrodf.Series(np.array([], "int64")), 3)
    assert [len(v) for v in empty.values()] == [0, 0, 0]


def test_small_dispatches(fdf: Any) -> None:
    p, f = fdf
    assert dsp.tolist(f["y"]) == p["y"].tolist()
    assert dsp.tolist(f.index) == p.index.tolist()
    assert dsp.is_categorical_dtype(f["s"]) is False
    assert dsp.is_categorical_dtype(pd.CategoricalDtype(["a"])) is True
    dtype = dsp.categorical_dtype(f, categories=["a", "b"], ordered=True)
    assert dtype == pd.CategoricalDtype(["a", "b"], ordered=True)
    assert dsp.grouper_dispatch(f) is pd.Grouper
    pdo = dsp.to_pandas_dispatch(f)
    dd.assert_eq(pdo, p)


def test_categorical_dispatches(fdf: Any) -> None:
    """``is_categorical_dtype``, ``categorical_dtype`` and ``union_categoricals`` on
    ferrodf categoricals, pandas' registrations as the oracle."""
    p, f = fdf
    pa_, pb = p["s"].astype("category"), p["s"].iloc[::-1].fillna("new").astype("category")
    fa, fb = f["s"].astype("category"), f["s"].iloc[::-1].fillna("new").astype("category")
    assert dsp.is_categorical_dtype(fa) is True
    assert dsp.is_categorical_dtype(fa.cat.categories) is False
    assert dsp.categorical_dtype(fa, categories=fb.cat.categories) == dsp.categorical_dtype(
        pa_, categories=pb.cat.categories
    )
    for sort in (False, True):
        got = dsp.union_categoricals([fa, fb], sort_categories=sort)
        want = dsp.union_categoricals([pa_, pb], sort_categories=sort)
        assert got.dtype == want.dtype
        pd.testing.assert_series_equal(got.to_pandas(), pd.Series(want), check_names=False)
    one = dsp.union_categoricals([ferrodf.Index(fa.cat.categories)])
    assert list(one.cat.categories.to_pandas()) == list(pa_.cat.categories)
    with pytest.raises(TypeError, match="dtype of categories must be the same"):
        dsp.union_categoricals([fa, f["y"].astype("category")])
    with pytest.raises(ValueError, match="No Categoricals"):
        union_categoricals([])  # Dask dispatches on the first item: there is none


def test_pyarrow_dispatches(fdf: Any) -> None:
    p, f = fdf
    for preserve in (None, True, False):
        table = dsp.to_pyarrow_table_dispatch(f, preserve_index=preserve)
        want = pa.Table.from_pandas(p, preserve_index=preserve)
        assert table.column_names == want.column_names
        assert dsp.pyarrow_schema_dispatch(f, preserve_index=preserve).names == want.schema.names
        back = dsp.from_pyarrow_table_dispatch(f, table)
        dd.assert_eq(back.to_pandas(), want.to_pandas(), check_index=preserve is not False)
    indexed = f.set_index("s")
    table = dsp.to_pyarrow_table_dispatch(indexed, preserve_index=True)
    back = dsp.from_pyarrow_table_dispatch(indexed, table)
    assert back.index.name == "s" and back.index.tolist() == indexed.index.tolist()


@pytest.mark.parametrize("interpolation", ["linear", "nearest"])
def test_percentile(fdf: Any, interpolation: str) -> None:
    p, f = fdf
    q = [0, 25, 50, 90, 100]
    got, n = percentile_lookup(f["x"], q, interpolation)
    want, m = percentile_lookup(p["x"].dropna(), q, interpolation)
    assert n == m
    np.testing.assert_allclose(got, want)
    empty, zero = percentile_lookup(f["x"].iloc[:0], q)
    assert zero == 0 and len(empty) == 0


def test_sizeof_counts_column_bytes(fdf: Any) -> None:
    _, f = fdf
    assert sizeof(f) == f.memory_usage().sum() > 0
    assert sizeof(f["x"]) >= 8 * len(f)
    assert 0 < sizeof(f["y"]) <= sizeof(f)
    assert sizeof(f.index) >= 0
    assert sizeof(f.set_index("y").index) >= 8 * len(f)


def test_tokenize_is_deterministic(pdf: pd.DataFrame) -> None:
    a, b = ferrodf.from_pandas(pdf), ferrodf.from_pandas(pdf.copy())
    assert tokenize(a) == tokenize(b)
    assert tokenize(a["x"]) == tokenize(b["x"])
    assert tokenize(a.index) == tokenize(b.index)
    changed = pdf.copy()
    changed.loc[3, "y"] += 1
    assert tokenize(ferrodf.from_pandas(changed)) != tokenize(a)
    assert tokenize(a) != tokenize(a.rename(columns={"x": "z"}))
    assert tokenize(a.iloc[5:]) == tokenize(ferrodf.from_pandas(pdf.iloc[5:]))
    assert tokenize(a["x"]) != tokenize(a["x"].rename("z"))
    assert tokenize(a.iloc[:0]) == tokenize(b.iloc[:0])


def _objects(f: ferrodf.DataFrame) -> list[Any]:
    return [
        f,
        f["s"],
        f.index,
        f.set_index("s"),
        f.set_index(["k", "s"]),
        f.set_index("y").index,
        f.iloc[:0],
        f[[]],  # rows without columns
        ferrodf.DataFrame({("a", "x"): f["x"], ("a", "y"): f["y"], ("b", "s"): f["s"]}),
    ]


def _same(a: Any, b: Any) -> None:
    assert type(a) is type(b)
    ap, bp = a.to_pandas(), b.to_pandas()
    if isinstance(ap, pd.Index):
        pd.testing.assert_index_equal(ap, bp)
    else:
        dd.assert_eq(ap, bp)


def test_pickle_round_trip(fdf: Any) -> None:
    _, f = fdf
    for obj in _objects(f):
        for protocol in (4, 5):
            _same(obj, pickle.loads(pickle.dumps(obj, protocol=protocol)))


def test_distributed_serialization(fdf: Any) -> None:
    """``distributed``'s "dask" serializer: one Arrow IPC frame, no pickle."""
    from distributed.protocol import deserialize, serialize

    _, f = fdf
    for obj in _objects(f):
        header, frames = serialize(obj, serializers=["dask"], on_error="raise")
        assert header["serializer"] == "dask"
        assert len(frames) == 1 and isinstance(frames[0], memoryview | bytes)
        _same(obj, deserialize(header, frames))


def test_pickle5_buffers_are_out_of_band(pdf: pd.DataFrame) -> None:
    f = ferrodf.from_pandas(pdf)
    buffers: list[pickle.PickleBuffer] = []
    data = pickle.dumps(f, protocol=5, buffer_callback=buffers.append)
    assert len(buffers) == 1 and len(data) < 2_000 < memoryview(buffers[0]).nbytes
    _same(f, pickle.loads(data, buffers=buffers))
