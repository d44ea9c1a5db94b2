"""plc.io.orc against pyarrow.orc: files pyarrow writes are read by both, and files
ferrodf writes are read back by pyarrow."""

from __future__ import annotations

import datetime
import decimal
import io

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.orc as po
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from io_options import reader, written

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.orc import (
    ChunkedOrcWriterOptions,
    OrcChunkedWriter,
    OrcReaderOptions,
    OrcWriterOptions,
    is_supported_read_orc,
    is_supported_write_orc,
    read_orc,
    write_orc,
)
from ferrodf.plc.io.types import CompressionType

read = reader(OrcReaderOptions, read_orc)

FLAT = pa.table(
    {
        "i8": pa.array([1, None, -3, 4], pa.int8()),
        "i16": pa.array([None, 2, -300, 4], pa.int16()),
        "i32": pa.array([1, 2, None, -(2**31)], pa.int32()),
        "i64": pa.array([None, 2**40, -1, 0], pa.int64()),
        "f32": pa.array([1.5, None, -2.25, 0.0], pa.float32()),
        "f64": pa.array([None, -2.5, 1e300, 3.0], pa.float64()),
        "b": pa.array([True, False, None, True]),
        "s": pa.array(["a", None, "ünïcode", ""]),
        "d": pa.array(
            [datetime.date(2020, 1, 1), None, datetime.date(1969, 12, 31), datetime.date(1, 1, 1)]
        ),
        "ts": pa.array(
            [
                datetime.datetime(2020, 1, 1, 12, 0, 0, 123456),
                None,
                datetime.datetime(1970, 1, 1),
                None,
            ],
            pa.timestamp("ns"),
        ),
    }
)

NESTED = pa.table(
    {
        "dec": pa.array(
            [decimal.Decimal("1.25"), None, decimal.Decimal("-3.50"), decimal.Decimal("0")],
            pa.decimal128(9, 2),
        ),
        "l": pa.array([[1, None], None, [], [2]], pa.list_(pa.int64())),
        "st": pa.array(
            [{"x": 1, "y": "a"}, None, {"x": None, "y": "c"}, {"x": 4, "y": None}],
            pa.struct([("x", pa.int32()), ("y", pa.string())]),
        ),
    }
)


def to_bytes(table, **kw):
    buf = io.BytesIO()
    po.write_table(table, buf, **kw)
    return buf.getvalue()


def oracle(data, **kw):
    return po.read_table(io.BytesIO(data), **kw)


def assert_same(got: pa.Table, exp: pa.Table):
    assert got.column_names == exp.column_names
    for n in exp.column_names:
        g, e = got.column(n), exp.column(n)
        # List item names and decimal precision follow each library: compare values.
        assert g.to_pylist() == e.to_pylist(), n


@pytest.mark.parametrize("compression", ["UNCOMPRESSED", "SNAPPY", "ZLIB", "LZ4", "ZSTD"])
def test_pyarrow_files_read_like_pyarrow(compression):
    tbl = pa.concat_tables([FLAT, FLAT])
    data = to_bytes(tbl, compression=compression)
    assert_same(read(data).to_arrow(), oracle(data))


def test_nested_and_decimal_columns():
    data = to_bytes(NESTED)
    t = read(data)
    assert t.column_names(include_children=True)[2] == ("st", [("x", []), ("y", [])])
    assert t.tbl.columns()[0].type().id() == plc.TypeId.DECIMAL128
    assert_same(t.to_arrow(), oracle(data))


def big(n=30_000):
    return pa.table(
        {
            "k": pa.array(range(n), pa.int64()),
            "v": pa.array([None if i % 7 == 0 else i / 3 for i in range(n)]),
            "s": pa.array([f"s{i % 13}" for i in range(n)]),
        }
    )


def test_stripes_rows_and_columns():
    tbl = big()
    data = to_bytes(tbl, stripe_size=32 * 1024)
    f = po.ORCFile(io.BytesIO(data))
    assert f.nstripes >= 3
    got = read(data, stripes=[[f.nstripes - 1, 0]]).to_arrow()
    exp = pa.Table.from_batches([f.read_stripe(f.nstripes - 1), f.read_stripe(0)])
    assert_same(got, exp)
    for skip, num in [(0, 0), (0, 1), (1, 10), (12_345, 9_000), (29_999, 5), (40_000, 3)]:
        got = read(data, skip_rows=skip, num_rows=num).to_arrow()
        assert_same(got, tbl.slice(skip, num))
    got = read(data, columns=["s", "k"], skip_rows=5).to_arrow()
    assert_same(got, tbl.select(["s", "k"]).slice(5))


def test_timestamp_type():
    data = to_bytes(FLAT)
    t = read(data, timestamp_type=plc.DataType(plc.TypeId.TIMESTAMP_MILLISECONDS)).to_arrow()
    assert t.column("ts").type == pa.timestamp("ms")
    exp = pc.cast(FLAT.column("ts"), pa.timestamp("ms"), safe=False)
    assert t.column("ts").to_pylist() == exp.to_pylist()
    with pytest.raises(TypeError, match="TIMESTAMP"):
        read(data, timestamp_type=plc.DataType(plc.TypeId.INT64))


def test_several_sources_and_empty_files(tmp_path):
    p = tmp_path / "b.orc"
    po.write_table(FLAT, p)
    got = read(SourceInfo([to_bytes(FLAT), str(p)]), skip_rows=3, num_rows=3).to_arrow()
    assert_same(got, pa.concat_tables([FLAT, FLAT]).slice(3, 3))
    empty = read(to_bytes(FLAT.slice(0, 0)))
    assert empty.column_names() == FLAT.column_names
    assert empty.tbl.num_rows() == 0


def tw(table: pa.Table):
    """The table as plc columns with its names, for the writer."""
    return plc.Table.from_arrow(table), table.column_names


def write(table: pa.Table, **options) -> bytes:
    tbl, names = tw(table)
    return written(
        write_orc, lambda sink: OrcWriterOptions.builder(sink, tbl).metadata(names), **options
    )


@pytest.mark.parametrize(
    "compression, name",
    [
        (CompressionType.NONE, "UNCOMPRESSED"),
        (CompressionType.AUTO, "SNAPPY"),
        (CompressionType.SNAPPY, "SNAPPY"),
        (CompressionType.ZLIB, "ZLIB"),
        (CompressionType.LZ4, "LZ4"),
        (CompressionType.ZSTD, "ZSTD"),
    ],
)
def test_written_file_is_read_by_pyarrow(compression, name):
    data = write(FLAT, compression=compression)
    f = po.ORCFile(io.BytesIO(data))
    assert f.compression == name
    back = f.read()
    assert back.column_names == FLAT.column_names
    for n in FLAT.column_names:
        assert back.column(n).to_pylist() == FLAT.column(n).to_pylist(), n
    assert_same(read(data).to_arrow(), back)


def test_stripe_size_rows_and_sliced_input(tmp_path):
    tbl = big(10_000)
    data = write(tbl.slice(1_000), stripe_size_rows=2_500)
    f = po.ORCFile(io.BytesIO(data))
    assert f.nstripes == 4
    assert f.read().to_pylist() == tbl.slice(1_000).to_pylist()
    p = tmp_path / "x.orc"
    t, names = tw(tbl.slice(0, 0))
    write_orc(OrcWriterOptions.builder(SinkInfo([str(p)]), t).metadata(names).build())
    assert po.ORCFile(p).nrows == 0
    assert po.read_table(p).column_names == tbl.column_names


def test_chunked_writer():
    out = io.BytesIO()
    opts = ChunkedOrcWriterOptions.builder(SinkInfo([out])).metadata(FLAT.column_names)
    w = OrcChunkedWriter.from_options(opts.compression(CompressionType.ZSTD).build())
    for part in (FLAT, FLAT.slice(1, 2), FLAT.slice(0, 0)):
        w.write(plc.Table.from_arrow(part))
    w.close()
    back = po.read_table(io.BytesIO(out.getvalue()))
    exp = pa.concat_tables([FLAT, FLAT.slice(1, 2)])
    assert back.to_pylist() == exp.to_pylist()
    w = OrcChunkedWriter.from_options(
        ChunkedOrcWriterOptions.builder(SinkInfo([io.BytesIO()])).build()
    )
    w.write(plc.Table.from_arrow(FLAT))
    with pytest.raises(ValueError, match="differ from the first"):
        w.write(plc.Table.from_arrow(FLAT.select(["s"])))


def test_bad_inputs(tmp_path):
    data = to_bytes(big(2_000), compression="ZLIB")
    for bad in (data[:3], data[: len(data) // 2], data[:-1], b"ORC", b"not orc", b""):
        with pytest.raises(ValueError, match="ORC"):
            read(bad)
    with pytest.raises(KeyError, match="nope"):
        read(data, columns=["nope"])
    with pytest.raises(IndexError, match="stripe 9"):
        read(data, stripes=[[9]])
    with pytest.raises(FileNotFoundError, match=r"missing\.orc"):
        read(str(tmp_path / "missing.orc"))
    with pytest.raises(NotImplementedError, match="cannot be written to ORC"):
        write(pa.table({"u": pa.array([1], pa.uint32())}))
    with pytest.raises(NotImplementedError, match="cannot be written to ORC"):
        write(NESTED.select(["l"]))
    with pytest.raises(NotImplementedError, match="ORC compression"):
        write(FLAT, compression=CompressionType.BZIP2)
    with pytest.raises(NotImplementedError, match="key_value_metadata"):
        write(FLAT, key_value_metadata={"a": "b"})
    with pytest.raises(ValueError, match="skip_rows"):
        OrcReaderOptions.builder(SourceInfo([data])).skip_rows(-1)


READ_OK = {"NONE", "AUTO", "ZLIB", "SNAPPY", "LZO", "LZ4", "ZSTD"}
WRITE_OK = {"NONE", "AUTO", "ZLIB", "SNAPPY", "LZ4", "ZSTD"}


@pytest.mark.parametrize("c", list(CompressionType), ids=lambda c: c.name)
def test_supported_compressions(c):
    assert is_supported_read_orc(c) == (c.name in READ_OK)
    assert is_supported_write_orc(c) == (c.name in WRITE_OK)


def test_table_input_metadata_from_io_types():
    from ferrodf.plc.io.types import PartitionInfo, TableInputMetadata

    tbl = plc.Table.from_arrow(FLAT.select(["i32", "s"]))
    meta = TableInputMetadata(tbl)
    meta.column_metadata[0].set_name("first")
    meta.column_metadata[1].set_name("second")
    out = io.BytesIO()
    write_orc(OrcWriterOptions.builder(SinkInfo([out]), tbl).metadata(meta).build())
    back = po.read_table(io.BytesIO(out.getvalue()))
    assert back.column_names == ["first", "second"]
    assert back.column("second").to_pylist() == FLAT.column("s").to_pylist()
    p = PartitionInfo(2, 5)
    assert (p.start_row, p.num_rows) == (2, 5)


@settings(max_examples=60, deadline=None)
@given(
    ints=st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=40),
    texts=st.lists(st.one_of(st.none(), st.text(max_size=8)), max_size=40),
    skip=st.integers(0, 45),
)
def test_property_round_trips_through_pyarrow(ints, texts, skip):
    n = min(len(ints), len(texts))
    tbl = pa.table({"i": pa.array(ints[:n], pa.int64()), "s": pa.array(texts[:n], pa.string())})
    # ferrodf writes, pyarrow reads; pyarrow writes, ferrodf reads (rows skipped).
    assert po.read_table(io.BytesIO(write(tbl))).to_pylist() == tbl.to_pylist()
    got = read(to_bytes(tbl), skip_rows=skip).to_arrow()
    assert got.to_pylist() == tbl.slice(skip).to_pylist()
