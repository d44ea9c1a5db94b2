"""plc.io.parquet against pyarrow.parquet and pandas on the same files."""

from __future__ import annotations

import datetime
import decimal
import io

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st
from io_options import reader, writer

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.parquet import (
    ChunkedParquetReader,
    ChunkedParquetWriterOptions,
    ParquetChunkedWriter,
    ParquetReaderOptions,
    ParquetWriterOptions,
    TableInputMetadata,
    read_parquet,
    write_parquet,
)
from ferrodf.plc.io.types import CompressionType, StatisticsFreq

UTC = datetime.UTC

ALL_TYPES = pa.table(
    {
        "i8": pa.array([1, None, -3], pa.int8()),
        "i32": pa.array([1, 2, None], pa.int32()),
        "i64": pa.array([None, 2**40, -1], pa.int64()),
        "u16": pa.array([1, None, 65535], pa.uint16()),
        "u64": pa.array([2**63, None, 0], pa.uint64()),
        "f32": pa.array([1.5, None, float("nan")], pa.float32()),
        "f64": pa.array([None, -2.5, 1e300], pa.float64()),
        "b": pa.array([True, False, None]),
        "s": pa.array(["a", None, "ünïcode"]),
        "d": pa.array([datetime.date(2020, 1, 1), None, datetime.date(1969, 12, 31)]),
        "ts": pa.array([datetime.datetime(2020, 1, 1, 12), None, datetime.datetime(1970, 1, 1)]),
        "ts_ms": pa.array([1, None, 3], pa.timestamp("ms")),
        "dur": pa.array([1, None, -5], pa.duration("us")),
        "dec": pa.array(
            [decimal.Decimal("1.25"), None, decimal.Decimal("-3.50")], pa.decimal128(9, 2)
        ),
        "l": pa.array([[1, None], None, []], pa.list_(pa.int64())),
        "ls": pa.array([["x"], [None, "y"], None], pa.list_(pa.string())),
        "st": pa.array(
            [{"x": 1, "y": "a"}, None, {"x": None, "y": "c"}],
            pa.struct([("x", pa.int32()), ("y", pa.string())]),
        ),
        "ll": pa.array([[[1], []], None, [[2, 3]]], pa.list_(pa.list_(pa.int16()))),
    }
)


def to_bytes(table, **kw):
    buf = io.BytesIO()
    pq.write_table(table, buf, **kw)
    return buf.getvalue()


read = reader(ParquetReaderOptions, read_parquet)
write = writer(ParquetWriterOptions, write_parquet)


def test_every_dtype_with_nulls_and_nesting_matches_pyarrow():
    data = to_bytes(ALL_TYPES)
    t = read(data)
    assert t.column_names() == ALL_TYPES.column_names
    assert t.column_names(include_children=True)[16] == ("st", [("x", []), ("y", [])])
    got = t.to_arrow()
    expected = pq.read_table(io.BytesIO(data))
    for name in expected.column_names:
        g, e = got.column(name), expected.column(name)
        if pa.types.is_list(e.type) or pa.types.is_decimal(e.type):
            # List item names follow the file ("element") and decimals come back with
            # the widest precision of their width: compare values.
            assert g.to_pylist() == e.to_pylist(), name
        elif name == "f32":
            assert pc.is_nan(g).to_pylist() == [False, None, True]
            assert g.slice(0, 2).equals(e.slice(0, 2))
        else:
            assert g.equals(e), name


def test_timestamps_with_time_zones_read_as_utc_values():
    ts = pa.array(
        [datetime.datetime(2020, 1, 1, 12, tzinfo=UTC), None], pa.timestamp("us", tz="Europe/Paris")
    )
    data = to_bytes(pa.table({"t": ts}))
    got = read(data).to_arrow().column("t")
    assert got.type == pa.timestamp("us")
    assert got.to_pylist() == [datetime.datetime(2020, 1, 1, 12), None]
    assert pc.equal(got.cast(pa.int64()), ts.cast(pa.int64())).to_pylist()[0]


def test_pandas_written_file(tmp_path):
    p = tmp_path / "pd.parquet"
    pdf = pd.DataFrame({"a": [1.0, None, 3.0], "s": ["x", None, "z"]})
    pdf.to_parquet(p)
    got = read(str(p)).to_arrow()
    assert got.column("a").to_pylist() == [1.0, None, 3.0]
    assert got.column("s").to_pylist() == ["x", None, "z"]


def test_column_selection_keeps_requested_order():
    data = to_bytes(ALL_TYPES)
    got = read(data, columns=["s", "i8", "st"]).to_arrow()
    assert got.column_names == ["s", "i8", "st"]
    assert got.column("st").equals(pq.read_table(io.BytesIO(data), columns=["st"]).column("st"))


def _select(data: bytes, configure) -> pa.Table:
    builder = ParquetReaderOptions.builder(SourceInfo([io.BytesIO(data)]))
    return read_parquet(configure(builder).build()).to_arrow()


def test_column_names_and_indices_match_pyarrow():
    data = to_bytes(ALL_TYPES)
    names = ALL_TYPES.column_names
    by_name = _select(data, lambda b: b.column_names(["s", "i8"]))
    assert by_name.equals(pq.read_table(io.BytesIO(data), columns=["s", "i8"]).select(["s", "i8"]))
    by_index = _select(data, lambda b: b.column_indices([3, 0, -1]))
    assert by_index.column_names == [names[3], names[0], names[-1]]
    expected = pq.read_table(io.BytesIO(data)).select([names[3], names[0], names[-1]])
    assert by_index.equals(expected)


def test_missing_and_case_insensitive_names():
    data = to_bytes(pa.table({"Alpha": [1, 2], "beta": ["x", None]}))
    assert _select(data, lambda b: b.column_names(["beta", "nope"])).column_names == ["beta"]
    with pytest.raises(KeyError, match="no column named 'nope'"):
        _select(data, lambda b: b.column_names(["nope"]).ignore_missing_columns(False))
    assert _select(data, lambda b: b.column_names(["alpha"])).column_names == []
    folded = _select(data, lambda b: b.column_names(["alpha"]).case_sensitive_names(False))
    assert folded.column_names == ["Alpha"] and folded.column("Alpha").to_pylist() == [1, 2]
    options = ParquetReaderOptions.builder(SourceInfo([io.BytesIO(data)])).build()
    assert options.is_enabled_case_sensitive_names()
    with pytest.raises(IndexError, match="out of range: the file has 2 columns"):
        _select(data, lambda b: b.column_indices([2]))


def big_table(n=10_000):
    return pa.table(
        {
            "k": pa.array(range(n), pa.int64()),
            "v": pa.array([float(i % 97) for i in range(n)]),
            "s": pa.array([f"s{i % 13}" for i in range(n)]),
        }
    )


def test_row_groups_and_row_ranges():
    tbl = big_table()
    data = to_bytes(tbl, row_group_size=1000)
    got = read(data, row_groups=[[2, 5]]).to_arrow()
    pf = pq.ParquetFile(io.BytesIO(data))
    assert got.equals(pf.read_row_groups([2, 5]))
    got = read(data, skip_rows=1500, nrows=2000).to_arrow()
    assert got.equals(tbl.slice(1500, 2000))
    got = read(data, skip_rows=9990).to_arrow()
    assert got.column("k").to_pylist() == list(range(9990, 10000))
    assert read(data, nrows=0).tbl.num_rows() == 0


def test_filters_match_pyarrow_and_skip_row_groups():
    tbl = big_table()
    data = to_bytes(tbl, row_group_size=1000)
    for flt in (
        [("k", ">=", 8500)],
        [("k", "<", 10), ("v", "==", 5.0)],
        [[("k", "<", 3)], [("s", "==", "s12"), ("k", ">", 9900)]],
    ):
        got = read(data, filter=flt).to_arrow()
        exp = pq.read_table(io.BytesIO(data), filters=flt)
        assert got.equals(exp), flt
    # Statistics prune row groups: the progress total covers only the groups read.
    totals = {}
    for name, flt in (("all", None), ("pruned", [("k", ">=", 8500)])):
        seen = []
        b = ParquetReaderOptions.builder(SourceInfo([data])).progress(
            lambda d, t, seen=seen: seen.append(t)
        )
        if flt:
            b.filter(flt)
        read_parquet(b.build())
        totals[name] = seen[-1]
    assert totals["pruned"] < totals["all"] / 4


def _shapes_table(n):
    """Every shape the readers join in parallel: fixed-width values, strings, booleans,
    nulls, a nested column."""
    rng = np.random.default_rng(5)
    nulls = rng.random(n) < 0.1
    words = pa.array([f"w{i}é" * (i % 4) for i in range(300)])
    return pa.table(
        {
            "f": pa.array(rng.standard_normal(n), mask=nulls),
            "i": pa.array(rng.integers(-(2**62), 2**62, n)),
            "s": words.take(pa.array(rng.integers(0, 300, n))),
            "u": pa.array([f"u{i}" if i % 11 else None for i in range(n)]),
            "b": pa.array(rng.random(n) < 0.5, mask=~nulls),
            "t": pa.array(rng.integers(0, 2**50, n).astype("datetime64[us]")),
            "l": pa.array([[i, None] if i % 5 else None for i in range(n)], pa.list_(pa.int64())),
        }
    )


@pytest.mark.parametrize("dictionary", [True, False])
@pytest.mark.parametrize("compression", ["snappy", "zstd"])
def test_many_row_groups_and_columns_match_pyarrow(dictionary, compression):
    # Large enough for the parallel join (over 1 MB a column), several row groups of
    # uneven size: every column of every row group is decoded on its own.
    n = 300_000
    tbl = _shapes_table(n)
    data = to_bytes(tbl, row_group_size=70_001, use_dictionary=dictionary, compression=compression)
    assert read(data).to_arrow().equals(tbl)
    # Offsets inside row groups, a subset of columns, chosen row groups.
    assert read(data, skip_rows=12_345, nrows=200_000).to_arrow().equals(tbl.slice(12_345, 200_000))
    got = read(data, column_names=["u", "f", "b"]).to_arrow()
    assert got.equals(tbl.select(["u", "f", "b"]))
    pf = pq.ParquetFile(io.BytesIO(data))
    assert read(data, row_groups=[[4, 1]]).to_arrow().equals(pf.read_row_groups([4, 1]))
    assert read(data, nrows=0).to_arrow().num_rows == 0


def test_multiple_sources_concatenate(tmp_path):
    a, b = big_table(100), big_table(50)
    pa_, pb = tmp_path / "a.parquet", tmp_path / "b.parquet"
    pq.write_table(a, pa_)
    pq.write_table(b, pb)
    got = read(SourceInfo([str(pa_), pb])).to_arrow()
    assert got.equals(pa.concat_tables([a, b]))


@pytest.mark.parametrize(
    "ctype, name",
    [
        (CompressionType.SNAPPY, "SNAPPY"),
        (CompressionType.ZSTD, "ZSTD"),
        (CompressionType.LZ4, "LZ4"),
        (CompressionType.GZIP, "GZIP"),
        (CompressionType.NONE, "UNCOMPRESSED"),
    ],
)
def test_written_file_is_read_by_pyarrow_and_pandas(ctype, name, tmp_path):
    src = read(to_bytes(ALL_TYPES))
    data = write(src, compression=ctype)
    pf = pq.ParquetFile(io.BytesIO(data))
    assert pf.metadata.row_group(0).column(0).compression.startswith(name)
    back = pq.read_table(io.BytesIO(data))
    assert back.column_names == ALL_TYPES.column_names
    for n in ("i64", "u64", "f64", "s", "d", "ts", "st"):
        assert back.column(n).equals(ALL_TYPES.column(n)), n
    assert back.column("dec").to_pylist() == ALL_TYPES.column("dec").to_pylist()
    assert back.column("ll").to_pylist() == ALL_TYPES.column("ll").to_pylist()
    p = tmp_path / "x.parquet"
    p.write_bytes(data)
    pdf = pd.read_parquet(p)
    assert pdf["s"].isna().tolist() == [False, True, False]


def test_row_group_size_and_statistics():
    src = read(to_bytes(big_table()))
    data = write(src, row_group_size_rows=3000)
    md = pq.ParquetFile(io.BytesIO(data)).metadata
    assert md.num_rows == 10_000
    assert md.num_row_groups == 4
    assert md.row_group(0).column(0).statistics.max == 2999
    data = write(src, stats_level=StatisticsFreq.STATISTICS_NONE)
    assert not pq.ParquetFile(io.BytesIO(data)).metadata.row_group(0).column(0).is_stats_set


def test_table_input_metadata_names_columns():
    tbl = plc.Table.from_arrow(pa.table({"a": [1], "st": [{"x": 1}]}))
    md = TableInputMetadata(tbl)
    md.column_metadata[0].set_name("first")
    md.column_metadata[1].set_name("nested").child(0).set_name("inner")
    out = io.BytesIO()
    write_parquet(ParquetWriterOptions.builder(SinkInfo([out]), tbl).metadata(md).build())
    back = pq.read_table(io.BytesIO(out.getvalue()))
    assert back.schema.names == ["first", "nested"]
    assert back.schema.field("nested").type == pa.struct([("inner", pa.int64())])


def test_chunked_reader_bounds_chunks_and_covers_all_rows():
    tbl = big_table(20_000)
    data = to_bytes(tbl, row_group_size=5000)
    opts = ParquetReaderOptions.builder(SourceInfo([data])).build()
    r = ChunkedParquetReader(opts, chunk_read_limit=20_000)
    chunks = []
    while r.has_next():
        chunks.append(r.read_chunk().to_arrow())
    assert len(chunks) > 4
    assert max(c.num_rows for c in chunks) < 5000
    assert pa.concat_tables(chunks).equals(tbl)
    r = ChunkedParquetReader(opts)
    assert r.read_chunk().to_arrow().equals(tbl.slice(0, 5000))


def test_chunked_reader_with_filters_and_empty_result():
    data = to_bytes(big_table(), row_group_size=1000)
    opts = ParquetReaderOptions.builder(SourceInfo([data])).filter([("k", "<", 0)]).build()
    r = ChunkedParquetReader(opts, chunk_read_limit=1000)
    assert r.has_next()
    first = r.read_chunk()
    assert first.tbl.num_rows() == 0 and first.column_names() == ["k", "v", "s"]
    assert not r.has_next()


def test_chunked_writer(tmp_path):
    p = tmp_path / "chunked.parquet"
    opts = ChunkedParquetWriterOptions.builder(SinkInfo([str(p)])).metadata(["k", "v", "s"]).build()
    w = ParquetChunkedWriter.from_options(opts)
    a, b = big_table(100), big_table(70)
    w.write(plc.Table.from_arrow(a))
    w.write(plc.Table.from_arrow(b))
    w.close()
    back = pq.read_table(p)
    assert back.equals(pa.concat_tables([a, b]))
    assert pq.ParquetFile(p).metadata.num_row_groups == 2


def test_chunked_writer_rejects_other_columns():
    out = io.BytesIO()
    w = ParquetChunkedWriter.from_options(
        ChunkedParquetWriterOptions.builder(SinkInfo([out])).build()
    )
    w.write(plc.Table.from_arrow(pa.table({"a": [1]})))
    with pytest.raises(ValueError, match="differ"):
        w.write(plc.Table.from_arrow(pa.table({"a": ["x"]})))
    w.close()
    assert pq.read_table(io.BytesIO(out.getvalue())).num_rows == 1


@given(
    ints=st.lists(st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1)), max_size=50),
    nested=st.lists(
        st.one_of(st.none(), st.lists(st.one_of(st.none(), st.text(max_size=5)), max_size=4)),
        max_size=50,
    ),
)
def test_round_trip_property(ints, nested):
    n = min(len(ints), len(nested))
    src = pa.table(
        {"i": pa.array(ints[:n], pa.int64()), "n": pa.array(nested[:n], pa.list_(pa.string()))}
    )
    t = read(to_bytes(src))
    back = pq.read_table(io.BytesIO(write(t)))
    assert back.column("i").equals(src.column("i"))
    assert back.column("n").to_pylist() == src.column("n").to_pylist()
