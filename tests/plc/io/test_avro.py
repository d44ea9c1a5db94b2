"""plc.io.avro against the records the test writes.

No Avro library is in the test environment (pyarrow reads no Avro and fastavro may not be
installed), so ``write_ocf`` below is a small Avro object container writer written from
the Avro specification; the oracle is the Python records it was given (with pyarrow
building the expected columns from them).
"""

from __future__ import annotations

import datetime
import io
import json
import os
import struct
import zlib

import pyarrow as pa
import pytest
from io_options import reader

from ferrodf.plc.io import SourceInfo
from ferrodf.plc.io.avro import AvroReaderOptions, read_avro

read = reader(AvroReaderOptions, read_avro)


def zigzag(n: int) -> bytes:
    n = (n << 1) ^ (n >> 63)
    out = bytearray()
    while n & ~0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def encode(schema, value) -> bytes:
    """The Avro binary encoding of ``value`` under ``schema``."""
    if isinstance(schema, list):  # a union: the index of the branch, then the value
        branch = 0 if value is None else next(i for i, s in enumerate(schema) if s != "null")
        return zigzag(branch) + encode(schema[branch], value)
    if isinstance(schema, dict):
        t = schema["type"]
        if t == "record":
            return b"".join(encode(f["type"], value[f["name"]]) for f in schema["fields"])
        if t == "array":
            if not value:
                return zigzag(0)
            return (
                zigzag(len(value)) + b"".join(encode(schema["items"], v) for v in value) + zigzag(0)
            )
        if schema.get("logicalType") == "date":
            return zigzag((value - datetime.date(1970, 1, 1)).days)
        if schema.get("logicalType") == "timestamp-millis":
            epoch = datetime.datetime(1970, 1, 1)
            return zigzag((value - epoch) // datetime.timedelta(milliseconds=1))
        return encode(t, value)
    if schema == "null":
        return b""
    if schema == "boolean":
        return b"\x01" if value else b"\x00"
    if schema in ("int", "long"):
        return zigzag(value)
    if schema == "float":
        return struct.pack("<f", value)
    if schema == "double":
        return struct.pack("<d", value)
    if schema == "string":
        b = value.encode()
        return zigzag(len(b)) + b
    raise AssertionError(schema)


def write_ocf(schema, records, block_rows=3, codec="null") -> bytes:
    """An Avro object container file: header (magic, metadata map, sync marker), then
    blocks of ``block_rows`` records, each block followed by the sync marker."""
    sync = os.urandom(16)
    meta = {"avro.schema": json.dumps(schema).encode(), "avro.codec": codec.encode()}
    out = io.BytesIO()
    out.write(b"Obj\x01")
    out.write(zigzag(len(meta)))
    for k, v in meta.items():
        out.write(encode("string", k) + zigzag(len(v)) + v)
    out.write(zigzag(0) + sync)
    for start in range(0, len(records), block_rows):
        chunk = records[start : start + block_rows]
        body = b"".join(encode(schema, r) for r in chunk)
        if codec == "deflate":
            z = zlib.compressobj(6, zlib.DEFLATED, -15)
            body = z.compress(body) + z.flush()
        out.write(zigzag(len(chunk)) + zigzag(len(body)) + body + sync)
    return out.getvalue()


SCHEMA = {
    "type": "record",
    "name": "row",
    "fields": [
        {"name": "i", "type": "int"},
        {"name": "l", "type": ["null", "long"]},
        {"name": "f", "type": "float"},
        {"name": "d", "type": ["null", "double"]},
        {"name": "b", "type": ["null", "boolean"]},
        {"name": "s", "type": ["null", "string"]},
        {"name": "day", "type": {"type": "int", "logicalType": "date"}},
        {"name": "ts", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "arr", "type": {"type": "array", "items": "long"}},
        {
            "name": "rec",
            "type": {
                "type": "record",
                "name": "inner",
                "fields": [{"name": "x", "type": "int"}, {"name": "y", "type": ["null", "string"]}],
            },
        },
    ],
}


def records(n: int, start: int = 0) -> list[dict]:
    out = []
    for k in range(start, start + n):
        out.append(
            {
                "i": k - 3,
                "l": None if k % 3 == 0 else k * 10**10,
                "f": k / 4,
                "d": None if k % 4 == 1 else -k / 3,
                "b": None if k % 5 == 2 else k % 2 == 0,
                "s": None if k % 3 == 1 else f"s{k}ü",
                "day": datetime.date(2020, 1, 1) + datetime.timedelta(days=k * 40 - 900),
                "ts": datetime.datetime(2021, 5, 1, 12) + datetime.timedelta(seconds=k * 3601.5),
                "arr": list(range(k % 4)),
                "rec": {"x": k, "y": None if k % 2 else f"y{k}"},
            }
        )
    return out


TYPES = {
    "i": pa.int32(),
    "l": pa.int64(),
    "f": pa.float32(),
    "d": pa.float64(),
    "b": pa.bool_(),
    "s": pa.string(),
    "day": pa.date32(),
    "ts": pa.timestamp("ms"),
    "arr": pa.list_(pa.int64()),
    "rec": pa.struct([("x", pa.int32()), ("y", pa.string())]),
}


def expected(recs, columns=None) -> dict:
    columns = columns or list(TYPES)
    return {c: pa.array([r[c] for r in recs], TYPES[c]).to_pylist() for c in columns}


def got(t) -> dict:
    tbl = t.to_arrow()
    return {n: tbl.column(n).to_pylist() for n in tbl.column_names}


@pytest.mark.parametrize("codec", ["null", "deflate"])
@pytest.mark.parametrize("block_rows", [1, 3, 100])
def test_every_type_with_nulls(codec, block_rows):
    recs = records(11)
    t = read(write_ocf(SCHEMA, recs, block_rows, codec))
    assert t.column_names() == list(TYPES)
    assert t.column_names(include_children=True)[-1] == ("rec", [("x", []), ("y", [])])
    assert got(t) == expected(recs)
    assert t.columns[1].null_count() == sum(r["l"] is None for r in recs)


def test_columns_keep_requested_order():
    recs = records(7)
    t = read(write_ocf(SCHEMA, recs), columns=["s", "i", "rec"])
    assert t.column_names() == ["s", "i", "rec"]
    assert got(t) == expected(recs, ["s", "i", "rec"])


@pytest.mark.parametrize("skip", [0, 1, 2, 3, 5, 10, 11, 15])
@pytest.mark.parametrize("num", [-1, 0, 1, 3, 4, 20])
def test_skip_rows_and_num_rows_at_block_boundaries(skip, num):
    recs = records(11)
    t = read(write_ocf(SCHEMA, recs, 3), skip_rows=skip, num_rows=num)
    end = None if num < 0 else skip + num
    assert got(t) == expected(recs[skip:end])


def test_several_sources_concatenate(tmp_path):
    a, b = records(4), records(5, start=4)
    p = tmp_path / "b.avro"
    p.write_bytes(write_ocf(SCHEMA, b, 2))
    t = read(SourceInfo([write_ocf(SCHEMA, a), str(p)]), skip_rows=2, num_rows=5)
    assert got(t) == expected((a + b)[2:7])


def test_empty_file_has_the_columns_and_no_rows():
    t = read(write_ocf(SCHEMA, []))
    assert t.column_names() == list(TYPES)
    assert t.tbl.num_rows() == 0


def test_bad_inputs(tmp_path):
    data = write_ocf(SCHEMA, records(20), 5)
    for bad in (data[:3], data[:40], data[: len(data) // 2], b"not avro at all", b""):
        with pytest.raises(ValueError, match="Avro"):
            read(bad)
    with pytest.raises(KeyError, match="nope"):
        read(data, columns=["nope"])
    with pytest.raises(FileNotFoundError, match=r"missing\.avro"):
        read(str(tmp_path / "missing.avro"))
    with pytest.raises(ValueError, match="skip_rows"):
        AvroReaderOptions.builder(SourceInfo([data])).skip_rows(-1)
    with pytest.raises(ValueError, match="builder"):
        read_avro(AvroReaderOptions())
