"""Deterministic Dask tokens for ferrodf objects: equal data gives equal tokens, so Dask
can reuse results and deduplicate graph keys. The token covers the type, the labels and
dtypes, and the 64-bit hash of every row (xxhash64 on the device; the per-row hashes, 8
bytes a row, are what is copied to the host), as dask-cudf does."""

from __future__ import annotations

from typing import Any

from dask.base import normalize_token

import ferrodf
from ferrodf.dask._dispatch import hash_object


def _row_hashes(obj: Any) -> Any:
    if len(obj) == 0:
        return None
    return hash_object(obj, index=True).to_numpy()


def tokenize_ferrodf(obj: Any) -> tuple[Any, ...]:
    if isinstance(obj, ferrodf.DataFrame):
        labels = (list(obj.columns), [str(t) for t in obj.dtypes.tolist()])
    elif isinstance(obj, ferrodf.Series):
        labels = (obj.name, str(obj.dtype))
    else:
        labels = (obj.names, str(obj.dtype))
    index_kind = type(obj if isinstance(obj, ferrodf.Index) else obj.index).__name__
    return (
        type(obj).__name__,
        labels,
        index_kind,
        len(obj),
        normalize_token(_row_hashes(obj)),
    )


def register() -> None:
    normalize_token.register((ferrodf.DataFrame, ferrodf.Series, ferrodf.Index), tokenize_ferrodf)
