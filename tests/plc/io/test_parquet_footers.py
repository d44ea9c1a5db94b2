"""plc.io.parquet_metadata.read_parquet_footers, the column-chunk metadata blobs of
write_parquet / ChunkedParquetWriter.close and merge_row_group_metadata, against
pyarrow.parquet reading the same footers (pq.read_metadata, FileMetaData.append_row_groups)."""

from __future__ import annotations

import io

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ferrodf.plc as plc
from ferrodf.plc.io import SinkInfo, SourceInfo
from ferrodf.plc.io.parquet import (
    ChunkedParquetWriter,
    ChunkedParquetWriterOptions,
    ParquetReaderOptions,
    ParquetWriterOptions,
    TableInputMetadata,
    merge_row_group_metadata,
    read_parquet,
    write_parquet,
)
from ferrodf.plc.io.parquet_metadata import FileMetaData, read_parquet_footers

TABLE = pa.table(
    {
        "a": pa.array([1, None, 3, 4, 5], pa.int64()),
        "s": pa.array(["x", "yy", None, "日本", ""]),
        "l": pa.array([[1], None, [], [2, 3], [None]], pa.list_(pa.int32())),
    }
)


def plc_table(t):
    return plc.Table([plc.Column.from_arrow(c.combine_chunks()) for c in t.columns])


def write_with_paths(table, path, **opts):
    """Write `table` with column_chunks_file_paths=[path]: the file's bytes and the blob."""
    out = io.BytesIO()
    b = ParquetWriterOptions.builder(SinkInfo([out]), plc_table(table))
    b.metadata(TableInputMetadata(plc_table(table)))
    options = b.build()
    for k, v in opts.items():
        getattr(options, f"set_{k}")(v)
    options.set_column_chunks_file_paths([path])
    blob = write_parquet(options)
    return out.getvalue(), bytes(blob)


def test_write_parquet_returns_a_blob_pyarrow_reads():
    data, blob = write_with_paths(TABLE, "dir/part.0.parquet", row_group_size_rows=2)
    assert blob[:4] == b"PAR1" and blob[-4:] == b"PAR1"
    want = pq.read_metadata(io.BytesIO(data))
    got = pq.read_metadata(io.BytesIO(blob))
    assert (got.num_rows, got.num_row_groups, got.num_columns) == (5, 3, want.num_columns)
    assert got.schema.equals(want.schema)
    for r in range(got.num_row_groups):
        assert got.row_group(r).num_rows == want.row_group(r).num_rows
        for c in range(got.num_columns):
            assert got.row_group(r).column(c).file_path == "dir/part.0.parquet"
            assert got.row_group(r).column(c).data_page_offset == (
                want.row_group(r).column(c).data_page_offset
            )
    # the data file itself is unchanged: pyarrow reads it
    assert pq.read_table(io.BytesIO(data)).column(0).to_pylist() == TABLE["a"].to_pylist()


def test_write_parquet_without_paths_returns_an_empty_memoryview():
    out = io.BytesIO()
    blob = write_parquet(ParquetWriterOptions.builder(SinkInfo([out]), plc_table(TABLE)).build())
    assert bytes(blob) == b""
    assert pq.read_metadata(io.BytesIO(out.getvalue())).num_rows == 5


def test_merge_row_group_metadata_matches_pyarrow_append_row_groups():
    parts = [TABLE, TABLE.slice(1, 3), TABLE.slice(0, 0)]
    blobs = [write_with_paths(t, f"part.{k}.parquet")[1] for k, t in enumerate(parts)]
    merged = bytes(merge_row_group_metadata([memoryview(b) for b in blobs]))
    want = pq.read_metadata(io.BytesIO(blobs[0]))
    for b in blobs[1:]:
        want.append_row_groups(pq.read_metadata(io.BytesIO(b)))
    got = pq.read_metadata(io.BytesIO(merged))
    assert (got.num_rows, got.num_row_groups) == (want.num_rows, want.num_row_groups)
    assert got.schema.equals(want.schema)
    for r in range(got.num_row_groups):
        g, w = got.row_group(r), want.row_group(r)
        assert (g.num_rows, g.total_byte_size) == (w.num_rows, w.total_byte_size)
        assert g.column(0).file_path == w.column(0).file_path
    footer = FileMetaData._from_blob(merged)
    assert footer.num_rows == 5 + 3
    assert footer.file_paths == [want.row_group(r).column(0).file_path for r in range(2)]


def test_chunked_writer_close_returns_the_blob():
    out = io.BytesIO()
    w = ChunkedParquetWriter.from_options(
        ChunkedParquetWriterOptions.builder(SinkInfo([out])).build()
    )
    w.write(plc_table(TABLE))
    w.write(plc_table(TABLE.slice(2)))
    blob = bytes(w.close(["x.parquet"]))
    md = pq.read_metadata(io.BytesIO(blob))
    assert (md.num_rows, md.num_row_groups) == (8, 2)
    assert md.row_group(1).column(2).file_path == "x.parquet"
    assert pq.read_table(io.BytesIO(out.getvalue())).num_rows == 8


def test_read_parquet_footers_vs_pyarrow(tmp_path):
    one = io.BytesIO()
    pq.write_table(TABLE, one, row_group_size=2)
    two = tmp_path / "two.parquet"
    t2 = TABLE.replace_schema_metadata({"k": "v", "empty": ""})
    pq.write_table(t2, two)
    footers = read_parquet_footers(SourceInfo([one.getvalue(), str(two)]))
    assert len(footers) == 2
    for f, src in zip(footers, [io.BytesIO(one.getvalue()), str(two)], strict=True):
        want = pq.read_metadata(src)
        assert (f.num_rows, f.num_row_groups) == (want.num_rows, want.num_row_groups)
        assert f.created_by == want.created_by
        assert f.version in (1, 2)
        kv = {k.decode(): v.decode() for k, v in (want.metadata or {}).items()}
        assert f.key_value_metadata == kv
        assert pq.read_metadata(io.BytesIO(f.to_bytes())).num_rows == want.num_rows
    assert "num_rows=5" in repr(footers[0])


def test_read_parquet_takes_the_footers():
    data = io.BytesIO()
    pq.write_table(TABLE, data)
    src = SourceInfo([data.getvalue()])
    options = ParquetReaderOptions.builder(src).build()
    footers = read_parquet_footers(src)
    got = read_parquet(options, parquet_metadatas=footers).tbl
    want = read_parquet(options).tbl
    assert [c.to_arrow() for c in got.columns()] == [c.to_arrow() for c in want.columns()]
    with pytest.raises(ValueError, match="2 footers for 1 sources"):
        read_parquet(options, parquet_metadatas=footers * 2)


def test_errors():
    with pytest.raises(ValueError, match="empty"):
        merge_row_group_metadata([])
    with pytest.raises(ValueError, match="not a Parquet"):
        merge_row_group_metadata([b"garbage bytes here"])
    a = write_with_paths(TABLE, "a")[1]
    b = write_with_paths(TABLE.select(["a"]), "b")[1]
    with pytest.raises(ValueError, match="another schema"):
        merge_row_group_metadata([a, b])
    with pytest.raises(ValueError, match="not a Parquet"):
        read_parquet_footers(SourceInfo([b"PAR1 definitely not parquet PAR1"]))
    with pytest.raises(ValueError, match="made by read_parquet_footers"):
        FileMetaData()
    out = io.BytesIO()
    options = ParquetWriterOptions.builder(SinkInfo([out]), plc_table(TABLE)).build()
    options.set_column_chunks_file_paths(["a", "b"])
    with pytest.raises(ValueError, match="one path"):
        write_parquet(options)
