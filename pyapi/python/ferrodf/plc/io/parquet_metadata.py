"""pylibcudf's ``io.parquet_metadata``: what a Parquet dataset holds, from its footers.

Only the footers are read (on the host, by the ``parquet`` crate); no column data is
decoded. The schema and the key-value metadata are the first source's; the counts and
the row-group and column-chunk lists cover every source in order.
"""

from __future__ import annotations

from typing import Any

from ferrodf._lib import DataType
from ferrodf._lib.io import parquet_footer_info as io_parquet_footer_info
from ferrodf._lib.io import read_parquet_footers as io_read_parquet_footers
from ferrodf._lib.io import read_parquet_metadata as io_read_parquet_metadata
from ferrodf.plc.io.types import SourceInfo


class ParquetColumnSchema:
    """One node of a Parquet schema (the root, a group or a leaf) and its children."""

    def __init__(self) -> None:
        raise ValueError("ParquetColumnSchema is made by read_parquet_metadata")

    @staticmethod
    def _from_tree(tree: tuple[str, DataType, list[Any]]) -> ParquetColumnSchema:
        s = ParquetColumnSchema.__new__(ParquetColumnSchema)
        s._name, s._type, kids = tree
        s._children = [ParquetColumnSchema._from_tree(k) for k in kids]
        return s

    def name(self) -> str:
        """The node's name (the root's is the file's schema name)."""
        return self._name

    def num_children(self) -> int:
        """The number of child nodes."""
        return len(self._children)

    def child(self, idx: int) -> ParquetColumnSchema:
        """Child ``idx`` (``IndexError`` when there is none)."""
        if not -len(self._children) <= idx < len(self._children):
            raise IndexError(f"child {idx} out of range: the node has {len(self._children)}")
        return self._children[idx]

    def children(self) -> list[ParquetColumnSchema]:
        """All child nodes, in schema order."""
        return list(self._children)

    def cudf_type(self) -> DataType:
        """The type the node reads as (STRUCT for groups, LIST for list and map groups)."""
        return self._type

    def __repr__(self) -> str:
        return f"ParquetColumnSchema({self._name!r}, {self.num_children()} children)"


class ParquetSchema:
    """The schema of a Parquet file: its root node."""

    def __init__(self) -> None:
        raise ValueError("ParquetSchema is made by read_parquet_metadata")

    @staticmethod
    def _from_root(root: ParquetColumnSchema) -> ParquetSchema:
        s = ParquetSchema.__new__(ParquetSchema)
        s._root = root
        return s

    def root(self) -> ParquetColumnSchema:
        """The root node; its children are the top-level columns."""
        return self._root

    def column_types(self) -> dict[str, DataType]:
        """``{top-level column name: DataType}``."""
        return {c.name(): c.cudf_type() for c in self._root.children()}


class ParquetMetadata:
    """The footers' content (libcudf's ``parquet_metadata``)."""

    def __init__(self) -> None:
        raise ValueError("ParquetMetadata is made by read_parquet_metadata")

    @staticmethod
    def _from_dict(d: dict[str, Any]) -> ParquetMetadata:
        m = ParquetMetadata.__new__(ParquetMetadata)
        m._d = d
        m._schema = ParquetSchema._from_root(ParquetColumnSchema._from_tree(d["schema"]))
        return m

    def schema(self) -> ParquetSchema:
        """The first source's schema."""
        return self._schema

    def num_rows(self) -> int:
        """Rows over all sources."""
        return int(self._d["num_rows"])

    def num_rowgroups(self) -> int:
        """Row groups over all sources."""
        return int(self._d["num_rowgroups"])

    def num_rowgroups_per_file(self) -> list[int]:
        """Row groups of each source."""
        return list(self._d["num_rowgroups_per_file"])

    def metadata(self) -> dict[str, str]:
        """The first source's footer key-value metadata."""
        return dict(self._d["metadata"])

    def rowgroup_metadata(self) -> list[dict[str, int]]:
        """``{"num_rows": ..., "total_byte_size": ...}`` of every row group."""
        return [dict(rg) for rg in self._d["rowgroup_metadata"]]

    def columnchunk_metadata(self) -> dict[str, list[int]]:
        """``{leaf column's dotted path: [total_uncompressed_size of each chunk]}``."""
        return {k: list(v) for k, v in self._d["columnchunk_metadata"]}


class FileMetaData:
    """One source's decoded Parquet footer (libcudf's ``parquet::FileMetaData``), made by
    :func:`read_parquet_footers` and passed on to ``read_parquet(...,
    parquet_metadatas=...)``. Read-only views of it are given as properties."""

    def __init__(self) -> None:
        raise ValueError("FileMetaData is made by read_parquet_footers")

    @staticmethod
    def _from_dict(d: dict[str, Any]) -> FileMetaData:
        m = FileMetaData.__new__(FileMetaData)
        m._d = d
        return m

    @staticmethod
    def _from_blob(blob: bytes) -> FileMetaData:
        """The footer held in a Parquet file or metadata blob."""
        return FileMetaData._from_dict(io_parquet_footer_info(bytes(blob)))

    @property
    def num_rows(self) -> int:
        """Rows in the file."""
        return self._d["num_rows"]

    @property
    def num_row_groups(self) -> int:
        """Row groups in the file."""
        return self._d["num_row_groups"]

    @property
    def version(self) -> int:
        """The format version the footer declares."""
        return self._d["version"]

    @property
    def created_by(self) -> str | None:
        """The writer that made the file, when the footer says."""
        return self._d["created_by"]

    @property
    def key_value_metadata(self) -> dict[str, str]:
        """The footer's key-value metadata."""
        return dict(self._d["key_value_metadata"])

    @property
    def file_paths(self) -> list[str]:
        """Each row group's column-chunk ``file_path`` ("" where unset)."""
        return list(self._d["file_paths"])

    def to_bytes(self) -> bytes:
        """The footer as a metadata-only Parquet file."""
        return self._d["blob"]

    def __repr__(self) -> str:
        return f"FileMetaData(num_rows={self.num_rows}, num_row_groups={self.num_row_groups})"


def read_parquet_footers(src_info: SourceInfo) -> list[FileMetaData]:
    """The footer of each of ``src_info``'s sources, in order (without the GIL)."""
    return [FileMetaData._from_dict(d) for d in io_read_parquet_footers(src_info._sources)]


def read_parquet_metadata(src_info: SourceInfo) -> ParquetMetadata:
    """Read the footers of ``src_info``'s sources (without the GIL)."""
    return ParquetMetadata._from_dict(io_read_parquet_metadata(src_info._sources))


__all__ = [
    "FileMetaData",
    "ParquetColumnSchema",
    "ParquetMetadata",
    "ParquetSchema",
    "read_parquet_footers",
    "read_parquet_metadata",
]
