"""plc.io.json (JSON lines) against pyarrow.json and pandas on the same files."""

from __future__ import annotations

import gzip
import io
import json

import pandas as pd
import pyarrow as pa
import pyarrow.json as pajson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from io_options import reader, writer

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo
from ferrodf.plc.io.json import JsonReaderOptions, JsonWriterOptions, read_json, write_json
from ferrodf.plc.io.types import CompressionType
from ferrodf.plc.types import DataType, TypeId

ROWS = [
    {"a": 1, "b": "x", "c": 1.5, "d": True, "l": [1, 2], "s": {"p": 1, "q": "u"}},
    {"a": None, "b": None, "c": 2, "d": False, "l": [], "s": None},
    {"a": 3, "c": None, "l": None, "s": {"p": None, "q": "w"}},
]


def lines(rows):
    return ("\n".join(json.dumps(r) for r in rows) + "\n").encode()


read = reader(JsonReaderOptions, read_json, lines=True)
write = writer(JsonWriterOptions, write_json)


def test_reads_like_pyarrow_with_nesting_and_nulls():
    data = lines(ROWS)
    t = read(data)
    assert t.column_names() == ["a", "b", "c", "d", "l", "s"]
    assert dict(t.column_names(include_children=True))["s"] == [("p", []), ("q", [])]
    got = t.to_arrow()
    exp = pajson.read_json(io.BytesIO(data))
    for name in exp.column_names:
        assert got.column(name).to_pylist() == exp.column(name).to_pylist(), name
    assert got.schema.field("c").type == pa.float64()


def test_pandas_agrees_on_flat_columns():
    data = lines(ROWS)
    got = read(data).to_arrow()
    pdf = pd.read_json(io.BytesIO(data), lines=True)
    assert got.column("a").is_null().to_pylist() == pdf["a"].isna().tolist()
    assert got.column("c").to_pylist()[:2] == pdf["c"].tolist()[:2]


def test_explicit_dtypes():
    t = read(lines(ROWS), dtypes={"a": DataType(TypeId.FLOAT32)})
    assert t.to_arrow().schema.field("a").type == pa.float32()


def test_large_input_in_parallel_pieces_with_late_type_change():
    rows = [{"k": i, "v": f"s{i}"} for i in range(200_000)] + [{"k": 0.5, "v": "z"}]
    data = lines(rows)
    assert len(data) > 4 << 20
    got = read(data).to_arrow()
    exp = pajson.read_json(io.BytesIO(data))
    assert got.column("k").type == pa.float64()
    assert got.column("k").equals(exp.column("k"))
    assert got.column("v").equals(exp.column("v"))


@pytest.mark.parametrize("ctype", [CompressionType.AUTO, CompressionType.GZIP])
def test_gzip_input(ctype):
    data = gzip.compress(lines(ROWS))
    assert read(data, compression=ctype).tbl.num_rows() == 3


def test_written_lines_read_back_by_pyarrow_and_pandas(tmp_path):
    t = read(lines(ROWS))
    data = write(t)
    back = pajson.read_json(io.BytesIO(data))
    assert back.column("a").to_pylist() == [1, None, 3]
    assert back.column("s").to_pylist()[0] == {"p": 1, "q": "u"}
    pdf = pd.read_json(io.BytesIO(data), lines=True)
    assert pdf["b"].tolist()[0] == "x"
    assert b'"a":null' not in data
    assert b'"a":null' in write(t, include_nulls=True)
    arr = json.loads(write(t, lines=False))
    assert [r.get("a") for r in arr] == [1, None, 3]
    p = tmp_path / "out.jsonl.gz"
    b = JsonWriterOptions.builder(SinkInfo([str(p)]), t.tbl).metadata(t)
    write_json(b.compression(CompressionType.GZIP).build())
    assert pd.read_json(p, lines=True)["c"].tolist()[0] == 1.5


@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "i": st.one_of(st.none(), st.integers(-(2**53), 2**53)),
                "t": st.one_of(st.none(), st.text(max_size=6)),
            }
        ),
        min_size=1,
        max_size=30,
    )
)
def test_round_trip_property(rows):
    src = pa.table(
        {
            "i": pa.array([r["i"] for r in rows], pa.int64()),
            "t": pa.array([r["t"] for r in rows], pa.string()),
        }
    )
    tw = plc.io.TableWithMetadata(plc.Table.from_arrow(src), ["i", "t"])
    data = write(tw, include_nulls=True)
    got = read(data, dtypes={"i": DataType(TypeId.INT64), "t": DataType(TypeId.STRING)}).to_arrow()
    assert got.equals(src)
    # A bug both writer and reader share would pass the round trip: Python's json reads
    # what ferrodf wrote, and ferrodf reads what Python's json wrote.
    assert [json.loads(line) for line in data.decode().split("\n") if line] == rows
    # ensure_ascii=False: escaped surrogate pairs above U+1FFFF are an open arrow-json bug
    # (test_json_reader_decodes_escaped_surrogate_pairs in tests/fuzz)
    theirs = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
    ours = read(theirs, dtypes={"i": DataType(TypeId.INT64), "t": DataType(TypeId.STRING)})
    assert ours.to_arrow().select(["i", "t"]).equals(src)  # columns in the rows' key order
