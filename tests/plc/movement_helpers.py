"""Shared data for the data-movement tests (copying, stream_compaction, concatenate,
filling, replace): a representative type list covering every layout (fixed width of each
size, BOOL8, chrono, decimals, strings, lists, structs, dictionaries)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from conftest import HAS_SMALL_DECIMALS, STRUCT_TYPE, make_array, type_id

import ferrodf.plc as plc

# Integer types of each width and signedness class (join keys, scans).
INT_SAMPLE = [pa.int8(), pa.int32(), pa.int64(), pa.uint16(), pa.uint64()]
# One type of each flat layout that is not an integer: floats, BOOL8, chrono, decimals,
# strings.
NON_INTEGER_FLAT_TYPES = [
    pa.float32(),
    pa.float64(),
    pa.bool_(),
    pa.timestamp("ns"),
    pa.duration("s"),
    pa.date32(),
    pa.decimal128(30, -2),
    *([pa.decimal32(7, 2)] if HAS_SMALL_DECIMALS else []),
    pa.string(),
    pa.large_string(),
]
MOVE_TYPES = [
    pa.int8(),
    pa.int64(),
    pa.uint32(),
    *NON_INTEGER_FLAT_TYPES,
    pa.list_(pa.int64()),
    STRUCT_TYPE,
]
# Types whose values compare with == in Python (dictionary arrays compare decoded).
FIXED_TYPES = [
    t
    for t in MOVE_TYPES
    if pa.types.is_boolean(t) or pa.types.is_primitive(t) or pa.types.is_decimal(t)
]


def movement_fixtures(sliced_offset: int):
    """A test module's ``pa_type`` fixture (each of MOVE_TYPES) and ``offset`` fixture (0:
    the whole input, ``sliced_offset``: the input sliced from that row)."""

    @pytest.fixture(params=MOVE_TYPES, ids=type_id)
    def pa_type(request):
        return request.param

    @pytest.fixture(params=[0, sliced_offset], ids=["whole", "sliced"])
    def offset(request):
        return request.param

    return pa_type, offset


def data(t: pa.DataType, n: int = 40, *, seed: int = 0, nulls: bool = True) -> pa.Array:
    """n values of type t with nulls (rows 1, 4, 7, ...) and, for floats, NaNs."""
    a = make_array(t, n, nulls=nulls, seed=seed)
    if pa.types.is_floating(t) and n > 5:
        vals = a.to_pylist()
        for i in range(2, n, 7):
            if vals[i] is not None:
                vals[i] = float("nan")
        a = pa.array(vals, t)
    return a


def col(a: pa.Array) -> plc.Column:
    return plc.Column.from_arrow(a)


def table(*arrays: pa.Array) -> plc.Table:
    return plc.Table([col(a) for a in arrays])


def scalar(v, t: pa.DataType) -> plc.Scalar:
    return plc.Scalar.from_arrow(pa.scalar(v, t))


def bool_mask(n: int, *, seed: int = 0, nulls: bool = True, p: float = 0.5) -> pa.Array:
    rng = np.random.default_rng(seed)
    vals = [bool(v) for v in rng.random(n) < p]
    if nulls:
        vals = [None if i % 5 == 3 else v for i, v in enumerate(vals)]
    return pa.array(vals, pa.bool_())


def pylist(a: pa.Array) -> list:
    return a.to_pylist()
