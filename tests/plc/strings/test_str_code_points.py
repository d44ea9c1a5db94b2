"""plc.strings.attributes.code_points: each character's UTF-8 bytes as one integer (as
libcudf), checked against a Python loop."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given
from str_helpers import TEXT, TEXTS, col, sliced

import ferrodf.plc as plc

A = plc.strings.attributes


def py_code_points(rows):
    # Four-byte characters exceed INT32 and wrap to negative values, as in libcudf.
    def cp(c):
        v = int.from_bytes(c.encode(), "big")
        return v - (1 << 32) if v >= 1 << 31 else v

    return [cp(c) for r in rows if r is not None for c in r]


def test_code_points():
    got = A.code_points(col(TEXT))
    assert got.type().id() == plc.TypeId.INT32
    assert got.null_count() == 0
    assert got.to_arrow().to_pylist() == py_code_points(TEXT)
    assert A.code_points(col(["a", "é", None, "xyz"])).to_arrow().to_pylist() == [
        97,
        50089,
        120,
        121,
        122,
    ]


@given(TEXTS)
def test_property(rows):
    assert A.code_points(col(rows)).to_arrow().to_pylist() == py_code_points(rows)


def test_sliced_empty_errors():
    assert A.code_points(sliced(TEXT, 4, 12)).to_arrow().to_pylist() == py_code_points(TEXT[4:12])
    assert A.code_points(col([])).size() == 0
    assert A.code_points(col([None, ""])).size() == 0
    with pytest.raises(TypeError, match="code_points: input must be a STRING column"):
        A.code_points(plc.Column.from_arrow(pa.array([1])))
