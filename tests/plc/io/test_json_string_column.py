"""plc.io.json.read_json_from_string_column and chunked_read_json against pyarrow.json
reading the same records as JSON lines."""

from __future__ import annotations

import io
import json

import pyarrow as pa
import pyarrow.json as pajson
import pytest

import ferrodf.plc as plc
from ferrodf.plc.io import SourceInfo
from ferrodf.plc.io.json import (
    JsonReaderOptions,
    chunked_read_json,
    read_json_from_string_column,
)
from ferrodf.plc.io.types import JSONRecoveryMode

RECORDS = [
    {"a": 1, "b": "x", "l": [1, 2]},
    {"a": None, "b": "y", "l": []},
    {"a": 3, "b": None, "l": None},
    {"a": 4, "b": "ü", "l": [5]},
]


def oracle(lines: list[str]) -> dict:
    t = pajson.read_json(io.BytesIO("\n".join(lines).encode()))
    return {n: t.column(n).to_pylist() for n in t.column_names}


def got(t) -> dict:
    a = t.to_arrow()
    return {n: a.column(n).to_pylist() for n in a.column_names}


def strings(values) -> plc.Column:
    return plc.Column.from_arrow(pa.array(values, pa.string()))


def sep(s="\n"):
    return plc.Scalar.from_py(s)


def test_rows_read_like_json_lines():
    texts = [json.dumps(r) for r in RECORDS]
    t = read_json_from_string_column(strings(texts), sep(), sep("null"))
    assert got(t) == oracle(texts)


def test_sliced_column():
    texts = [json.dumps(r) for r in RECORDS]
    col = plc.Column.from_arrow(pa.array(texts, pa.string()).slice(1, 2))
    t = read_json_from_string_column(col, sep(), sep("null"))
    assert got(t) == oracle(texts[1:3])


def test_null_rows_and_bad_rows_recover_with_null():
    texts = [json.dumps(RECORDS[0]), None, "not json", json.dumps(RECORDS[3])]
    t = read_json_from_string_column(strings(texts), sep(), sep("NULL"))
    # A null row (written as NULL) and an unparsable one are rows of nulls.
    exp = oracle([json.dumps(RECORDS[0]), "{}", "{}", json.dumps(RECORDS[3])])
    assert got(t) == exp
    with pytest.raises(ValueError, match="JSON"):
        read_json_from_string_column(
            strings(texts), sep(), sep("NULL"), recovery_mode=JSONRecoveryMode.FAIL
        )


def test_dtypes():
    texts = [json.dumps(r) for r in RECORDS]
    f64 = plc.DataType(plc.TypeId.FLOAT64)
    t = read_json_from_string_column(strings(texts), sep(), sep("null"), [("a", f64, [])])
    assert t.tbl.columns()[0].type().id() == plc.TypeId.FLOAT64
    assert got(t)["a"] == [1.0, None, 3.0, 4.0]


def test_not_strings():
    with pytest.raises(TypeError, match="STRING"):
        read_json_from_string_column(plc.Column.from_arrow(pa.array([1, 2])), sep(), sep("null"))


def test_chunked_read_json():
    texts = [json.dumps(r) for r in RECORDS] * 50
    data = "\n".join(texts).encode()
    opts = JsonReaderOptions.builder(SourceInfo([data])).lines(True).build()
    columns, names, children = chunked_read_json(opts, chunk_size=100)
    exp = oracle(texts)
    assert names == list(exp)
    assert {n: c.to_arrow().to_pylist() for n, c in zip(names, columns, strict=True)} == exp
    assert set(children) == set(exp)
    with pytest.raises(ValueError, match="chunk_size"):
        chunked_read_json(opts, chunk_size=0)
