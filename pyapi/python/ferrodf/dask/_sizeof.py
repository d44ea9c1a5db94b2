"""``dask.sizeof`` for ferrodf objects: the bytes of their columns and index, wherever they
live (GPU or host memory). Dask's memory accounting and work stealing use it."""

from __future__ import annotations

from typing import Any

from dask.sizeof import sizeof

import ferrodf
from ferrodf import _lib


def _index_bytes(ix: ferrodf.Index) -> int:
    return int(_lib.memory_spilled_bytes(list(ix._index.level_columns()))[1])


def sizeof_ferrodf(obj: Any) -> int:
    if isinstance(obj, ferrodf.DataFrame):
        return int(obj.memory_usage(index=True).sum())
    if isinstance(obj, ferrodf.Series):
        return int(obj.memory_usage(index=True))
    return _index_bytes(obj)


def register() -> None:
    sizeof.register((ferrodf.DataFrame, ferrodf.Series, ferrodf.Index), sizeof_ferrodf)
