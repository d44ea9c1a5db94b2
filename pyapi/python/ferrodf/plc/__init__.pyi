from ferrodf.plc import aggregation as aggregation
from ferrodf.plc import binaryop as binaryop
from ferrodf.plc import concatenate as concatenate
from ferrodf.plc import copying as copying
from ferrodf.plc import datetime as datetime
from ferrodf.plc import filling as filling
from ferrodf.plc import groupby as groupby
from ferrodf.plc import hashing as hashing
from ferrodf.plc import interop as interop
from ferrodf.plc import io as io
from ferrodf.plc import join as join
from ferrodf.plc import merge as merge
from ferrodf.plc import null_mask as null_mask
from ferrodf.plc import partitioning as partitioning
from ferrodf.plc import quantiles as quantiles
from ferrodf.plc import reduce as reduce
from ferrodf.plc import replace as replace
from ferrodf.plc import round as round
from ferrodf.plc import search as search
from ferrodf.plc import sorting as sorting
from ferrodf.plc import stream_compaction as stream_compaction
from ferrodf.plc import strings as strings
from ferrodf.plc import traits as traits
from ferrodf.plc import transform as transform
from ferrodf.plc import types as types
from ferrodf.plc import unary as unary
from ferrodf.plc.column import Column as Column
from ferrodf.plc.gpumemoryview import gpumemoryview as gpumemoryview
from ferrodf.plc.scalar import Scalar as Scalar
from ferrodf.plc.table import Table as Table
from ferrodf.plc.types import DataType as DataType
from ferrodf.plc.types import TypeId as TypeId

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
    "filling",
    "gpumemoryview",
    "hashing",
    "interop",
    "io",
    "null_mask",
    "reduce",
    "replace",
    "stream_compaction",
    "strings",
    "round",
    "traits",
    "transform",
    "search",
    "types",
    "unary",
    "groupby",
    "sorting",
    "quantiles",
    "merge",
    "join",
    "partitioning",
]
