"""Dask's dispatch functions for ferrodf DataFrame, Series and Index.

The pandas registrations in ``dask/dataframe/backends.py`` are the model; each function here
does the same job with ferrodf's API (and ``ferrodf.plc`` where the frame API has no
counterpart), keeping partitions where they are: nothing but metadata (empty frames, a few
partition offsets) is copied to the host.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
from dask._dispatch import get_collection_type
from dask.array.dispatch import percentile_lookup
from dask.dataframe import backends as pd_backends
from dask.dataframe.dispatch import (
    categorical_dtype_dispatch,
    concat_dispatch,
    from_pyarrow_table_dispatch,
    get_parallel_type,
    group_split_dispatch,
    grouper_dispatch,
    hash_object_dispatch,
    is_categorical_dtype_dispatch,
    make_meta_dispatch,
    make_meta_obj,
    meta_nonempty,
    partd_encode_dispatch,
    pyarrow_schema_dispatch,
    to_pandas_dispatch,
    to_pyarrow_table_dispatch,
    tolist_dispatch,
    union_categoricals_dispatch,
)

import ferrodf
import ferrodf.plc as plc
from ferrodf import _lib

FRAME_TYPES = (ferrodf.DataFrame, ferrodf.Series, ferrodf.Index)


def from_pandas_meta(obj: Any) -> Any:
    """A ferrodf object from pandas metadata (usually empty). pandas' ``object`` columns of an
    empty meta carry no values to infer a type from; they become strings, the type Dask's
    readers give them."""
    if isinstance(obj, pd.DataFrame):
        obj = obj.astype({c: "str" for c, t in obj.dtypes.items() if t is np.dtype(object)})
    elif isinstance(obj, pd.Series | pd.Index) and obj.dtype == object and len(obj) == 0:
        obj = obj.astype("str")
    elif not isinstance(obj, pd.DataFrame | pd.Series | pd.Index):
        return obj  # a scalar meta
    return ferrodf.from_pandas(obj)


def make_meta(x: Any, index: Any = None) -> Any:
    """An empty object with ``x``'s columns, dtypes and index type."""
    if isinstance(x, ferrodf.Index):
        return x[0:0]
    return x.iloc[:0]


def make_meta_object(x: Any, index: Any = None) -> Any:
    """Meta from a description (``{name: dtype}``, ``(name, dtype)``, a dtype, a pandas
    object): pandas' rules, then the result as ferrodf."""
    if isinstance(x, FRAME_TYPES):
        return make_meta(x)
    if isinstance(index, FRAME_TYPES):
        index = index.to_pandas()
    return from_pandas_meta(pd_backends.make_meta_object(x, index=index))


def nonempty(x: Any) -> Any:
    """Two rows of fake data of ``x``'s dtypes, for Dask to run an operation on and see the
    type of the result."""
    return from_pandas_meta(pd_backends.meta_nonempty(x.to_pandas()))


def parallel_type(kind: str) -> Any:
    def get(_: Any) -> Any:
        from dask.dataframe.dask_expr import _collection

        return getattr(_collection, kind)

    return get


def concat(
    dfs: list[Any],
    axis: int = 0,
    join: str = "outer",
    uniform: bool = False,
    filter_warning: bool = True,
    ignore_index: bool = False,
    **kwargs: Any,
) -> Any:
    """``ferrodf.concat`` with Dask's arguments. ``join="inner"`` keeps the shared columns
    (ferrodf's concat aligns on the union, as ``join="outer"``)."""
    kwargs.pop("ignore_order", None)
    if kwargs:
        raise NotImplementedError(f"concat of ferrodf partitions with {sorted(kwargs)}")
    if isinstance(dfs[0], ferrodf.Index):  # one level: its columns end to end, on the device
        if any(i.nlevels != 1 for i in dfs):
            raise NotImplementedError("concat of ferrodf MultiIndex objects")
        ranged = _concat_ranges(dfs)
        if ranged is not None:
            return ranged
        column = plc.concatenate.concatenate([i._index.level_columns()[0] for i in dfs])
        return ferrodf.Index._from_lib(_lib.Index.from_column(column, dfs[0].name))
    if isinstance(dfs[0], ferrodf.Series) and axis in (0, "index"):
        return _concat_series(dfs, ignore_index)
    if join == "inner" and axis in (0, "index"):
        shared = [c for c in dfs[0].columns if all(c in d.columns for d in dfs[1:])]
        dfs = [d[shared] for d in dfs]
    return ferrodf.concat(dfs, axis=axis, ignore_index=ignore_index)


def _concat_ranges(parts: list[Any]) -> Any:
    """Consecutive step-1 RangeIndexes as one RangeIndex (what pandas' concat makes of the
    default index of split partitions), None otherwise."""
    if not all(isinstance(i, ferrodf.RangeIndex) and i.step == 1 for i in parts):
        return None
    parts = [i for i in parts if len(i)] or parts[:1]
    if any(b.start != a.stop for a, b in itertools.pairwise(parts)):
        return None
    return ferrodf.RangeIndex(parts[0].start, parts[-1].stop, name=parts[0].name)


def _concat_series(parts: list[Any], ignore_index: bool) -> Any:
    """Series stacked end to end (``ferrodf.concat`` of Series lines them up as columns)."""
    name = parts[0].name
    if all(isinstance(s.dtype, pd.CategoricalDtype) for s in parts):
        # as values, then categorical over the union of the categories (ferrodf.concat of
        # categoricals repeats categories that several parts share)
        categories = pd.Index(
            [c for s in parts for c in s.cat.categories.to_pandas()]
        ).drop_duplicates()
        values = [s.astype(s.cat.categories.dtype) for s in parts]
        return _concat_series(values, ignore_index).astype(pd.CategoricalDtype(categories))
    frames = [s.to_frame("__values__") for s in parts]
    return ferrodf.concat(frames, ignore_index=ignore_index)["__values__"].rename(name)


def _table_of(obj: Any, index: bool) -> plc.Table:
    """The columns to hash: the values, and the index levels when ``index``. Categorical
    columns are hashed by their values (partitions may number the same categories
    differently), decoded on the device."""
    cols = list(ferrodf.memory._plc_columns(obj)) if not isinstance(obj, ferrodf.Index) else []
    if index or isinstance(obj, ferrodf.Index):
        ix = obj if isinstance(obj, ferrodf.Index) else obj.index
        cols += list(ix._index.level_columns())
    return plc.Table([_decoded(c) for c in cols])


def _decoded(col: plc.Column) -> plc.Column:
    """A dictionary (categorical) column as the column of its values; others as they are."""
    if col.type().id() != plc.types.TypeId.DICTIONARY32:
        return col
    s = ferrodf.Series(col)
    return s.astype(s.cat.categories.dtype)._s.column


def hash_object(
    obj: Any,
    index: bool = True,
    encoding: str = "utf8",
    hash_key: Any = None,
    categorize: bool = True,
) -> Any:
    """A uint64 Series of row hashes, indexed like ``obj``; Dask takes it modulo the
    partition count to route rows in a shuffle. MurmurHash3 on the device, as dask-cudf
    hashes (libcudf's xxhash_64 gives every row with a null in its last column the same
    hash, which would send all of them to one partition)."""
    if hash_key is not None:
        raise NotImplementedError("hash_object_dispatch of ferrodf objects with a hash_key")
    hashed = plc.hashing.murmurhash3_x86_32(_table_of(obj, index))
    ix = None if isinstance(obj, ferrodf.Index) else obj.index
    return ferrodf.Series(hashed, index=ix).astype("uint64")


def group_split(df: Any, c: Any, k: int, ignore_index: bool = False) -> dict[int, Any]:
    """Split ``df`` into ``k`` frames by the partition number of each row (``c``): a stable
    sort by ``c`` on the device, then the ``k + 1`` boundaries found by binary search (the
    only values copied to the host)."""
    ids = ferrodf.Series(c) if not isinstance(c, ferrodf.Series) else c
    ids_col = ferrodf.memory._plc_columns(ids.astype("int64"))[0]
    order = plc.sorting.stable_sorted_order(
        plc.Table([ids_col]), [plc.types.Order.ASCENDING], [plc.types.NullOrder.AFTER]
    )
    sorted_ids = plc.copying.gather(
        plc.Table([ids_col]), order, plc.copying.OutOfBoundsPolicy.DONT_CHECK
    )
    bounds = plc.Column.from_arrow(pa.array(np.arange(k + 1), type=pa.int64()))
    offsets = plc.search.lower_bound(
        sorted_ids, plc.Table([bounds]), [plc.types.Order.ASCENDING], [plc.types.NullOrder.AFTER]
    ).to_pylist()
    ordered = df.iloc[ferrodf.Series(order)]
    if ignore_index:
        ordered = ordered.reset_index(drop=True)
    parts = {
        i: ordered.iloc[a:b].reset_index(drop=True) if ignore_index else ordered.iloc[a:b]
        for i, (a, b) in enumerate(itertools.pairwise(offsets))
    }
    return pd_backends.ShuffleGroupResult(parts)


def to_pandas(data: Any, **kwargs: Any) -> Any:
    if kwargs:
        raise TypeError(f"to_pandas of a ferrodf partition takes no options, got {sorted(kwargs)}")
    return data.to_pandas()


def pyarrow_schema(obj: Any, preserve_index: Any = None) -> pa.Schema:
    return to_pyarrow_table(obj.iloc[:0], preserve_index=preserve_index).schema


def to_pyarrow_table(obj: Any, preserve_index: Any = None, **kwargs: Any) -> pa.Table:
    """An Arrow table with pandas metadata (so that readers restore the index), as
    ``pa.Table.from_pandas`` makes; the column data are ferrodf's Arrow arrays."""
    if kwargs:
        raise TypeError(f"to_pyarrow_table of a ferrodf frame: unknown options {sorted(kwargs)}")
    table = obj.to_arrow()
    keep = preserve_index is True or (
        preserve_index is None and not isinstance(obj.index, ferrodf.RangeIndex)
    )
    meta = pa.Schema.from_pandas(obj.iloc[:0].to_pandas(), preserve_index=preserve_index)
    if keep:
        ix = obj.index
        names = [n for n in meta.pandas_metadata["index_columns"] if isinstance(n, str)]
        for name, col in zip(names, ix._index.level_columns(), strict=True):
            table = table.append_column(name, col.to_arrow())
    pdmeta = meta.pandas_metadata
    for entry in pdmeta["index_columns"]:
        if isinstance(entry, dict) and entry.get("kind") == "range":  # the meta was empty
            ix = obj.index
            entry.update(start=ix.start, stop=ix.stop, step=ix.step)
    return table.replace_schema_metadata({b"pandas": json.dumps(pdmeta).encode()})


def from_pyarrow_table(meta: Any, table: pa.Table, **kwargs: Any) -> Any:
    """A ferrodf frame from an Arrow table; pandas metadata (index columns) is honoured."""
    pdmeta = table.schema.pandas_metadata or {}
    index_cols = [n for n in pdmeta.get("index_columns", []) if isinstance(n, str)]
    data = table.drop_columns(index_cols) if index_cols else table
    out = ferrodf.DataFrame(data)
    ranges = [n for n in pdmeta.get("index_columns", []) if isinstance(n, dict)]
    if ranges and ranges[0].get("kind") == "range":
        r = ranges[0]
        out.index = ferrodf.RangeIndex(r["start"], r["stop"], r["step"], name=r.get("name"))
    if index_cols:
        names = [
            c.get("name") for c in pdmeta.get("columns", []) if c.get("field_name") in index_cols
        ]
        arrays = [table.column(n).combine_chunks() for n in index_cols]
        if len(arrays) == 1:
            out.index = ferrodf.Index(ferrodf.Series(arrays[0])).rename(names[0])
        else:
            out.index = ferrodf.MultiIndex.from_arrays(arrays, names=names)
    return out


def percentile(a: Any, q: Any, interpolation: str = "linear") -> tuple[np.ndarray, int]:
    """Percentiles ``q`` (0-100) of a Series, computed on the device (``Series.quantile``);
    Dask uses them to choose the divisions of ``set_index`` and ``sort_values``."""
    s = a if isinstance(a, ferrodf.Series) else ferrodf.Series(a)
    n = int(s.count())
    if n == 0:
        return np.array([], dtype=s.dtype), 0
    qs = np.asarray(q, dtype="f8") / 100
    return s.quantile(qs, interpolation=interpolation).to_numpy(), n


def _categorical_series(obj: Any) -> Any:
    """A categorical Series from a categorical Series or Index (ferrodf or pandas)."""
    if isinstance(obj, ferrodf.Index):
        obj = ferrodf.Series(obj._index.level_columns()[0], name=obj.name)
    elif not isinstance(obj, ferrodf.Series):
        obj = ferrodf.Series(pd.Series(obj))
    if not isinstance(obj.dtype, pd.CategoricalDtype):
        obj = obj.astype("category")
    return obj


def union_categoricals(
    to_union: list[Any], sort_categories: bool = False, ignore_order: bool = False
) -> Any:
    """pandas' ``union_categoricals`` for ferrodf categoricals (Series or Index): the values
    end to end, categorical over the categories of all of them in the order they first
    appear (sorted with ``sort_categories``); a categorical ferrodf Series with a default
    index. The categories are combined on the host (they are few), the values are
    re-encoded on the device (``Series.cat.set_categories``)."""
    del ignore_order  # ferrodf's categoricals are all unordered
    if not to_union:
        raise ValueError("No Categoricals to union")
    parts = [_categorical_series(p).reset_index(drop=True) for p in to_union]
    categories = pd.Index(
        [c for p in parts for c in p.cat.categories.to_pandas()]
    ).drop_duplicates()
    if sort_categories:
        categories = categories.sort_values()
    kinds = {p.cat.categories.dtype for p in parts}
    if len(kinds) > 1:
        raise TypeError("dtype of categories must be the same")
    values = [p.astype(p.cat.categories.dtype) for p in parts]
    joined = _concat_series(values, ignore_index=True) if len(values) > 1 else values[0]
    return joined.astype(pd.CategoricalDtype(categories))


def categorical_dtype(meta: Any = None, categories: Any = None, ordered: bool = False) -> Any:
    """A pandas ``CategoricalDtype`` (the dtype ferrodf's categoricals report), with
    categories given as a ferrodf Series or Index read to the host."""
    if isinstance(categories, FRAME_TYPES):
        categories = categories.to_pandas()
    return pd.CategoricalDtype(categories, ordered)


def is_categorical_dtype(obj: Any) -> bool:
    return isinstance(getattr(obj, "dtype", obj), pd.CategoricalDtype)


def partd_blocks(_: Any) -> type:
    """The partd encoder of the disk shuffle (Dask's default without ``distributed``):
    partitions stored as their pickled Arrow IPC stream, joined with ``concat``."""
    import pickle

    from partd import Encode

    class FerrodfBlocks(Encode):
        def __init__(self, partd: Any = None) -> None:
            super().__init__(
                lambda obj: pickle.dumps(obj, protocol=5),
                pickle.loads,
                lambda parts: concat(list(parts)) if parts else None,
                partd,
            )

    return FerrodfBlocks


def register() -> None:
    """Register the functions above for ferrodf's types (idempotent)."""
    make_meta_dispatch.register(FRAME_TYPES, make_meta)
    make_meta_obj.register(FRAME_TYPES, make_meta_object)
    meta_nonempty.register(FRAME_TYPES, nonempty)
    from ferrodf.dask._collection import DataFrame as FerrodfDaskDataFrame

    for dispatch in (get_parallel_type, get_collection_type):
        dispatch.register(ferrodf.DataFrame, lambda _: FerrodfDaskDataFrame)
        dispatch.register(ferrodf.Series, parallel_type("Series"))
        dispatch.register(ferrodf.Index, parallel_type("Index"))
    concat_dispatch.register(FRAME_TYPES, concat)
    hash_object_dispatch.register(FRAME_TYPES, hash_object)
    group_split_dispatch.register(FRAME_TYPES, group_split)
    grouper_dispatch.register((ferrodf.DataFrame, ferrodf.Series), lambda _: pd.Grouper)
    tolist_dispatch.register((ferrodf.Series, ferrodf.Index), lambda obj: obj.tolist())
    is_categorical_dtype_dispatch.register((ferrodf.Series, ferrodf.Index), is_categorical_dtype)
    categorical_dtype_dispatch.register(FRAME_TYPES, categorical_dtype)
    union_categoricals_dispatch.register(FRAME_TYPES, union_categoricals)
    to_pandas_dispatch.register(FRAME_TYPES, to_pandas)
    pyarrow_schema_dispatch.register(ferrodf.DataFrame, pyarrow_schema)
    to_pyarrow_table_dispatch.register(ferrodf.DataFrame, to_pyarrow_table)
    from_pyarrow_table_dispatch.register(ferrodf.DataFrame, from_pyarrow_table)
    percentile_lookup.register((ferrodf.Series, ferrodf.Index), percentile)
    partd_encode_dispatch.register(ferrodf.DataFrame, partd_blocks)
