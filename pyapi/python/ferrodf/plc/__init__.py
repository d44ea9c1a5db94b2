"""pylibcudf's API on ferrodf: change ``import pylibcudf as plc`` to
``import ferrodf.plc as plc``."""

from __future__ import annotations

from ferrodf.plc import (
    aggregation,
    binaryop,
    concatenate,
    copying,
    datetime,
    expressions,
    filling,
    groupby,
    hashing,
    interop,
    io,
    join,
    lists,
    merge,
    null_mask,
    partitioning,
    quantiles,
    reduce,
    replace,
    rolling,
    round,
    search,
    sorting,
    stream_compaction,
    strings,
    traits,
    transform,
    types,
    unary,
)
from ferrodf.plc.column import Column
from ferrodf.plc.gpumemoryview import gpumemoryview
from ferrodf.plc.scalar import Scalar
from ferrodf.plc.table import Table
from ferrodf.plc.types import DataType, TypeId

__all__ = [
    "Column",
    "DataType",
    "Scalar",
    "Table",
    "TypeId",
    "aggregation",
    "binaryop",
    "concatenate",
    "copying",
    "datetime",
    "expressions",
    "filling",
    "gpumemoryview",
    "hashing",
    "interop",
    "io",
    "null_mask",
    "reduce",
    "replace",
    "search",
    "stream_compaction",
    "strings",
    "round",
    "traits",
    "transform",
    "types",
    "unary",
    "groupby",
    "sorting",
    "quantiles",
    "merge",
    "join",
    "partitioning",
    "lists",
    "rolling",
]
