"""plc.io.parquet_metadata and the Parquet compression predicates against pyarrow's
reading of the same footers."""

from __future__ import annotations

import io

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ferrodf.plc as plc
from ferrodf.plc.io import SourceInfo
from ferrodf.plc.io.parquet import is_supported_read_parquet, is_supported_write_parquet
from ferrodf.plc.io.parquet_metadata import (
    ParquetColumnSchema,
    ParquetMetadata,
    read_parquet_metadata,
)
from ferrodf.plc.io.types import CompressionType

TABLE = pa.table(
    {
        "i": pa.array([1, None, 3, 4, 5], pa.int32()),
        "s": pa.array(["a", None, "c", "d", ""]),
        "l": pa.array([[1, None], None, [], [2], [3, 4]], pa.list_(pa.int64())),
        "st": pa.array(
            [{"x": 1.5, "y": "a"}, None, {"x": None, "y": "c"}, {"x": 2.0, "y": None}, None],
            pa.struct([("x", pa.float64()), ("y", pa.string())]),
        ),
    }
)


def to_bytes(table, **kw):
    buf = io.BytesIO()
    pq.write_table(table, buf, **kw)
    return buf.getvalue()


def paths_of(schema_node, prefix=()):
    """Dotted paths of the leaves under a ParquetColumnSchema node."""
    if schema_node.num_children() == 0:
        return [".".join((*prefix, schema_node.name()))]
    out = []
    for c in schema_node.children():
        out += paths_of(c, (*prefix, schema_node.name()))
    return out


@pytest.mark.parametrize("row_group_size", [1, 2, 5])
def test_counts_and_sizes_match_pyarrow(row_group_size):
    data = to_bytes(TABLE, row_group_size=row_group_size)
    md = read_parquet_metadata(SourceInfo([data]))
    exp = pq.ParquetFile(io.BytesIO(data)).metadata
    assert md.num_rows() == exp.num_rows
    assert md.num_rowgroups() == exp.num_row_groups
    assert md.num_rowgroups_per_file() == [exp.num_row_groups]
    assert md.rowgroup_metadata() == [
        {"num_rows": exp.row_group(i).num_rows, "total_byte_size": exp.row_group(i).total_byte_size}
        for i in range(exp.num_row_groups)
    ]
    chunks = md.columnchunk_metadata()
    expected = {}
    for i in range(exp.num_row_groups):
        rg = exp.row_group(i)
        for j in range(rg.num_columns):
            c = rg.column(j)
            expected.setdefault(c.path_in_schema, []).append(c.total_uncompressed_size)
    assert chunks == expected


def test_key_value_metadata_matches_pyarrow():
    tbl = TABLE.replace_schema_metadata({"owner": "ferrodf", "empty": ""})
    data = to_bytes(tbl)
    md = read_parquet_metadata(SourceInfo([data]))
    exp = pq.ParquetFile(io.BytesIO(data)).metadata.metadata
    assert md.metadata() == {k.decode(): v.decode() for k, v in exp.items()}
    assert md.metadata()["owner"] == "ferrodf"


def test_schema_tree_matches_pyarrow():
    data = to_bytes(TABLE)
    md = read_parquet_metadata(SourceInfo([data]))
    pf = pq.ParquetFile(io.BytesIO(data))
    root = md.schema().root()
    assert isinstance(root, ParquetColumnSchema)
    # pyarrow prints the root group's name on the line that opens the schema.
    root_line = str(pf.schema).splitlines()[1]
    assert root_line.split()[-2] == root.name() == "schema"
    assert [c.name() for c in root.children()] == TABLE.column_names
    assert root.num_children() == len(TABLE.column_names)
    # Leaves, by their dotted paths below the root, are pyarrow's column paths.
    leaves = []
    for c in root.children():
        leaves += paths_of(c)
    assert leaves == [pf.schema.column(i).path for i in range(len(pf.schema))]
    assert root.child(-1).name() == "st"
    assert [c.name() for c in root.child(3).children()] == ["x", "y"]
    with pytest.raises(IndexError, match="out of range"):
        root.child(4)


def test_column_types_match_the_reader():
    data = to_bytes(TABLE)
    md = read_parquet_metadata(SourceInfo([data]))
    types = md.schema().column_types()
    expected = {n: plc.DataType.from_arrow(TABLE.schema.field(n).type) for n in TABLE.column_names}
    assert {k: v.id() for k, v in types.items()} == {k: v.id() for k, v in expected.items()}
    st = md.schema().root().child(3)
    assert st.child(0).cudf_type().id() == plc.TypeId.FLOAT64
    assert st.child(1).cudf_type().id() == plc.TypeId.STRING


def test_several_sources_add_up(tmp_path):
    a = to_bytes(TABLE, row_group_size=2)
    p = tmp_path / "b.parquet"
    pq.write_table(TABLE.slice(1, 3), p, row_group_size=1)
    md = read_parquet_metadata(SourceInfo([a, str(p)]))
    ea = pq.ParquetFile(io.BytesIO(a)).metadata
    eb = pq.ParquetFile(p).metadata
    assert md.num_rows() == ea.num_rows + eb.num_rows
    assert md.num_rowgroups_per_file() == [ea.num_row_groups, eb.num_row_groups]
    assert md.num_rowgroups() == ea.num_row_groups + eb.num_row_groups
    assert len(md.rowgroup_metadata()) == md.num_rowgroups()
    assert all(len(v) == md.num_rowgroups() for v in md.columnchunk_metadata().values())


def test_empty_table_has_no_rows():
    data = to_bytes(TABLE.slice(0, 0))
    md = read_parquet_metadata(SourceInfo([data]))
    exp = pq.ParquetFile(io.BytesIO(data)).metadata
    assert md.num_rows() == 0
    assert md.num_rowgroups() == exp.num_row_groups
    assert [c.name() for c in md.schema().root().children()] == TABLE.column_names


def test_bad_inputs():
    data = to_bytes(TABLE)
    for bad in (data[: len(data) - 5], data[:4], b"", b"PAR1 not really"):
        with pytest.raises(ValueError, match="Parquet"):
            read_parquet_metadata(SourceInfo([bad]))
    with pytest.raises(FileNotFoundError, match="nope"):
        read_parquet_metadata(SourceInfo(["/nonexistent/nope.parquet"]))
    other = to_bytes(pa.table({"zz": [1]}))
    with pytest.raises(ValueError, match="same columns"):
        read_parquet_metadata(SourceInfo([data, other]))
    with pytest.raises(ValueError, match="read_parquet_metadata"):
        ParquetMetadata()


READ_OK = {"NONE", "AUTO", "SNAPPY", "GZIP", "BROTLI", "LZ4", "ZSTD"}


@pytest.mark.parametrize("c", list(CompressionType), ids=lambda c: c.name)
def test_supported_compressions(c):
    assert is_supported_read_parquet(c) == (c.name in READ_OK)
    assert is_supported_write_parquet(c) == (c.name in READ_OK)
